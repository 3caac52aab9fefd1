// Holding a position built by hand to what a record can say. A position read by parse() is always
// valid; one assembled in code may not be, and the writer refuses it rather than guess.
#pragma once

#include "xfen/diagnostic.hpp"
#include "xfen/position_value.hpp"
#include "xfen/export.hpp"

namespace xfen {

struct [[nodiscard]] ValidationResult {
  Diagnostic error{};  // code is Code::ok for a valid position

  constexpr bool ok() const noexcept { return error.code == Code::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }
};

// The rules reading applies, with reading's codes, in the order a record states them (SPEC, "Positions built by hand"):
// a width of 8 or 10 files and no piece beyond it (board.width, board.off-board); castling rights
// whose king is the one king of its colour on its back rank and whose rook is a rook of that
// colour on that rank, on the right's side of the king (castling.*), and a prefix only with a
// right; an en passant square that passes the geometry of R7 (en-passant.*); counters in range
// (halfmove.range, fullmove.range). The diagnostic has no offset: its `square` and `value` name
// what is wrong, so that message() needs no record. Legality is check_legality's question.
[[nodiscard]] XFEN_EXPORT ValidationResult validate(const Position& position) noexcept;

}  // namespace xfen
