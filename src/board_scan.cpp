#include "board_scan.hpp"

#include <array>
#include <bit>
#include <cstring>

namespace xfen::detail {
namespace {

// Everything the scan needs to know about a byte, in one word, so that each byte costs one table
// load and a few register operations.
//   bits  0-7   the piece's one-byte code (0: none)
//   bit  12     a digit 1..9            } a byte with bit 12 (13) set is wrong after a byte
//   bit  13     the digit 0             } with bit 14 (15) set: see kPairShift
//   bit  14     any digit
//   bit  15     anything but the digit 1
//   bit  16     not a piece, digit or '/'
//   bit  17     '/'
//   bits 24-31  squares covered: 1 for a piece, n for the digit n, 9 for the 0 of "10"
enum : std::uint32_t {
  kAdvanceShift = 24,
  kNonZeroDigit = 1u << 12,
  kZeroDigit = 1u << 13,
  kAnyDigit = 1u << 14,
  kNotOne = 1u << 15,
  kInvalid = 1u << 16,
  kSlashShift = 17,
  // A count is one digit 1..9 or "10": a digit 1..9 right after a digit is wrong, and a 0 is
  // wrong unless right after a 1. (In "110" the second 1 is already a digit after a digit.)
  kPairShift = 2,
  kPairBits = kNonZeroDigit | kZeroDigit,
};

consteval std::array<std::uint32_t, 256> make_board_bytes() noexcept {
  std::array<std::uint32_t, 256> table{};
  const std::array<Piece, 256> pieces = make_letter_table();
  for (std::size_t byte = 0; byte < table.size(); ++byte) {
    const char c = static_cast<char>(byte);
    std::uint32_t entry = kNotOne | kInvalid;
    if (!pieces[byte].empty())
      entry = kNotOne | (1u << kAdvanceShift) | std::bit_cast<std::uint8_t>(pieces[byte]);
    if (c >= '1' && c <= '9')
      entry = kNonZeroDigit | kAnyDigit | (c == '1' ? 0u : std::uint32_t{kNotOne}) |
              (static_cast<std::uint32_t>(c - '0') << kAdvanceShift);
    if (c == '0') entry = kZeroDigit | kAnyDigit | kNotOne | (9u << kAdvanceShift);
    if (c == '/') entry = kNotOne | (1u << kSlashShift);
    static_assert(kSlashShift < kAdvanceShift);
    table[byte] = entry;
  }
  return table;
}

constexpr std::array<std::uint32_t, 256> kBoardBytes = make_board_bytes();

// The longest well-formed board: ten letters in each of eight ranks and seven slashes.
constexpr std::uint32_t kMaxBoardBytes = kRanks * kMaxFiles + kRanks - 1;

// Ranks go to the board from rank 8 down. A fixed width makes each copy a few moves instead of
// a call to memcpy.
template <std::uint32_t Width>
void copy_ranks(const std::uint8_t* squares, std::array<Piece, kMaxSquares>& board) noexcept {
  for (int rank = 0; rank < kRanks; ++rank)
    std::memcpy(&board[make_square(0, kRanks - 1 - rank).index()],
                squares + static_cast<std::uint32_t>(rank) * Width, Width);
}

}  // namespace

ScannedBoard scan_board(std::string_view text, std::uint32_t begin, std::uint32_t end,
                        std::array<Piece, kMaxSquares>& board) noexcept {
  // The board ends at the first space. Finding it first leaves the loop with a fixed trip count
  // and no exit to predict; a longer field cannot be a board.
  const char* const first = text.data() + begin;
  const void* space = std::memchr(first, ' ', end - begin);
  const auto length =
      static_cast<std::uint32_t>(space ? static_cast<const char*>(space) - first : end - begin);
  if (length > kMaxBoardBytes) return {};

  // Squares in reading order, rank 8 first. Not zeroed up front: every byte clears the squares it
  // covers, a 16-square block (more than any count) stored at once. The length bound above bounds
  // the highest square (9 per byte), so the buffer needs no index checks.
  constexpr std::size_t kClearBlock = 16;
  constexpr std::array<std::uint8_t, kClearBlock> kEmptyBlock{};
  std::array<std::uint8_t, 9 * kMaxBoardBytes + kClearBlock> squares;
  std::array<std::uint32_t, kRanks> rank_ends{};
  std::uint32_t square = 0;
  std::uint32_t slashes = 0;
  std::uint32_t problems = 0;        // kInvalid, and the pair bits of digits in a wrong place
  std::uint32_t previous = kNotOne;  // a rank starts as if after a slash
  for (std::uint32_t i = 0; i < length; ++i) {
    const std::uint32_t byte = kBoardBytes[static_cast<unsigned char>(first[i])];
    std::memcpy(&squares[square], kEmptyBlock.data(), kClearBlock);
    squares[square] = static_cast<std::uint8_t>(byte);
    square += byte >> kAdvanceShift;
    rank_ends[slashes % kRanks] = square;
    slashes += (byte >> kSlashShift) & 1;
    problems |= byte & ((previous >> kPairShift) | kInvalid);
    previous = byte;
  }
  if ((problems & (kInvalid | kPairBits)) != 0 || slashes != kRanks - 1 ||
      square > kMaxSquares)
    return {};
  const std::uint32_t width = rank_ends[0];
  if (width != 8 && width != 10) return {};
  for (std::uint32_t rank = 1; rank < kRanks; ++rank)
    if (rank_ends[rank] != width * (rank + 1)) return {};
  if (width == 8) {
    copy_ranks<8>(squares.data(), board);
  } else {
    copy_ranks<10>(squares.data(), board);
  }
  return {true, begin + length, static_cast<std::uint8_t>(width)};
}

}  // namespace xfen::detail
