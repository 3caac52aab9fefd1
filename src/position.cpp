#include "xfen/position.hpp"

#include "xfen/en_passant.hpp"

namespace xfen {

std::optional<int> castling_king_file(const Position& position, Color color) noexcept {
  const int rank = back_rank(color);
  std::optional<int> found;
  for (int file = 0; file < position.width; ++file) {
    if (!position.at(make_square(file, rank)).is(PieceType::king, color)) continue;
    if (found) return std::nullopt;
    found = file;
  }
  return found;
}

std::optional<int> outermost_rook_file(const Position& position, Color color,
                                       CastlingSide side) noexcept {
  const auto king = castling_king_file(position, color);
  if (!king) return std::nullopt;
  const int rank = back_rank(color);
  const bool h_side = side == CastlingSide::h_side;
  // Walk from the board's edge towards the king: the first rook met is the outermost one.
  const int step = h_side ? -1 : 1;
  for (int file = h_side ? position.width - 1 : 0; file != *king; file += step)
    if (position.at(make_square(file, rank)).is(PieceType::rook, color)) return file;
  return std::nullopt;
}

bool operator==(const Position& lhs, const Position& rhs) noexcept {
  if (lhs.width != rhs.width || lhs.side_to_move != rhs.side_to_move ||
      lhs.halfmove_clock != rhs.halfmove_clock || lhs.fullmove_number != rhs.fullmove_number ||
      lhs.castling.rook_files != rhs.castling.rook_files)
    return false;
  // A prefix without rights is not written, so it does not make positions differ.
  if (lhs.castling.any() && lhs.castling.mode != rhs.castling.mode) return false;
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < lhs.width; ++file)
      if (lhs.at(make_square(file, rank)) != rhs.at(make_square(file, rank))) return false;
  return xfen_en_passant(lhs) == xfen_en_passant(rhs);
}

}  // namespace xfen
