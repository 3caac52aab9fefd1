#include "board_text.hpp"

#include <cstddef>

#include "cpu_features.hpp"
#include "rank_shuffle.hpp"
#include "rank_text.hpp"

#if defined(XFEN_SSSE3_DISPATCH)
#define XFEN_SHUFFLE_TARGET [[gnu::target("ssse3")]]
#else
#define XFEN_SHUFFLE_TARGET
#endif

namespace xfen::detail {
namespace {

template <std::size_t Width>
char* put_ranks(char* out, const Position& position) noexcept {
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    out = put_rank<Width>(out, &position.board[make_square(0, rank).index()]);
    *out = '/';
    out += rank != 0;
  }
  return out;
}

#if defined(XFEN_SSSE3_DISPATCH) || defined(XFEN_NEON)
// Each rank is read 16 bytes at a time from the position's bytes: rank 8's run past the board
// into the members after it, which its shuffle ignores.
static_assert(offsetof(Position, board) == 0 && sizeof(Position) >= (kRanks - 1) * kMaxFiles + 16);

template <std::size_t Width>
XFEN_SHUFFLE_TARGET char* put_ranks_shuffled(char* out, const Position& position) noexcept {
  const auto* const bytes = reinterpret_cast<const unsigned char*>(&position);
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    out = put_rank_shuffled<Width>(out, bytes + make_square(0, rank).index());
    *out = '/';
    out += rank != 0;
  }
  return out;
}
#endif

}  // namespace

char* put_board_portable(char* out, const Position& position) noexcept {
  return position.width == 8 ? put_ranks<8>(out, position) : put_ranks<10>(out, position);
}

char* put_board_shuffled(char* out, const Position& position) noexcept {
#if defined(XFEN_SSSE3_DISPATCH) || defined(XFEN_NEON)
  return position.width == 8 ? put_ranks_shuffled<8>(out, position)
                             : put_ranks_shuffled<10>(out, position);
#else
  return put_board_portable(out, position);
#endif
}

char* put_board(char* out, const Position& position) noexcept {
  return has_vector_shuffle() ? put_board_shuffled(out, position)
                              : put_board_portable(out, position);
}

}  // namespace xfen::detail
