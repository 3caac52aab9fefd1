// The position value type with the rules that say what it means: equality (the same canonical
// record) and the castling king and rooks. Include this, not position_value.hpp.
#pragma once

#include <optional>

#include "xfen/position_value.hpp"
#include "xfen/export.hpp"

namespace xfen {

// Two positions are equal when they write the same canonical X-FEN record: the same board,
// side, castling rights and prefix, counters, and the same en passant square *as X-FEN writes
// it* (xfen_en_passant, en_passant.hpp). An `e3` read after 1.e4 (no black pawn beside e4)
// therefore equals `-`. Defined for valid positions (validate.hpp): every position parse() returns
// is one; for others, it compares the fields as they are.
[[nodiscard]] XFEN_EXPORT bool operator==(const Position& lhs, const Position& rhs) noexcept;

// The file of the single king of `color` on its back rank, or nothing when that rank holds no
// king or more than one king of that colour.
[[nodiscard]] XFEN_EXPORT std::optional<int> castling_king_file(const Position& position, Color color) noexcept;

// The outermost rook of `color` on its back rank on `side` of its king: the rook that `K`/`Q`
// (`k`/`q`) names. Nothing when there is no king (see castling_king_file) or no rook there.
[[nodiscard]] XFEN_EXPORT std::optional<int> outermost_rook_file(const Position& position, Color color,
                                       CastlingSide side) noexcept;

}  // namespace xfen
