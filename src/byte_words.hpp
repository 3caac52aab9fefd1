// Eight bytes at a time in a 64-bit word: the byte tests the parser and the writer make of every
// record, without a loop over the bytes or a vector unit the target may not have.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace xfen::detail {

// The word-at-a-time paths read bytes in memory order, lowest address in the lowest byte; other
// targets take the byte loops beside them.
inline constexpr bool kByteWords = std::endian::native == std::endian::little;

inline std::uint64_t load_word(const void* bytes) noexcept {
  std::uint64_t word = 0;
  std::memcpy(&word, bytes, sizeof word);
  return word;
}

inline constexpr std::uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;

// Marks with 0x80 each byte of `word` that equals `byte`, exactly (no false positives from
// borrows, unlike the shorter has-zero-byte trick).
constexpr std::uint64_t bytes_equal_to(std::uint64_t word, std::uint8_t byte) noexcept {
  const std::uint64_t differs = word ^ (0x0101010101010101ULL * byte);
  return ~(((differs & kLow7) + kLow7) | differs | kLow7);
}

// Marks with 0x80 each byte of `word` that is not 0.
constexpr std::uint64_t bytes_not_zero(std::uint64_t word) noexcept {
  return (((word & kLow7) + kLow7) | word) & ~kLow7;
}

// Bit i set when byte i of `marks` (each byte 0x80 or 0) is marked. The multiplication gathers
// bit 8i+7 into bit 56+i; the products never overlap, so nothing carries.
constexpr unsigned gather_marks(std::uint64_t marks) noexcept {
  return static_cast<unsigned>(((marks >> 7) * 0x0102040810204080ULL) >> 56);
}

}  // namespace xfen::detail
