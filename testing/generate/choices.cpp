#include "generate/choices.hpp"

namespace xfen::generate {

int Choices::in_range(int low, int high) {
  return low + static_cast<int>(pick(static_cast<std::uint32_t>(high - low) + 1u));
}

std::uint32_t Choices::in_range(std::uint32_t low, std::uint32_t high) {
  return low + pick(high - low + 1u);
}

std::size_t Choices::weighted(std::initializer_list<std::uint32_t> weights) {
  std::uint32_t total = 0;
  for (const std::uint32_t weight : weights) total += weight;
  std::uint32_t chosen = pick(total);
  std::size_t index = 0;
  for (const std::uint32_t weight : weights) {
    if (chosen < weight) return index;
    chosen -= weight;
    ++index;
  }
  return index - 1;
}

}  // namespace xfen::generate
