#include "xfen/position.hpp"

#include <bit>
#include <cstring>

#include "back_rank.hpp"
#include "xfen/en_passant.hpp"

namespace xfen {

namespace {

// Marks with 0x80 each byte of `word` that equals `byte`, exactly (no false positives from
// borrows, unlike the shorter has-zero-byte trick).
constexpr std::uint64_t bytes_equal_to(std::uint64_t word, std::uint8_t byte) noexcept {
  constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  const std::uint64_t differs = word ^ (0x0101010101010101ULL * byte);
  return ~(((differs & kLow7) + kLow7) | differs | kLow7);
}

}  // namespace

// Four calls per record (two when reading, two when writing): a word compare instead of a loop
// over the rank.
std::optional<int> castling_king_file(const Position& position, Color color) noexcept {
  const Piece king(PieceType::king, color);
  const Piece* rank = &position.board[make_square(0, back_rank(color)).index()];
  int count = 0;
  int file = -1;
  if constexpr (std::endian::native == std::endian::little) {
    std::uint64_t word = 0;
    std::memcpy(&word, rank, sizeof word);
    const std::uint64_t matches = bytes_equal_to(word, std::bit_cast<std::uint8_t>(king));
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
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < lhs.width; ++file)
      if (lhs.at(make_square(file, rank)) != rhs.at(make_square(file, rank))) return false;
  return xfen_en_passant(lhs) == xfen_en_passant(rhs);
}

}  // namespace xfen
