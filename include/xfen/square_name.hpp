// The names of squares, "a1" to "j8", and the squares a name stands for.
#pragma once

#include <optional>
#include <string_view>

#include "xfen/geometry.hpp"
#include "xfen/export.hpp"

namespace xfen {

// "e4" for make_square(4, 3): a view into one static table, valid for the whole program. An empty
// view for a square outside the 10×8 board, so that a wrong square never reads as a right name.
[[nodiscard]] XFEN_EXPORT std::string_view square_name(Square square) noexcept;

// The square a name stands for: exactly two bytes, a lower-case file letter of a board `width`
// files wide and a rank digit 1 to 8. Anything else (upper case, spaces, "e10", "k1" when
// `width` is 10, "i1" when it is 8) is nothing.
[[nodiscard]] XFEN_EXPORT std::optional<Square> square_from_name(std::string_view name,
                                                               int width = kMaxFiles) noexcept;

}  // namespace xfen
