// The en passant rules of the notation, on the board alone (no attacks): which squares a record
// may name, which pawns could capture, and which square X-FEN writes. Whether a capture is legal
// is en_passant_analysis.hpp's question, above the attack rules.
#pragma once

#include <array>
#include <optional>

#include "xfen/diagnostic.hpp"
#include "xfen/position_value.hpp"
#include "xfen/export.hpp"

namespace xfen {

// Whether a square may stand in the en passant field of `position` at all: the right rank for
// the side to move, the double-pushed pawn directly beyond it, it and the pawn's origin empty.
// Returns Code::ok or the en-passant.* code that explains why not.
[[nodiscard]] XFEN_EXPORT Code check_en_passant_geometry(const Position& position, Square square) noexcept;

// Where the pawn that has just moved two squares stands, beyond the en passant square `target`.
[[nodiscard]] XFEN_EXPORT Square pushed_pawn_square(const Position& position, Square target) noexcept;

// The pawns of the side to move beside the pushed pawn, on adjacent files only (never across the
// board's edge), the lower file first; the second slot is filled only when the first is.
[[nodiscard]] XFEN_EXPORT std::array<std::optional<Square>, 2> en_passant_capturers(const Position& position,
                                                          Square target) noexcept;

// The square X-FEN writes: as read, when the geometry holds and a pawn of the side to move stands
// on an adjacent file of the pushed pawn's rank (whether or not the capture is legal).
[[nodiscard]] XFEN_EXPORT std::optional<Square> xfen_en_passant(const Position& position) noexcept;

}  // namespace xfen
