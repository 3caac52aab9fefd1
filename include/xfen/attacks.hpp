// Which squares a side attacks: the move rules of the eight piece kinds on 8×8 and 10×8 boards,
// sliders blocked by any piece. The base of the legality check and of legal en passant.
#pragma once

#include "xfen/position.hpp"
#include "xfen/export.hpp"

namespace xfen {

// Whether any piece of colour `by` attacks `target`.
[[nodiscard]] XFEN_EXPORT bool is_attacked(const Position& position, Square target, Color by) noexcept;

}  // namespace xfen
