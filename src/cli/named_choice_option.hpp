// An option whose value is one of a few documented names, each standing for an enumerator:
// `--castling shredder`. CLI11's CheckedTransformer over a map to an enumeration also accepts the
// enumerators' numbers (`--ep 1`) and prints them, as raw bytes, in help and errors.
#pragma once

#include <CLI/CLI.hpp>
#include <span>
#include <string>
#include <string_view>

namespace xfen::cli {

template <typename Value>
struct NamedChoice {
  std::string_view name;
  Value value;
};

// Adds `option` to `command`, setting `target` to the value of the name given; the first choice
// is the default. Any other text is refused with "OPTION: 'TEXT' is not one of A, B, C".
// `choices` must outlive the command (a static table).
template <typename Value>
CLI::Option* add_named_choice_option(CLI::App& command, const std::string& option,
                                     Value& target,
                                     std::span<const NamedChoice<Value>> choices,
                                     const std::string& help) {
  std::string names;  // "a, b, c"
  for (const NamedChoice<Value>& choice : choices)
    (names += names.empty() ? "" : ", ") += choice.name;

  const auto find = [choices](std::string_view name) -> const NamedChoice<Value>* {
    for (const NamedChoice<Value>& choice : choices)
      if (choice.name == name) return &choice;
    return nullptr;
  };
  const CLI::Validator is_a_name(
      [find, names](std::string& text) {
        return find(text) != nullptr ? std::string() : "'" + text + "' is not one of " + names;
      },
      "one of " + names);
  return command
      .add_option_function<std::string>(
          option, [find, &target](const std::string& text) { target = find(text)->value; }, help)
      ->check(is_a_name)
      ->type_name("NAME")
      ->default_str(std::string(choices.front().name));
}

}  // namespace xfen::cli
