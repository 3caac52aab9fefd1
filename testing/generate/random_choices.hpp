// Choices from a seeded pseudo-random sequence (splitmix64): the same seed gives the same
// choices, on every platform. The tape driver records them; the structure-aware mutator draws its
// own decisions from them.
#pragma once

#include <cstdint>

#include "generate/choices.hpp"

namespace xfen::generate {

class RandomChoices final : public Choices {
 public:
  explicit RandomChoices(std::uint64_t seed) noexcept : state_(0x6A09E667F3BCC909ull ^ seed) {}

  // The next 64 bits of the sequence.
  std::uint64_t next() noexcept {
    state_ += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

 private:
  std::uint32_t draw(std::uint32_t bound) override {
    return static_cast<std::uint32_t>(next() % bound);
  }

  std::uint64_t state_;
};

}  // namespace xfen::generate
