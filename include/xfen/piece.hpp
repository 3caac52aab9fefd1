// The eight piece kinds of X-FEN, one byte each.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xfen/geometry.hpp"

namespace xfen {

enum class PieceType : std::uint8_t {
  none = 0,
  pawn,
  knight,
  bishop,
  rook,
  queen,
  king,
  archbishop,  // knight + bishop, letter A
  chancellor,  // knight + rook, letter C
};

class Piece {
 public:
  constexpr Piece() noexcept = default;
  constexpr Piece(PieceType type, Color color) noexcept
      : code_(type == PieceType::none
                  ? std::uint8_t{0}
                  : static_cast<std::uint8_t>(static_cast<unsigned>(type) |
                                              (static_cast<unsigned>(color) << 4))) {}

  constexpr PieceType type() const noexcept { return static_cast<PieceType>(code_ & 0x0f); }
  constexpr Color color() const noexcept { return static_cast<Color>(code_ >> 4); }
  constexpr bool empty() const noexcept { return code_ == 0; }
  constexpr bool is(PieceType type, Color color) const noexcept {
    return *this == Piece(type, color);
  }

  // The X-FEN letter: upper case for White, lower case for Black; '\0' for an empty square.
  constexpr char letter() const noexcept;

  // The piece a letter stands for; an empty piece when the letter is not one of KQRBNPAC/kqrbnpac.
  // A table lookup: this sits on the parser's hot path.
  static constexpr Piece from_letter(char letter) noexcept;

  friend constexpr bool operator==(Piece, Piece) noexcept = default;

 private:
  std::uint8_t code_ = 0;
};

namespace detail {

consteval std::array<Piece, 256> make_letter_table() noexcept {
  std::array<Piece, 256> table{};
  constexpr std::string_view kLetters = "PNBRQKAC";
  constexpr std::array kTypes = {PieceType::pawn,  PieceType::knight, PieceType::bishop,
                                 PieceType::rook,  PieceType::queen,  PieceType::king,
                                 PieceType::archbishop, PieceType::chancellor};
  for (std::size_t i = 0; i < kLetters.size(); ++i) {
    const auto upper = static_cast<unsigned char>(kLetters[i]);
    table[upper] = Piece(kTypes[i], Color::white);
    table[upper - std::size_t{'A'} + std::size_t{'a'}] = Piece(kTypes[i], Color::black);
  }
  return table;
}

inline constexpr std::array<Piece, 256> kPieceByLetter = make_letter_table();

// Indexed by a piece's one-byte code: bits 0-3 the type, bit 4 the colour. An array, not a
// std::string_view: string_view's (pointer, length) constructor has g++ check the iterator
// concepts of its range constructor, a twentieth of what <xfen/xfen.hpp> costs a compile.
inline constexpr std::array<char, 32> kLetterByCode = {
    '\0', 'P', 'N', 'B', 'R', 'Q', 'K', 'A', 'C', '\0', '\0', '\0', '\0', '\0', '\0', '\0',
    '\0', 'p', 'n', 'b', 'r', 'q', 'k', 'a', 'c', '\0', '\0', '\0', '\0', '\0', '\0', '\0'};

}  // namespace detail

constexpr char Piece::letter() const noexcept { return detail::kLetterByCode[code_ & 0x1f]; }

constexpr Piece Piece::from_letter(char letter) noexcept {
  return detail::kPieceByLetter[static_cast<unsigned char>(letter)];
}

}  // namespace xfen
