// Back-rank look-ups for code that already knows where the king stands, so that the parser and
// the writer scan a back rank once per colour rather than once per castling token.
#pragma once

#include <optional>

#include "xfen/position.hpp"

namespace xfen::detail {

inline std::optional<int> outermost_rook_file(const Position& position, Color color,
                                              CastlingSide side, int king_file) noexcept {
  const Piece rook(PieceType::rook, color);
  const Piece* rank = &position.board[make_square(0, back_rank(color)).index()];
  // Walk from the board's edge towards the king: the first rook met is the outermost one.
  if (side == CastlingSide::h_side) {
    for (int file = position.width - 1; file > king_file; --file)
      if (rank[file] == rook) return file;
  } else {
    for (int file = 0; file < king_file; ++file)
      if (rank[file] == rook) return file;
  }
  return std::nullopt;
}

}  // namespace xfen::detail
