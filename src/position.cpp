#include "xfen/position.hpp"

#include "back_rank.hpp"
#include "xfen/en_passant.hpp"

namespace xfen {

std::optional<int> castling_king_file(const Position& position, Color color) noexcept {
  return detail::castling_king_file(position, color);
}

std::optional<int> outermost_rook_file(const Position& position, Color color,
                                       CastlingSide side) noexcept {
  const auto king = castling_king_file(position, color);
  return king ? detail::outermost_rook_file(position, color, side, *king) : std::nullopt;
}

bool operator==(const Position& lhs, const Position& rhs) noexcept {
  if (lhs.width != rhs.width || lhs.side_to_move != rhs.side_to_move ||
      lhs.halfmove_clock != rhs.halfmove_clock || lhs.fullmove_number != rhs.fullmove_number ||
      lhs.castling.rook_files != rhs.castling.rook_files)
    return false;
  // A prefix without rights is not written, so it does not make positions differ.
  if (lhs.castling.any() && lhs.castling.mode != rhs.castling.mode) return false;
  const int width = detail::grid_width(lhs);
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < width; ++file)
      if (detail::unchecked_at(lhs, make_square(file, rank)) !=
          detail::unchecked_at(rhs, make_square(file, rank)))
        return false;
  return xfen_en_passant(lhs) == xfen_en_passant(rhs);
}

}  // namespace xfen
