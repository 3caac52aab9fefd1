#include "xfen/square_name.hpp"

#include <array>
#include <cstddef>

namespace xfen {

namespace {

// Two bytes a square, in Square::index() order: a1 b1 … j1 a2 … j8.
constexpr std::array<char, 2 * kMaxSquares> kSquareNames = [] {
  std::array<char, 2 * kMaxSquares> names{};
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < kMaxFiles; ++file) {
      const Square square = make_square(file, rank);
      names[2 * square.index()] = square.file_letter();
      names[2 * square.index() + 1] = square.rank_digit();
    }
  return names;
}();

}  // namespace

std::string_view square_name(Square square) noexcept {
  if (!square.is_valid(kMaxFiles)) return {};
  return {kSquareNames.data() + 2 * square.index(), 2};
}

std::optional<Square> square_from_name(std::string_view name, int width) noexcept {
  // Checked before make_square narrows the file and rank, which could wrap a far-off byte onto
  // the board.
  if (!detail::names_square(name, width)) return std::nullopt;
  return make_square(name[0] - 'a', name[1] - '1');
}

}  // namespace xfen
