// Writing one rank with a vector byte shuffle (SSSE3's pshufb, NEON's tbl): the rank table of
// rank_text.hpp turned into, for each occupancy, a shuffle that moves each letter to its slot and
// the text of the counts around them, so that a rank is one load, one shuffle, one OR and one
// store. Both shuffles write 0 for an index of 0x80, which the table uses for "nothing here".
#pragma once

#include <array>
#include <cstdint>

#include "cpu_features.hpp"
#include "rank_text.hpp"

#if defined(XFEN_SSSE3_DISPATCH)
#include <tmmintrin.h>
#elif defined(XFEN_NEON)
#include <arm_neon.h>
#endif

namespace xfen::detail {

struct alignas(16) RankShuffle {
  std::array<char, 16> text{};  // the counts; 0 in letter slots and past the rank's text
  // The file whose letter fills a slot; 0x80 in count slots and past the text, except lane 15,
  // which holds 0x80 | the text's length (a lane that reads nothing carries the length for free).
  std::array<std::uint8_t, 16> file{};

  constexpr unsigned length() const noexcept { return file[15] & 0x7fu; }
};

inline constexpr std::uint8_t kShuffleZero = 0x80;

template <std::size_t Width>
consteval std::array<RankShuffle, (1u << Width)> make_rank_shuffles() noexcept {
  static_assert(Width < 15, "lane 15 holds the length");
  std::array<RankShuffle, (1u << Width)> shuffles{};
  for (std::size_t mask = 0; mask < shuffles.size(); ++mask) {
    const RankPattern<Width>& pattern = kRankPatterns<Width>[mask];
    RankShuffle& shuffle = shuffles[mask];
    shuffle.file.fill(kShuffleZero);
    for (std::size_t slot = 0; slot < Width; ++slot) {
      shuffle.text[slot] = pattern.text[slot];
      if (pattern.file[slot] != Width) shuffle.file[slot] = pattern.file[slot];
    }
    shuffle.file[15] = static_cast<std::uint8_t>(kShuffleZero | pattern.length);
  }
  return shuffles;
}

template <std::size_t Width>
inline constexpr std::array<RankShuffle, (1u << Width)> kRankShuffles =
    make_rank_shuffles<Width>();

// Each writes the rank whose squares start at `row` and returns the end of its text. They read 16
// bytes from `row` (those past the rank are ignored) and store 16 at `out`: the caller has room
// for both.
#if defined(XFEN_SSSE3_DISPATCH)
template <std::size_t Width>
[[gnu::target("ssse3")]] inline char* put_rank_shuffled(char* out,
                                                        const unsigned char* row) noexcept {
  const __m128i squares = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row));
  const auto empty =
      static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(squares, _mm_setzero_si128())));
  const RankShuffle& shuffle = kRankShuffles<Width>[~empty & ((1u << Width) - 1)];
  const __m128i files = _mm_load_si128(reinterpret_cast<const __m128i*>(shuffle.file.data()));
  const __m128i text = _mm_load_si128(reinterpret_cast<const __m128i*>(shuffle.text.data()));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(out),
                   _mm_or_si128(_mm_shuffle_epi8(squares, files), text));
  return out + shuffle.length();
}
#elif defined(XFEN_NEON)
template <std::size_t Width>
inline char* put_rank_shuffled(char* out, const unsigned char* row) noexcept {
  // NEON has no byte mask instruction; the word-at-a-time occupancy serves instead.
  const RankShuffle& shuffle = kRankShuffles<Width>[occupancy<Width>(row)];
  const uint8x16_t letters = vqtbl1q_u8(vld1q_u8(row), vld1q_u8(shuffle.file.data()));
  const uint8x16_t text = vld1q_u8(reinterpret_cast<const std::uint8_t*>(shuffle.text.data()));
  vst1q_u8(reinterpret_cast<std::uint8_t*>(out), vorrq_u8(letters, text));
  return out + shuffle.length();
}
#endif

}  // namespace xfen::detail
