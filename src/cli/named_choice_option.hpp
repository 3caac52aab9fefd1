// An option whose value is one of a few documented names, each standing for an enumerator:
// `--castling shredder`. CLI11's CheckedTransformer over a map to an enumeration also accepts the
// enumerators' numbers (`--ep 1`) and prints them, as raw bytes, in help and errors.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace xfen::cli {

// Adds `option` to `command`, setting `target` to the value `from_name` gives for the name given
// (the library's style names: xfen/style_names.hpp); the first name is the default. Any other
// text is refused with "OPTION: 'TEXT' is not one of A, B, C".
template <typename Value>
CLI::Option* add_named_choice_option(CLI::App& command, const std::string& option, Value& target,
                                     std::span<const std::string_view> names,
                                     std::optional<Value> (*from_name)(std::string_view) noexcept,
                                     const std::string& help) {
  std::string listed;  // "a, b, c"
  for (const std::string_view name : names) (listed += listed.empty() ? "" : ", ") += name;

  const CLI::Validator is_a_name(
      [from_name, listed](std::string& text) {
        return from_name(text) ? std::string() : "'" + text + "' is not one of " + listed;
      },
      "one of " + listed);
  return command
      .add_option_function<std::string>(
          option, [from_name, &target](const std::string& text) { target = *from_name(text); },
          help)
      ->check(is_a_name)
      ->type_name("NAME")
      ->default_str(std::string(names.front()));
}

}  // namespace xfen::cli
