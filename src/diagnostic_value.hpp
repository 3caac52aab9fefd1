// Filling in Diagnostic::value, the text a sentence quotes when there is no record to point into.
#pragma once

#include <cstdint>
#include <string_view>

#include "xfen/diagnostic.hpp"

namespace xfen::detail {

inline void set_value(Diagnostic& diagnostic, std::string_view text) noexcept {
  diagnostic.value = {};
  for (std::size_t i = 0; i < text.size() && i + 1 < diagnostic.value.size(); ++i)
    diagnostic.value[i] = text[i];
}

inline void set_value(Diagnostic& diagnostic, std::uint32_t number) noexcept {
  char digits[10];
  std::size_t count = 0;
  do {
    digits[count++] = static_cast<char>('0' + number % 10);
    number /= 10;
  } while (number != 0);
  diagnostic.value = {};
  for (std::size_t i = 0; i < count; ++i) diagnostic.value[i] = digits[count - 1 - i];
}

// A square as a record spells it, also one off the board ("k3", "e9"): the point of the sentence.
inline void set_value(Diagnostic& diagnostic, Square square) noexcept {
  const char file = square.file >= 0 && square.file < 26 ? square.file_letter() : '?';
  const char rank = square.rank >= 0 && square.rank < 9 ? square.rank_digit() : '?';
  const char text[] = {file, rank};
  set_value(diagnostic, std::string_view(text, 2));
}

}  // namespace xfen::detail
