// The one interface every generator of test positions is written against: a source of bounded
// choices. Three drivers implement it: RapidCheck's draws (properties/rapidcheck_choices.hpp, so
// RapidCheck shrinks them), libFuzzer's FuzzedDataProvider (fuzz/roundtrip.cpp) and the seeded,
// recording tape (tape.hpp), which can shrink on its own.
//
// The convention that makes shrinking work whatever the driver: choice 0 is always the simplest
// option (no extra piece, no feature, the first and most ordinary alternative), so lowering a
// choice towards 0 simplifies what is generated, and a tape that runs out reads as all zeros.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace xfen::generate {

class Choices {
 public:
  virtual ~Choices() = default;

  // A value in [0, bound). A bound of 0 or 1 leaves nothing to choose: 0, and no choice is made.
  std::uint32_t pick(std::uint32_t bound) { return bound <= 1 ? 0 : draw(bound); }

  // false for choice 0.
  bool boolean() { return pick(2) == 1; }
  // true about one time in n; false for choice 0.
  bool one_in(std::uint32_t n) { return n <= 1 || pick(n) == n - 1; }
  // A value in [low, high] (low <= high, high - low < 2^32 - 1); low for choice 0.
  int in_range(int low, int high);
  std::uint32_t in_range(std::uint32_t low, std::uint32_t high);
  // An index into `weights`, i with probability weights[i] / sum; index 0 for choice 0, so the
  // simplest alternative comes first.
  std::size_t weighted(std::initializer_list<std::uint32_t> weights);

  template <class T, std::size_t N>
  const T& element(const std::array<T, N>& items) {
    return items[pick(static_cast<std::uint32_t>(N))];
  }
  template <class T>
  const T& element(const std::vector<T>& items) {  // items must not be empty
    return items[pick(static_cast<std::uint32_t>(items.size()))];
  }

 protected:
  Choices() = default;
  Choices(const Choices&) = default;
  Choices& operator=(const Choices&) = default;

 private:
  // A value in [0, bound), bound >= 2: the driver's one job.
  virtual std::uint32_t draw(std::uint32_t bound) = 0;
};

}  // namespace xfen::generate
