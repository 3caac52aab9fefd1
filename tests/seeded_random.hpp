// A small fixed-seed generator for tests that draw many positions: every run tests the same
// ones, so a failure reproduces; no dependency on the generator library's choices.
#pragma once

#include <cstdint>

namespace xfen_test {

struct Random {
  std::uint64_t state;
  std::uint32_t next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;  // Knuth's MMIX LCG
    return static_cast<std::uint32_t>(state >> 33);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint32_t>(n)); }
  bool one_in(int n) { return below(n) == 0; }
};

}  // namespace xfen_test
