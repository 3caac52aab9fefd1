// Writing the board field: rank by rank from the rank tables, with a vector byte shuffle where the
// processor has one (src/rank_shuffle.hpp) and a portable loop elsewhere.
#pragma once

#include "xfen/export.hpp"
#include "xfen/position_value.hpp"

namespace xfen::detail {

// Each writes the board of `position` (width 8 or 10, checked by the caller) at `out` and
// returns the end of its text. They store up to 16 bytes past the start of the last rank's text:
// the writer's buffer has room for that past any board.
XFEN_EXPORT char* put_board_portable(char* out, const Position& position) noexcept;
// Only where has_vector_shuffle() (src/cpu_features.hpp) says so; the portable one elsewhere.
XFEN_EXPORT char* put_board_shuffled(char* out, const Position& position) noexcept;

// The one of the two the processor can run.
char* put_board(char* out, const Position& position) noexcept;

}  // namespace xfen::detail
