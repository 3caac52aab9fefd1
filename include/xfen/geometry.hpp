// Board geometry shared by 8×8 (Chess960) and 10×8 (Capablanca) positions.
#pragma once

#include <cstddef>
#include <cstdint>

namespace xfen {

inline constexpr int kMaxFiles = 10;
inline constexpr int kRanks = 8;
inline constexpr int kMaxSquares = kMaxFiles * kRanks;

enum class Color : std::uint8_t { white = 0, black = 1 };

constexpr Color opposite(Color color) noexcept {
  return color == Color::white ? Color::black : Color::white;
}

// The rank (0-based) on which a colour's king and rooks start and castle.
constexpr int back_rank(Color color) noexcept { return color == Color::white ? 0 : kRanks - 1; }

// 0-based coordinates: file 0 is the a-file, rank 0 is rank 1.
struct Square {
  std::int8_t file = -1;
  std::int8_t rank = -1;

  constexpr bool is_valid(int width) const noexcept {
    return file >= 0 && file < width && rank >= 0 && rank < kRanks;
  }
  constexpr std::size_t index() const noexcept {
    return static_cast<std::size_t>(rank * kMaxFiles + file);
  }
  constexpr char file_letter() const noexcept { return static_cast<char>('a' + file); }
  constexpr char rank_digit() const noexcept { return static_cast<char>('1' + rank); }
  friend constexpr bool operator==(Square, Square) noexcept = default;
};

constexpr Square make_square(int file, int rank) noexcept {
  return Square{static_cast<std::int8_t>(file), static_cast<std::int8_t>(rank)};
}

}  // namespace xfen
