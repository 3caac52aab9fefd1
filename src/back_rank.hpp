// The library's own access to the board without Position::at's check, for loops that keep their
// squares on the 10×8 grid themselves; and back-rank look-ups for code that already knows where
// the king stands, so that the parser and the writer scan a back rank once per colour rather than
// once per castling token.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <optional>

#include "byte_words.hpp"
#include "xfen/position_value.hpp"

namespace xfen::detail {

// The files a loop over `position`'s board visits: its width, never beyond the 10×8 grid, so that
// a position built by hand with a larger width cannot lead such a loop out of `board`. The squares
// beyond it read as empty through Position::at, so the loop sees what at() would show.
[[nodiscard]] constexpr int grid_width(const Position& position) noexcept {
  return position.width < kMaxFiles ? position.width : kMaxFiles;
}

// Position::at without its check, for a square the caller has kept on the 10×8 grid (a loop
// bounded by grid_width, a square checked against it): the check is a few percent of the attack
// probes' and the legality scans' instructions. Asserted where NDEBUG is not defined.
[[nodiscard]] constexpr Piece unchecked_at(const Position& position, Square square) noexcept {
  assert(square.is_valid(kMaxFiles) && "detail::unchecked_at: square off the 10x8 grid");
  return position.board[square.index()];
}

// xfen::castling_king_file, inline for the parser and the writer, which ask for every record: a
// word compare instead of a loop over the rank.
inline std::optional<int> castling_king_file(const Position& position, Color color) noexcept {
  const Piece king(PieceType::king, color);
  const Piece* rank = &position.board[make_square(0, back_rank(color)).index()];
  int count = 0;
  int file = -1;
  if constexpr (kByteWords) {
    const std::uint64_t matches =
        bytes_equal_to(load_word(rank), static_cast<std::uint8_t>(king.letter()));
    // At most one match, without a popcount instruction the target may not have.
    count = matches == 0 ? 0 : (matches & (matches - 1)) == 0 ? 1 : 2;
    if (matches != 0) file = std::countr_zero(matches) / 8;
    for (int tail = 8; tail < position.width; ++tail)
      if (rank[tail] == king && ++count == 1) file = tail;
  } else {
    for (int at = 0; at < position.width; ++at)
      if (rank[at] == king && ++count == 1) file = at;
  }
  return count == 1 ? std::optional<int>(file) : std::nullopt;
}

// How many kings of `color` its back rank holds: what a castling right without its one king
// reports. Only asked on that error path.
inline int count_back_rank_kings(const Position& position, Color color) noexcept {
  int kings = 0;
  for (int file = 0; file < position.width; ++file)
    kings += position.at(make_square(file, back_rank(color))).is(PieceType::king, color);
  return kings;
}

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

// Whether no rook of `color` stands further out than the rook on `rook_file`, on `side`. The
// writer asks this of rooks that usually stand at or near the edge, so it walks from the rook
// outwards rather than from the edge in.
inline bool is_outermost_rook(const Position& position, Color color, CastlingSide side,
                              int rook_file) noexcept {
  const Piece rook(PieceType::rook, color);
  const Piece* rank = &position.board[make_square(0, back_rank(color)).index()];
  if (side == CastlingSide::h_side) {
    for (int file = rook_file + 1; file < position.width; ++file)
      if (rank[file] == rook) return false;
  } else {
    for (int file = rook_file - 1; file >= 0; --file)
      if (rank[file] == rook) return false;
  }
  return true;
}

}  // namespace xfen::detail
