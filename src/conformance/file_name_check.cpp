#include "conformance/file_name_check.hpp"

#include <algorithm>

namespace xfen::conformance {
namespace {

constexpr bool is_letter_or_digit(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

}  // namespace

std::string file_name_refusal(std::string_view name) {
  if (name.size() > kMaxFileNameStem)
    return "is " + std::to_string(name.size()) + " bytes long, more than " +
           std::to_string(kMaxFileNameStem);
  const bool shaped = !name.empty() && is_letter_or_digit(name.front()) &&
                      std::all_of(name.begin(), name.end(), [](char c) {
                        return is_letter_or_digit(c) || c == '.' || c == '-';
                      });
  if (!shaped) return "does not match ^[A-Za-z0-9][A-Za-z0-9.-]*$";
  if (name.find("..") != std::string_view::npos) return "holds \"..\"";
  return {};
}

std::string case_folded(std::string_view name) {
  std::string folded(name);
  for (char& c : folded)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return folded;
}

}  // namespace xfen::conformance
