#include "board_scan_vector.hpp"

#if defined(XFEN_AVX512_DISPATCH)

// GCC 12's AVX-512 headers set up their "undefined" vectors in a way its own
// -Wmaybe-uninitialized reports (GCC bug 105593).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <array>
#include <bit>
#include <optional>

#define XFEN_AVX512_TARGET \
  [[gnu::target("avx512f,avx512bw,avx512dq,avx512vl,avx512vbmi,avx512vbmi2,bmi,bmi2,popcnt")]]

namespace xfen::detail {
namespace {

// One byte of class per board byte, looked up in 128 entries by the byte's low seven bits (a byte
// with the high bit set is never a board byte, and is masked off before the look-up):
//   bits 0-3  squares covered: 1 for a piece, n for the digit n, 9 for the 0 of "10", 0 for '/'
//   bit  4    a digit
//   bit  5    '/'
//   bit  6    a piece
// 0: not a board byte.
enum : std::uint8_t { kSquares = 0x0f, kDigit = 0x10, kSlashClass = 0x20, kPiece = 0x40 };

consteval std::array<std::uint8_t, 128> make_classes() noexcept {
  std::array<std::uint8_t, 128> table{};
  const std::array<Piece, 256> pieces = make_letter_table();
  for (std::size_t byte = 0; byte < table.size(); ++byte) {
    const char c = static_cast<char>(byte);
    if (!pieces[byte].empty()) table[byte] = kPiece | 1;
    if (c >= '1' && c <= '9') table[byte] = static_cast<std::uint8_t>(kDigit | (c - '0'));
    if (c == '0') table[byte] = kDigit | 9;
    if (c == '/') table[byte] = kSlashClass;
  }
  return table;
}
alignas(64) constexpr std::array<std::uint8_t, 128> kClasses = make_classes();

// A board is read in one group of eight ranks when its text fits one vector, and otherwise in two
// groups of four, each of which does: four ranks of ten files and three slashes are 43 bytes.
constexpr int kHalfRanks = kRanks / 2;
constexpr std::uint32_t kMaxHalfBytes = kHalfRanks * kMaxFiles + kHalfRanks - 1;

// For each board square (rank 1 first, kMaxFiles a rank), the square it takes from the groups'
// squares in reading order (rank 8 first, `Width` a rank): the first group's in lanes 0-63, the
// second's in lanes 64-127. One group of eight ranks of ten files runs on into the second vector.
// 0x80 marks a file past the width. Two vectors' worth: the last 48 entries pad the second.
template <int Width, int GroupRanks>
consteval std::array<std::uint8_t, 128> make_layout() noexcept {
  std::array<std::uint8_t, 128> table{};
  for (auto& entry : table) entry = 0x80;
  for (int square = 0; square < kMaxSquares; ++square) {
    const int file = square % kMaxFiles;
    const int reading_rank = kRanks - 1 - square / kMaxFiles;
    const int group = reading_rank / GroupRanks;
    if (file < Width)
      table[static_cast<std::size_t>(square)] =
          static_cast<std::uint8_t>(group * 64 + (reading_rank % GroupRanks) * Width + file);
  }
  return table;
}
alignas(64) constexpr std::array<std::uint8_t, 128> kWholeLayout8 = make_layout<8, kRanks>();
alignas(64) constexpr std::array<std::uint8_t, 128> kWholeLayout10 = make_layout<10, kRanks>();
alignas(64) constexpr std::array<std::uint8_t, 128> kHalvesLayout8 = make_layout<8, kHalfRanks>();
alignas(64) constexpr std::array<std::uint8_t, 128> kHalvesLayout10 = make_layout<10, kHalfRanks>();

// The squares of 1, 2, ... `Ranks` ranks of `Width` files, a byte each, lowest first.
constexpr std::uint64_t rank_ends(int ranks, int width) noexcept {
  std::uint64_t ends = 0;
  for (int rank = 0; rank < ranks; ++rank)
    ends |= static_cast<std::uint64_t>((rank + 1) * width) << (8 * rank);
  return ends;
}

// The occupied squares of each 64-bit lane's bytes, from the lane's first square: the bytes'
// codes joined in order, a piece's one bit, a count's `n` empty squares (zero bits), a slash
// nothing. Pairs of bytes, then of pairs, then of fours are joined, the second of each shifted by
// the squares of the first, so that no running sum is waited for. In a board the checks accept,
// two bytes cover at most 10 squares, four 20 and eight 40: each join fits its lane. (`pieces`:
// 1 in each byte of a piece, 0 elsewhere; `counts`: the squares each byte covers.)
XFEN_AVX512_TARGET inline __m512i lane_occupancy(__m512i pieces, __m512i counts) noexcept {
  const __m512i low16 = _mm512_set1_epi32(0x0000ffff);
  const __m512i low32 = _mm512_set1_epi64(0xffffffff);
  const __m512i bytes_apart = _mm512_set1_epi16(0x00ff);
  __m512i codes = _mm512_or_si512(
      _mm512_and_si512(pieces, bytes_apart),
      _mm512_sllv_epi16(_mm512_srli_epi16(pieces, 8), _mm512_and_si512(counts, bytes_apart)));
  __m512i squares = _mm512_maddubs_epi16(counts, _mm512_set1_epi8(1));
  codes = _mm512_or_si512(_mm512_and_si512(codes, low16),
                          _mm512_sllv_epi32(_mm512_srli_epi32(codes, 16),
                                            _mm512_and_si512(squares, low16)));
  squares = _mm512_madd_epi16(squares, _mm512_set1_epi16(1));
  return _mm512_or_si512(_mm512_and_si512(codes, low32),
                         _mm512_sllv_epi64(_mm512_srli_epi64(codes, 32),
                                           _mm512_and_si512(squares, low32)));
}

struct RanksRead {
  int width;     // 8 or 10; 0 when the ranks are not well-formed
  __m512i low;   // squares 0-63, in reading order
  __m512i high;  // squares 64-79: eight ranks of ten files only, else empty
};

// Reads `Ranks` ranks from the bytes of `text` that `bytes` marks (the first, up to 64 for eight
// ranks, kMaxHalfBytes for four), with every check of the bytewise scan.
template <int Ranks>
XFEN_AVX512_TARGET inline RanksRead read_ranks(__m512i text, std::uint64_t bytes) noexcept {
  // Every byte of the vector is classified, the board's and those after it, so that the vector
  // work need not wait for the board's length; the masks leave out those after it.
  const __m512i classes = _mm512_maskz_permutex2var_epi8(
      ~_mm512_movepi8_mask(text), _mm512_load_si512(kClasses.data()), text,
      _mm512_load_si512(kClasses.data() + 64));
  const std::uint64_t pieces = _mm512_mask_test_epi8_mask(bytes, classes, _mm512_set1_epi8(kPiece));
  const std::uint64_t digits = _mm512_mask_test_epi8_mask(bytes, classes, _mm512_set1_epi8(kDigit));
  const std::uint64_t slashes =
      _mm512_mask_test_epi8_mask(bytes, classes, _mm512_set1_epi8(kSlashClass));
  const std::uint64_t zeros = _mm512_mask_cmpeq_epi8_mask(bytes, text, _mm512_set1_epi8('0'));
  const std::uint64_t ones = _mm512_cmpeq_epi8_mask(text, _mm512_set1_epi8('1'));
  const std::uint64_t last = bytes & ~(bytes >> 1);
  // Not a board byte; a digit 1..9 after a digit; a 0 not after a 1; a slash first, last or
  // after a slash; other than Ranks - 1 slashes.
  const std::uint64_t problems = (bytes & ~(pieces | digits | slashes)) |
                                 (digits & ~zeros & (digits << 1)) | (zeros & ~(ones << 1)) |
                                 (slashes & ((slashes << 1) | 1 | last));
  const __m512i zero = _mm512_setzero_si512();
  RanksRead read{.width = 0, .low = zero, .high = zero};
  if (problems != 0 || std::popcount(slashes) != Ranks - 1) return read;

  // Squares covered up to and including each byte: a sum within each 64-bit lane (a multiply
  // by 0x0101...01: no lane's eight bytes cover 256 squares), then the lanes' totals carried up.
  // Bytes after the board count too, but only in the sums after it. A byte holds the sums: four
  // ranks of at most 43 bytes cover at most 219 squares. Eight ranks of 64 bytes may wrap past
  // 255, but not before the end of the first rank that is wrong, which the check below then
  // finds: ranks of at most 50 bytes with no two digits in a row (but "10") cover at most 254
  // squares each.
  const __m512i counts = _mm512_and_si512(classes, _mm512_set1_epi8(kSquares));
  __m512i sums = _mm512_mullo_epi64(counts, _mm512_set1_epi64(0x0101010101010101));
  __m512i carried = _mm512_alignr_epi64(_mm512_srli_epi64(sums, 56), zero, 7);
  carried = _mm512_add_epi64(carried, _mm512_alignr_epi64(carried, zero, 7));
  carried = _mm512_add_epi64(carried, _mm512_alignr_epi64(carried, zero, 6));
  carried = _mm512_add_epi64(carried, _mm512_alignr_epi64(carried, zero, 4));
  // Each lane's carry, modulo 256 (its low byte; exact for a board the checks accept), in each
  // of its bytes.
  sums = _mm512_add_epi8(sums, _mm512_shuffle_epi8(carried, _mm512_broadcast_i32x4(_mm_set_epi8(
                                                               8, 8, 8, 8, 8, 8, 8, 8, 0, 0, 0,
                                                               0, 0, 0, 0, 0))));

  // The squares at the end of each rank: the first rank's width times 1, 2, ... Ranks.
  constexpr std::uint64_t kEndsMask = ~std::uint64_t{0} >> (64 - 8 * Ranks);
  constexpr std::uint64_t kEnds8 = rank_ends(Ranks, 8);
  constexpr std::uint64_t kEnds10 = rank_ends(Ranks, 10);
  const auto ends = static_cast<std::uint64_t>(_mm_cvtsi128_si64(
                        _mm512_castsi512_si128(_mm512_maskz_compress_epi8(slashes | last, sums)))) &
                    kEndsMask;
  if (ends != kEnds8 && ends != kEnds10) return read;
  read.width = ends == kEnds8 ? 8 : 10;

  // The occupied squares: each lane's own, moved up by the squares before the lane (64-bit
  // shifts: a shift by 64 or more gives 0). A vector expand puts the pieces, in order, on them.
  const __m512i occupied =
      lane_occupancy(_mm512_maskz_mov_epi8(pieces, _mm512_set1_epi8(1)), counts);
  const std::uint64_t low_squares =
      static_cast<std::uint64_t>(_mm512_reduce_or_epi64(_mm512_sllv_epi64(occupied, carried)));
  read.low = _mm512_maskz_expand_epi8(low_squares, _mm512_maskz_compress_epi8(pieces, text));
  if constexpr (Ranks == 8) {
    if (read.width == 10) {
      // Squares 64-79, and the pieces after the first 64 squares' (fewer than 64 of those fit 64
      // bytes).
      const __m512i sixty_four = _mm512_set1_epi64(64);
      const auto high_squares = static_cast<std::uint64_t>(_mm512_reduce_or_epi64(
          _mm512_or_si512(_mm512_srlv_epi64(occupied, _mm512_sub_epi64(sixty_four, carried)),
                          _mm512_sllv_epi64(occupied, _mm512_sub_epi64(carried, sixty_four)))));
      const std::uint64_t beyond = _pdep_u64(~0ULL << std::popcount(low_squares), pieces);
      read.high = _mm512_maskz_expand_epi8(high_squares, _mm512_maskz_compress_epi8(beyond, text));
    }
  }
  return read;
}

// Writes the groups' squares to the board: all 80 squares, files past the width empty.
XFEN_AVX512_TARGET inline void place(const std::array<std::uint8_t, 128>& layout, __m512i first,
                                     __m512i second, std::array<Piece, kMaxSquares>& board) noexcept {
  const __m512i low_index = _mm512_load_si512(layout.data());
  const __m512i high_index = _mm512_load_si512(layout.data() + 64);
  _mm512_storeu_si512(board.data(), _mm512_maskz_permutex2var_epi8(
                                        ~_mm512_movepi8_mask(low_index), first, low_index, second));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(board.data() + 64),
                   _mm512_castsi512_si128(_mm512_maskz_permutex2var_epi8(
                       ~_mm512_movepi8_mask(high_index), first, high_index, second)));
}

// The lanes of a vector that `available` bytes fill (all of them from 64 on).
XFEN_AVX512_TARGET inline std::uint64_t filled_lanes(std::uint32_t available) noexcept {
  return available >= 64 ? ~std::uint64_t{0} : _bzhi_u64(~0ULL, available);
}

// Up to 64 bytes of `first`, and no byte past `available`: a masked load reads nothing else.
XFEN_AVX512_TARGET inline __m512i load_field(const char* first, std::uint32_t available) noexcept {
  return _mm512_maskz_loadu_epi8(filled_lanes(available), first);
}

// The board's length in the vector `text` of `available` bytes: up to the first space, or all of
// it; nothing when it does not end within the vector.
XFEN_AVX512_TARGET inline std::optional<std::uint32_t> board_length(__m512i text,
                                                                   std::uint32_t available) noexcept {
  const std::uint64_t spaces =
      _mm512_mask_cmpeq_epi8_mask(filled_lanes(available), text, _mm512_set1_epi8(' '));
  if (spaces != 0) return static_cast<std::uint32_t>(std::countr_zero(spaces));
  if (available <= 64) return available;
  return std::nullopt;
}

}  // namespace

XFEN_AVX512_TARGET ScannedBoard scan_board_avx512(std::string_view text, std::uint32_t begin,
                                                  std::uint32_t end,
                                                  std::array<Piece, kMaxSquares>& board) noexcept {
  const char* const first = text.data() + begin;
  const std::uint32_t available = end - begin;
  const __m512i head = load_field(first, available);
  if (const auto length = board_length(head, available)) {
    const RanksRead whole = read_ranks<kRanks>(head, filled_lanes(*length));
    if (whole.width == 0) return {};
    place(whole.width == 8 ? kWholeLayout8 : kWholeLayout10, whole.low, whole.high, board);
    return {begin + *length, static_cast<std::uint8_t>(whole.width), true};
  }

  // Longer than a vector: ranks 8 to 5, which end at the fourth slash, and then ranks 4 to 1.
  const std::uint64_t slashes = _mm512_cmpeq_epi8_mask(head, _mm512_set1_epi8('/'));
  const auto split = static_cast<std::uint32_t>(std::countr_zero(_pdep_u64(1u << 3, slashes)));
  if (split > kMaxHalfBytes) return {};
  const std::uint32_t rest_begin = split + 1;
  const __m512i rest = load_field(first + rest_begin, available - rest_begin);
  const auto rest_length = board_length(rest, available - rest_begin);
  if (!rest_length || *rest_length > kMaxHalfBytes) return {};
  const RanksRead upper = read_ranks<kHalfRanks>(head, filled_lanes(split));
  const RanksRead lower = read_ranks<kHalfRanks>(rest, filled_lanes(*rest_length));
  if (upper.width == 0 || upper.width != lower.width) return {};
  place(upper.width == 8 ? kHalvesLayout8 : kHalvesLayout10, upper.low, lower.low, board);
  return {begin + rest_begin + *rest_length, static_cast<std::uint8_t>(upper.width), true};
}

}  // namespace xfen::detail

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#endif
