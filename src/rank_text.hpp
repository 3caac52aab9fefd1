// Writing one rank of the board: the writer's hot loop.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "byte_words.hpp"
#include "xfen/piece.hpp"

namespace xfen::detail {

// A rank's text depends only on which of its squares are occupied and by what. A table, indexed
// by the occupancy mask, holds the text with the counts filled in and, for each letter slot, the
// file whose letter goes there. Writing a rank is then a fixed sequence of loads and stores, with
// none of the branches that the gaps between pieces would mispredict.
template <std::size_t Width>
struct RankPattern {
  std::uint8_t length = 0;
  std::array<char, Width> text{};          // the counts; 0 in letter slots
  std::array<std::uint8_t, Width> file{};  // the file whose letter fills a slot; Width elsewhere
};

template <std::size_t Width>
consteval std::array<RankPattern<Width>, (1u << Width)> make_rank_patterns() noexcept {
  std::array<RankPattern<Width>, (1u << Width)> patterns{};
  for (unsigned mask = 0; mask < (1u << Width); ++mask) {
    RankPattern<Width>& pattern = patterns[mask];
    pattern.file.fill(static_cast<std::uint8_t>(Width));
    unsigned empty = 0;
    for (std::size_t file = 0; file <= Width; ++file) {
      const bool occupied = file < Width && ((mask >> file) & 1u) != 0;
      if ((occupied || file == Width) && empty != 0) {
        if (empty >= 10) pattern.text[pattern.length++] = static_cast<char>('0' + empty / 10);
        pattern.text[pattern.length++] = static_cast<char>('0' + empty % 10);
        empty = 0;
      }
      if (occupied) pattern.file[pattern.length++] = static_cast<std::uint8_t>(file);
      if (file < Width && !occupied) ++empty;
    }
  }
  return patterns;
}

template <std::size_t Width>
inline constexpr std::array<RankPattern<Width>, (1u << Width)> kRankPatterns =
    make_rank_patterns<Width>();

// Bit f set when file f is occupied.
template <std::size_t Width>
unsigned occupancy(const std::uint8_t* codes) noexcept {
  unsigned mask = 0;
  std::size_t file = 0;
  if constexpr (kByteWords) {
    mask = gather_marks(bytes_not_zero(load_word(codes)));
    file = 8;
  }
  for (; file < Width; ++file) mask |= (codes[file] != 0 ? 1u : 0u) << file;
  return mask;
}

// Writes the rank and returns the end of its text. Always stores Width bytes: the caller's buffer
// has room past any board, and only the pattern's length of them count.
template <std::size_t Width>
char* put_rank(char* out, const Piece* row) noexcept {
  std::array<std::uint8_t, Width + 1> codes{};  // codes[Width] stays 0, the letter of count slots
  std::memcpy(codes.data(), row, Width);
  const RankPattern<Width>& pattern = kRankPatterns<Width>[occupancy<Width>(codes.data())];
  for (std::size_t slot = 0; slot < Width; ++slot)
    out[slot] = static_cast<char>(pattern.text[slot] | codes[pattern.file[slot]]);
  return out + pattern.length;
}

}  // namespace xfen::detail
