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

namespace detail {

// Indexed by a PieceType: its White letter.
inline constexpr std::array<char, 9> kLetterByType = {'\0', 'P', 'N', 'B', 'R',
                                                     'Q',  'K', 'A', 'C'};

// Indexed by the low five bits of a piece letter, which are the same for both cases: its type.
consteval std::array<PieceType, 32> make_type_table() noexcept {
  std::array<PieceType, 32> table{};
  for (std::size_t type = 1; type < kLetterByType.size(); ++type)
    table[static_cast<unsigned char>(kLetterByType[type]) & 0x1fu] = static_cast<PieceType>(type);
  return table;
}
inline constexpr std::array<PieceType, 32> kTypeByLetter = make_type_table();

// Upper case in ASCII, lower case with this bit set.
inline constexpr std::uint8_t kLowerCaseBit = 0x20;

}  // namespace detail

// A piece is stored as its X-FEN letter, and an empty square as 0: reading a board is then
// copying its letters and writing one copying them back, with no translation either way.
class Piece {
 public:
  constexpr Piece() noexcept = default;
  constexpr Piece(PieceType type, Color color) noexcept
      : code_(static_cast<std::uint8_t>(
            detail::kLetterByType[static_cast<std::size_t>(type)] |
            (type != PieceType::none && color == Color::black ? detail::kLowerCaseBit : 0))) {}

  constexpr PieceType type() const noexcept { return detail::kTypeByLetter[code_ & 0x1fu]; }
  constexpr Color color() const noexcept {
    return (code_ & detail::kLowerCaseBit) != 0 ? Color::black : Color::white;
  }
  constexpr bool empty() const noexcept { return code_ == 0; }
  constexpr bool is(PieceType type, Color color) const noexcept {
    return *this == Piece(type, color);
  }

  // The X-FEN letter: upper case for White, lower case for Black; '\0' for an empty square.
  constexpr char letter() const noexcept { return static_cast<char>(code_); }

  // The piece a letter stands for; an empty piece when the letter is not one of KQRBNPAC/kqrbnpac.
  static constexpr Piece from_letter(char letter) noexcept;

  friend constexpr bool operator==(Piece, Piece) noexcept = default;

 private:
  std::uint8_t code_ = 0;
};

namespace detail {

consteval std::array<Piece, 256> make_letter_table() noexcept {
  std::array<Piece, 256> table{};
  for (std::size_t type = 1; type < kLetterByType.size(); ++type) {
    table[static_cast<unsigned char>(kLetterByType[type])] =
        Piece(static_cast<PieceType>(type), Color::white);
    table[static_cast<unsigned char>(kLetterByType[type]) | kLowerCaseBit] =
        Piece(static_cast<PieceType>(type), Color::black);
  }
  return table;
}

// A table lookup, not a search: this sits on the precise board reader's path.
inline constexpr std::array<Piece, 256> kPieceByLetter = make_letter_table();

}  // namespace detail

constexpr Piece Piece::from_letter(char letter) noexcept {
  return detail::kPieceByLetter[static_cast<unsigned char>(letter)];
}

}  // namespace xfen
