// The eight piece kinds of X-FEN, one byte each.
#pragma once

#include <cstdint>

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
  constexpr char letter() const noexcept {
    constexpr char kWhiteLetters[] = "\0PNBRQKAC";
    if (empty()) return '\0';
    const char upper = kWhiteLetters[code_ & 0x0f];
    return color() == Color::white ? upper : static_cast<char>(upper - 'A' + 'a');
  }

  // The piece a letter stands for; an empty piece when the letter is not one of KQRBNPAC/kqrbnpac.
  static constexpr Piece from_letter(char letter) noexcept {
    const bool black = letter >= 'a' && letter <= 'z';
    const Color color = black ? Color::black : Color::white;
    switch (black ? static_cast<char>(letter - 'a' + 'A') : letter) {
      case 'P': return Piece(PieceType::pawn, color);
      case 'N': return Piece(PieceType::knight, color);
      case 'B': return Piece(PieceType::bishop, color);
      case 'R': return Piece(PieceType::rook, color);
      case 'Q': return Piece(PieceType::queen, color);
      case 'K': return Piece(PieceType::king, color);
      case 'A': return Piece(PieceType::archbishop, color);
      case 'C': return Piece(PieceType::chancellor, color);
      default: return Piece();
    }
  }

  friend constexpr bool operator==(Piece, Piece) noexcept = default;

 private:
  std::uint8_t code_ = 0;
};

}  // namespace xfen
