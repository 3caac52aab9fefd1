// The start positions of standard chess, Chess960, Capablanca chess and Capablanca Random Chess,
// and the numbers that name the random ones (SPEC R14). Every start position has White to move,
// castling rights with both outer rooks for both colours (written KQkq), no en passant square, a
// halfmove clock of 0 and fullmove number 1.
#pragma once

#include <optional>

#include "xfen/position_value.hpp"
#include "xfen/export.hpp"

namespace xfen {

inline constexpr int kChess960Starts = 960;
inline constexpr int kStandardChess960Number = 518;  // RNBQKBNR
inline constexpr int kCapablancaRandomStarts = 48000;

// rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
[[nodiscard]] XFEN_EXPORT Position standard_start() noexcept;

// The Chess960 start position with Scharnagl's number, 0 to 959 (518 is the standard one);
// nothing for any other number.
[[nodiscard]] XFEN_EXPORT std::optional<Position> chess960_start(int number) noexcept;

// Scharnagl's number of the Chess960 start array on the board, when the board is one: 8 files,
// White's back rank two bishops on squares of opposite colours, a king between two rooks, a queen
// and two knights; the pawns on ranks 2 and 7; Black's pieces mirroring White's. Only the board is
// looked at: side to move, castling rights, en passant square and counters are not.
[[nodiscard]] XFEN_EXPORT std::optional<int> chess960_number(const Position& position) noexcept;

// rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1. Its queen and archbishop
// stand on squares of one colour, so it has no Capablanca Random number.
[[nodiscard]] XFEN_EXPORT Position capablanca_start() noexcept;

// The Capablanca Random Chess start position with a number 0 to 47999 in xfen's numbering of
// Scharnagl's arrangements (SPEC R14.2); nothing for any other number.
[[nodiscard]] XFEN_EXPORT std::optional<Position> capablanca_random_start(int number) noexcept;

// The number of the Capablanca Random Chess start array on the board, when the board is one:
// 10 files, bishops on squares of opposite colours, queen and archbishop on squares of opposite
// colours, a chancellor, two knights, a king between two rooks; pawns and Black as in
// chess960_number. Only the board is looked at.
[[nodiscard]] XFEN_EXPORT std::optional<int> capablanca_random_number(
    const Position& position) noexcept;

}  // namespace xfen
