// The library's own access to the board without Position::at's check, for loops that keep their
// squares on the 10×8 grid themselves; and the castling look-ups on a back rank, read once per
// colour into bit masks rather than walked once per castling token.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <optional>

#include "byte_words.hpp"
#include "cpu_features.hpp"
#include "xfen/position_value.hpp"

#if defined(XFEN_SSE2)
#include <emmintrin.h>
#endif

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

// Which files of a colour's back rank hold its king and its rooks, as bit masks (bit f for file
// f, files past the width never set), so that every castling look-up is a few bit operations:
// the parser, the writer and validate() each build one per colour with rights, once per record.
struct BackRankFiles {
  unsigned kings;
  unsigned rooks;

  // Whether the back rank holds one king: a castling king, unlike none or more.
  [[nodiscard]] constexpr bool has_one_king() const noexcept {
    return kings != 0 && (kings & (kings - 1)) == 0;
  }

  // The castling king's file: that of the one king on the back rank; nothing for none or more.
  [[nodiscard]] constexpr std::optional<int> king() const noexcept {
    if (!has_one_king()) return std::nullopt;
    return std::countr_zero(kings);
  }

  // The rook furthest out beyond `king_file` (0..9) on `side`: the highest rook file above it, or
  // the lowest below it.
  [[nodiscard]] constexpr std::optional<int> outermost_rook(CastlingSide side,
                                                            int king_file) const noexcept {
    const unsigned file = outermost_rook_or_past(side, king_file);
    if (file >= kMaxFiles) return std::nullopt;
    return static_cast<int>(file);
  }

  // outermost_rook without its branch, for the castling field's fast path: a file past the grid
  // (32 below the king, all ones above it) when there is none.
  [[nodiscard]] constexpr unsigned outermost_rook_or_past(CastlingSide side,
                                                          int king_file) const noexcept {
    if (side == CastlingSide::h_side) {
      return static_cast<unsigned>(std::bit_width(rooks & ~((2u << king_file) - 1))) - 1;
    }
    return static_cast<unsigned>(std::countr_zero(rooks & ((1u << king_file) - 1)));
  }

  // Whether no rook stands further out on `side` than file `rook_file` (0..9).
  [[nodiscard]] constexpr bool is_outermost_rook(CastlingSide side, int rook_file) const noexcept {
    return side == CastlingSide::h_side ? (rooks >> (rook_file + 1)) == 0
                                        : (rooks & ((1u << rook_file) - 1)) == 0;
  }
};

inline BackRankFiles back_rank_files(const Position& position, Color color) noexcept {
  const Piece king(PieceType::king, color);
  const Piece rook(PieceType::rook, color);
  const Piece* rank = &position.board[make_square(0, back_rank(color)).index()];
  const int width = grid_width(position);
  BackRankFiles files{};
#if defined(XFEN_SSE2)
  // A vector, not words: the parser asks just after the board scan has stored the board, and the
  // words (rank 8's six bytes into the scan's store of squares 64-79) made a parse 3-4 ns slower,
  // waiting on those stores; these loads, of squares 0-15 and 64-79, measured no such wait.
  // Rank 8 is squares 70-79, so its files are bits 6 on.
  constexpr int kRank8Offset = (kRanks - 1) * kMaxFiles - (kMaxSquares - 16);
  const int offset = color == Color::white ? 0 : kRank8Offset;
  const __m128i squares = _mm_loadu_si128(reinterpret_cast<const __m128i*>(rank - offset));
  const auto marks = [&](Piece piece) {
    return static_cast<unsigned>(_mm_movemask_epi8(
               _mm_cmpeq_epi8(squares, _mm_set1_epi8(static_cast<char>(piece.letter()))))) >>
           offset;
  };
  files.kings = marks(king);
  files.rooks = marks(rook);
#else
  int file = 0;
  if constexpr (kByteWords) {
    const std::uint64_t word = load_word(rank);
    files.kings = gather_marks(bytes_equal_to(word, static_cast<std::uint8_t>(king.letter())));
    files.rooks = gather_marks(bytes_equal_to(word, static_cast<std::uint8_t>(rook.letter())));
    file = 8;
  }
  for (; file < width; ++file) {
    files.kings |= static_cast<unsigned>(rank[file] == king) << file;
    files.rooks |= static_cast<unsigned>(rank[file] == rook) << file;
  }
#endif
  // The vector reads every file and the word files 0-7, whatever the width. A narrower position
  // comes only from one built by hand; Position::at shows its squares past the width as empty, and
  // so do these.
  const unsigned on_board = (1u << width) - 1;
  files.kings &= on_board;
  files.rooks &= on_board;
  return files;
}

// Calls visit(color, side, rook_file, files) for each castling right, in record order (White's
// first, the h-side first), with `files` its colour's back rank, read once per colour that has a
// right; stops at the first call that returns false, and returns whether none did.
template <typename Visit>
bool for_each_right(const Position& position, Visit visit) noexcept {
  const CastlingRights& rights = position.castling;
  for (const Color color : {Color::white, Color::black}) {
    const auto h_rook = rights.rook_file(color, CastlingSide::h_side);
    const auto a_rook = rights.rook_file(color, CastlingSide::a_side);
    if (!h_rook && !a_rook) continue;
    const BackRankFiles files = back_rank_files(position, color);
    if (h_rook && !visit(color, CastlingSide::h_side, *h_rook, files)) return false;
    if (a_rook && !visit(color, CastlingSide::a_side, *a_rook, files)) return false;
  }
  return true;
}

// xfen::castling_king_file, inline for the code that asks once.
inline std::optional<int> castling_king_file(const Position& position, Color color) noexcept {
  return back_rank_files(position, color).king();
}

// How many kings of `color` its back rank holds: what a castling right without its one king
// reports. Only asked on that error path.
inline int count_back_rank_kings(const Position& position, Color color) noexcept {
  return std::popcount(back_rank_files(position, color).kings);
}

inline std::optional<int> outermost_rook_file(const Position& position, Color color,
                                              CastlingSide side, int king_file) noexcept {
  return back_rank_files(position, color).outermost_rook(side, king_file);
}

inline bool is_outermost_rook(const Position& position, Color color, CastlingSide side,
                              int rook_file) noexcept {
  return back_rank_files(position, color).is_outermost_rook(side, rook_file);
}

}  // namespace xfen::detail
