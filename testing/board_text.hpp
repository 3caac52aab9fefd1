// The board field of a position, written by test code rather than by xfen::write: the reference a
// writer test compares with, and what a crash note shows when the writer itself may be what
// crashed. Ranks from 8 down, separated by '/', runs of empty squares as their count.
#pragma once

#include <string>

#include "xfen/xfen.hpp"

namespace xfen::testing {

inline std::string board_text(const Position& p) {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < p.width; ++file) {
      const Piece piece = p.at(make_square(file, rank));
      if (piece.empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) out += std::to_string(empty);
      empty = 0;
      out += piece.letter();
    }
    if (empty > 0) out += std::to_string(empty);
    if (rank > 0) out += '/';
  }
  return out;
}

}  // namespace xfen::testing
