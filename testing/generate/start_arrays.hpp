// Start arrays of Chess960 (Scharnagl's numbering, SP 0..959) and Capablanca Random Chess
// (index 0..83999), as back-rank letters for White. Used by the start-position generators
// (positions.hpp) and tests/start_positions_test.cpp.
#pragma once

#include <array>
#include <cstddef>

namespace xfen::generate {

using Array8 = std::array<char, 8>;
using Array10 = std::array<char, 10>;

// Puts `piece` on the nth still-empty ('.') square, counting from the a-file.
template <std::size_t W>
void place_on_empty(std::array<char, W>& a, int nth, char piece) {
  for (char& square : a) {
    if (square != '.') continue;
    if (nth-- == 0) {
      square = piece;
      return;
    }
  }
}

// The two knights' places among the five squares left when they are placed.
inline constexpr std::array<std::array<int, 2>, 10> kKnightPlaces{
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

// Knights (the later one first, so the earlier index still holds), then rook, king, rook on the
// three squares left: the king always stands between the rooks.
template <std::size_t W>
void place_knights_rooks_and_king(std::array<char, W>& a, int knight_places) {
  const auto knights = kKnightPlaces[static_cast<std::size_t>(knight_places)];
  place_on_empty(a, knights[1], 'N');
  place_on_empty(a, knights[0], 'N');
  place_on_empty(a, 0, 'R');
  place_on_empty(a, 0, 'K');
  place_on_empty(a, 0, 'R');
}

inline Array8 chess960_array(int sp) {
  Array8 a{};
  a.fill('.');
  int n = sp;
  a[static_cast<std::size_t>(2 * (n % 4) + 1)] = 'B';  // light-squared bishop: b, d, f, h
  n /= 4;
  a[static_cast<std::size_t>(2 * (n % 4))] = 'B';  // dark-squared bishop: a, c, e, g
  n /= 4;
  place_on_empty(a, n % 6, 'Q');
  place_knights_rooks_and_king(a, n / 6);
  return a;
}

// Bishops on opposite colours (5 × 5), queen, archbishop and chancellor on the 8 remaining
// squares (8 × 7 × 6), knights on two of the last 5 (10), then rook, king, rook.
inline constexpr int kCapablancaArrangements = 25 * 336 * 10;

inline Array10 capablanca_array(int index) {
  Array10 a{};
  a.fill('.');
  int n = index;
  a[static_cast<std::size_t>(2 * (n % 5) + 1)] = 'B';
  n /= 5;
  a[static_cast<std::size_t>(2 * (n % 5))] = 'B';
  n /= 5;
  place_on_empty(a, n % 8, 'Q');
  n /= 8;
  place_on_empty(a, n % 7, 'A');
  n /= 7;
  place_on_empty(a, n % 6, 'C');
  place_knights_rooks_and_king(a, n / 6);
  return a;
}

}  // namespace xfen::generate
