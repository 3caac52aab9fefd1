// What every fuzz target shares: turning the fuzzer's bytes into text, and reporting a broken law
// so that a person can act on it (the law, the input, both outputs), before the process aborts and
// the sanitizer or libFuzzer prints the stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "../testing/escaped_bytes.hpp"
#include "xfen/xfen.hpp"

namespace xfen::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) noexcept {
  return {reinterpret_cast<const char*>(data), size};
}

using testing::escaped;

// Prints the broken law, the input and what was expected against what happened, then aborts.
[[noreturn]] inline void law_broken(std::string_view target, std::string_view law,
                                    std::string_view input, std::string_view expected,
                                    std::string_view actual) {
  std::fprintf(stderr,
               "\n=== xfen fuzz: law broken\n"
               "target:   %.*s\n"
               "law:      %.*s\n"
               "input:    \"%s\" (%zu bytes)\n"
               "expected: %s\n"
               "actual:   %s\n",
               static_cast<int>(target.size()), target.data(), static_cast<int>(law.size()),
               law.data(), escaped(input).c_str(), input.size(), escaped(expected).c_str(),
               escaped(actual).c_str());
  std::fflush(stderr);
  std::abort();
}

// Every field of two positions is the same, the en passant square as read and the squares beyond
// the width included: stricter than operator==, which compares what X-FEN writes. The board is
// compared with one memcmp (Piece is one byte): element by element, every square would be a
// traced comparison.
inline bool same_fields(const Position& lhs, const Position& rhs) noexcept {
  static_assert(sizeof(Piece) == 1 && sizeof(lhs.board) == kMaxSquares);
  return std::memcmp(lhs.board.data(), rhs.board.data(), sizeof lhs.board) == 0 &&
         lhs.width == rhs.width && lhs.side_to_move == rhs.side_to_move &&
         lhs.castling == rhs.castling && lhs.en_passant == rhs.en_passant &&
         lhs.halfmove_clock == rhs.halfmove_clock && lhs.fullmove_number == rhs.fullmove_number;
}

// "code@offset: message" for a diagnostic found in `text`.
inline std::string describe(const Diagnostic& diagnostic, std::string_view text) {
  return std::string(code_name(diagnostic.code)) + "@" + std::to_string(diagnostic.offset) +
         ": " + message(diagnostic, text);
}

inline constexpr CastlingStyle kCastlingStyles[] = {CastlingStyle::xfen, CastlingStyle::shredder,
                                                    CastlingStyle::classic};
inline constexpr EnPassantStyle kEnPassantStyles[] = {EnPassantStyle::xfen, EnPassantStyle::always,
                                                      EnPassantStyle::legal};

inline std::string style_name(const WriteOptions& options) {
  return "castling=" + std::string(xfen::style_name(options.castling)) +
         " ep=" + std::string(xfen::style_name(options.en_passant));
}

}  // namespace xfen::fuzz
