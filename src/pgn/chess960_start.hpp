// Which Chess960 start position a board is, by Scharnagl's numbering (0..959; 518 is the standard
// array): lint uses it to say that a game without a Variant tag starts from a Chess960 array.
#pragma once

#include <optional>
#include <xfen/position_value.hpp>

namespace xfen::pgn {

inline constexpr int kStandardStartNumber = 518;

// The number of the start array on the board, when the board is a Chess960 start: 8 files, White's
// back rank two bishops on squares of opposite colours, a king between two rooks, a queen and two
// knights; the pawns on ranks 2 and 7; Black's pieces mirroring White's. Only the board is looked
// at: side to move, castling rights and counters are not.
std::optional<int> chess960_start_number(const xfen::Position& position) noexcept;

}  // namespace xfen::pgn
