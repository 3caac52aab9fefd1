#include "board_scan.hpp"

#include "board_scan_vector.hpp"

#include <array>
#include <bit>
#include <cstring>

namespace xfen::detail {
namespace {

// Everything the scan needs to know about a byte, in one word, so that each byte costs one table
// load and a few register operations.
//   bits  0-7   the piece's letter (0: none), stored as it is: a piece is its letter
//   bit   8     a digit 1..9            } a byte with bit 8 (9) set is wrong after a byte with
//   bit   9     the digit 0             } bit 10 (11) set: see kPairShift
//   bit  10     any digit
//   bit  11     anything but the digit 1
//   bit  12     not a piece, digit or '/'
//   bit  13     '/'                     } wrong after bit 15: a rank with no bytes
//   bit  14     always set: shifted down by kPairShift it is bit 12, so that the check of a byte
//               against the one before it also catches a byte that is not a board byte
//   bit  15     '/', and the board's start
//   bits 32-47  squares covered: 1 for a piece, n for the digit n, 9 for the 0 of "10"
//   bits 48-63  1 for '/'
// Bits 32-63 are added, shifted down by kCountShift, to one counter: squares covered in its low
// half, slashes in its high half, so that one addition keeps both.
enum : std::uint64_t {
  kNonZeroDigit = 1u << 8,
  kZeroDigit = 1u << 9,
  kAnyDigit = 1u << 10,
  kNotOne = 1u << 11,
  kInvalid = 1u << 12,
  kSlashByte = 1u << 13,
  kAlwaysInvalidAfter = 1u << 14,
  kRankStart = 1u << 15,
  // A count is one digit 1..9 or "10": a digit 1..9 right after a digit is wrong, and a 0 is
  // wrong unless right after a 1. (In "110" the second 1 is already a digit after a digit.)
  kPairShift = 2,
  kPairBits = kNonZeroDigit | kZeroDigit,
  kProblemBits = kInvalid | kPairBits | kSlashByte,
  kCountShift = 32,
  kSquaresBits = 16,
};
static_assert(kAlwaysInvalidAfter >> kPairShift == kInvalid);
static_assert((kAnyDigit >> kPairShift) == kNonZeroDigit && (kNotOne >> kPairShift) == kZeroDigit);
static_assert(kRankStart >> kPairShift == kSlashByte);

consteval std::uint64_t squares_covered(std::uint64_t squares) noexcept {
  return squares << kCountShift;
}
constexpr std::uint64_t kSlash = std::uint64_t{1} << (kCountShift + kSquaresBits);

consteval std::array<std::uint64_t, 256> make_board_bytes() noexcept {
  std::array<std::uint64_t, 256> table{};
  const std::array<Piece, 256> pieces = make_letter_table();
  for (std::size_t byte = 0; byte < table.size(); ++byte) {
    const char c = static_cast<char>(byte);
    std::uint64_t entry = kNotOne | kInvalid;
    if (!pieces[byte].empty())
      entry = kNotOne | squares_covered(1) | static_cast<unsigned char>(pieces[byte].letter());
    if (c >= '1' && c <= '9')
      entry = kNonZeroDigit | kAnyDigit | (c == '1' ? 0u : std::uint64_t{kNotOne}) |
              squares_covered(static_cast<std::uint64_t>(c - '0'));
    if (c == '0') entry = kZeroDigit | kAnyDigit | kNotOne | squares_covered(9);
    if (c == '/') entry = kNotOne | kSlashByte | kRankStart | kSlash;
    table[byte] = entry | kAlwaysInvalidAfter;
  }
  return table;
}

constexpr std::array<std::uint64_t, 256> kBoardBytes = make_board_bytes();

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
#if defined(XFEN_AVX512_DISPATCH)
  // One line, so that line coverage does not depend on the processor that runs the tests.
  return (has_board_vectors() ? scan_board_avx512 : scan_board_bytewise)(text, begin, end, board);
#else
  return scan_board_bytewise(text, begin, end, board);
#endif
}

std::span<const BoardScanner> board_scanners() noexcept {
#if defined(XFEN_AVX512_DISPATCH)
  static constexpr std::array<BoardScanner, 2> kScanners{
      {{"bytewise", scan_board_bytewise}, {"avx512", scan_board_avx512}}};
#else
  static constexpr std::array<BoardScanner, 1> kScanners{{{"bytewise", scan_board_bytewise}}};
#endif
  return std::span(kScanners).first(has_board_vectors() ? kScanners.size() : 1);
}

ScannedBoard scan_board_bytewise(std::string_view text, std::uint32_t begin, std::uint32_t end,
                                 std::array<Piece, kMaxSquares>& board) noexcept {
  // The board ends at the first space. Finding it first leaves the loop with a fixed trip count
  // and no exit to predict; a longer field cannot be a board.
  const char* const first = text.data() + begin;
  const void* space = std::memchr(first, ' ', end - begin);
  const auto length =
      static_cast<std::uint32_t>(space ? static_cast<const char*>(space) - first : end - begin);
  if (length > kMaxBoardBytes) return {};

  // Squares in reading order, rank 8 first. The length bound above bounds the highest square
  // (9 per byte) and the slash count, so the buffers need no index checks; only the squares a
  // board can have are cleared, as a count's squares after its first are not stored.
  std::array<std::uint8_t, 9 * kMaxBoardBytes + 1> squares;
  std::memset(squares.data(), 0, kMaxSquares);
  // rank_ends[k]: the counter after the last byte before the (k+1)-th slash: the squares of
  // k + 1 ranks in its low half. Every entry the checks read is written: the k-th slash writes
  // entry k, and a rank with no bytes (the first included) is a problem found before them.
  std::array<std::uint64_t, kMaxBoardBytes + 1> rank_ends;
  std::uint64_t counter = 0;         // squares covered, and slashes above kSquaresBits
  std::uint64_t problems = 0;        // kProblemBits: a byte in a wrong place, or not a board byte
  // The board starts as after a slash: a count may start it, a slash may not.
  std::uint64_t previous = kNotOne | kAlwaysInvalidAfter | kRankStart;
  for (std::uint32_t i = 0; i < length; ++i) {
    const std::uint64_t byte = kBoardBytes[static_cast<unsigned char>(first[i])];
    squares[counter & 0xffff] = static_cast<std::uint8_t>(byte);
    counter += byte >> kCountShift;
    rank_ends[counter >> kSquaresBits] = counter;
    problems |= byte & (previous >> kPairShift);
    previous = byte;
  }
  const auto square = static_cast<std::uint32_t>(counter & 0xffff);
  if ((problems & kProblemBits) != 0 || counter >> kSquaresBits != kRanks - 1 ||
      square > kMaxSquares)
    return {};
  const auto width = static_cast<std::uint32_t>(rank_ends[0] & 0xffff);
  if (width != 8 && width != 10) return {};
  for (std::uint32_t rank = 1; rank < kRanks; ++rank)
    if ((rank_ends[rank] & 0xffff) != width * (rank + 1)) return {};
  if (width == 8) {
    copy_ranks<8>(squares.data(), board);
  } else {
    copy_ranks<10>(squares.data(), board);
  }
  return {begin + length, static_cast<std::uint8_t>(width), true};
}

}  // namespace xfen::detail
