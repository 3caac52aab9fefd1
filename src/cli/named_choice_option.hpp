// An option whose value is one of a few documented names, each standing for an enumerator:
// `--castling shredder`. CLI11's CheckedTransformer over a map to an enumeration also accepts the
// enumerators' numbers (`--ep 1`) and prints them, as raw bytes, in help and errors.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xfen::cli {

// Refuses any text that is not one of `names` with "'TEXT' is not one of A, B, C".
template <typename Value>
CLI::Validator named_choice_validator(
    std::span<const std::string_view> names,
    std::optional<Value> (*from_name)(std::string_view) noexcept) {
  std::string listed;  // "a, b, c"
  for (const std::string_view name : names) (listed += listed.empty() ? "" : ", ") += name;
  return CLI::Validator(
      [from_name, listed](std::string& text) {
        return from_name(text) ? std::string() : "'" + text + "' is not one of " + listed;
      },
      "one of " + listed);
}

// Adds `option` to `command`, setting `target` to the value `from_name` gives for the name given
// (the library's style names: xfen/style_names.hpp); the first name is the default. Any other
// text is refused with "OPTION: 'TEXT' is not one of A, B, C".
template <typename Value>
CLI::Option* add_named_choice_option(CLI::App& command, const std::string& option, Value& target,
                                     std::span<const std::string_view> names,
                                     std::optional<Value> (*from_name)(std::string_view) noexcept,
                                     const std::string& help) {
  return command
      .add_option_function<std::string>(
          option, [from_name, &target](const std::string& text) { target = *from_name(text); },
          help)
      ->check(named_choice_validator(names, from_name))
      ->type_name("NAME")
      ->default_str(std::string(names.front()));
}

// The same for an option that may be given many times, one name each time (`--class valid
// --class dialect`); every value given is appended to `targets`.
template <typename Value>
CLI::Option* add_repeated_named_choice_option(
    CLI::App& command, const std::string& option, std::vector<Value>& targets,
    std::span<const std::string_view> names,
    std::optional<Value> (*from_name)(std::string_view) noexcept, const std::string& help) {
  return command
      .add_option_function<std::vector<std::string>>(
          option,
          [from_name, &targets](const std::vector<std::string>& texts) {
            for (const std::string& text : texts) targets.push_back(*from_name(text));
          },
          help)
      ->check(named_choice_validator(names, from_name))
      ->type_name("NAME")
      ->allow_extra_args(false);
}

}  // namespace xfen::cli
