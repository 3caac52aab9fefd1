// The names of squares, "a1" to "j8", and the squares a name stands for.
#pragma once

#include <cstddef>
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

namespace detail {

// The rule square_from_name and the "e4"_sq literal share, in one place: exactly two bytes, a
// lower-case file letter of a board `width` files wide (never past the 10×8 grid) and a rank digit
// 1 to 8. The literal checks it when it compiles, square_from_name (and its tests) when it runs.
constexpr bool names_square(std::string_view name, int width) noexcept {
  if (name.size() != 2) return false;
  const int file = name[0] - 'a';
  const int rank = name[1] - '1';
  return file >= 0 && file < width && file < kMaxFiles && rank >= 0 && rank < kRanks;
}

}  // namespace detail

namespace literals {

// "e4"_sq: a square named in code, checked when it compiles (a name that is no square of the
// 10×8 grid, such as "k1" or "e9", is a compile error). `using namespace xfen::literals;`
consteval Square operator""_sq(const char* name, std::size_t size) {
  if (!detail::names_square({name, size}, kMaxFiles))
    throw "not the name of a square of the 10x8 grid";  // not a constant: the call does not compile
  return make_square(name[0] - 'a', name[1] - '1');
}

}  // namespace literals
}  // namespace xfen
