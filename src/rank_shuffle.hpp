// Writing one rank with SSSE3's byte shuffle: the rank table of rank_text.hpp turned into, for each
// occupancy, a shuffle that moves each letter to its slot and the text of the counts around them,
// so that a rank is one load, one shuffle, one OR and one store.
#pragma once

#include "cpu_features.hpp"

#if defined(XFEN_X86_DISPATCH)
#include <tmmintrin.h>

#include <array>
#include <cstdint>

#include "rank_text.hpp"

namespace xfen::detail {

struct alignas(16) RankShuffle {
  std::array<char, 16> text{};  // the counts; 0 in letter slots and past the rank's text
  // The file whose letter fills a slot; 0x80 (pshufb's "zero") in count slots and past the text,
  // except lane 15, which holds 0x80 | the text's length (a shuffle lane with 0x80 set reads
  // nothing, so the length rides along for free).
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

// Writes the rank whose squares start at `row` and returns the end of its text. Reads 16 bytes
// from `row` (those past the rank are ignored) and stores 16 at `out`: the caller has room for
// both.
template <std::size_t Width>
[[gnu::target("ssse3")]] inline char* put_rank_ssse3(char* out, const unsigned char* row) noexcept {
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

}  // namespace xfen::detail

#endif
