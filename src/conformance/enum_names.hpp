// The names of a small enumeration whose enumerators are 0, 1, 2, … in the order of the names:
// both directions from one array, so that a name is written once.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace xfen::conformance {

template <typename Enum, std::size_t N>
std::string_view name_in(const std::array<std::string_view, N>& names, Enum value) noexcept {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index] : std::string_view{};
}

template <typename Enum, std::size_t N>
std::optional<Enum> value_named(const std::array<std::string_view, N>& names,
                                std::string_view name) noexcept {
  for (std::size_t index = 0; index < N; ++index)
    if (names[index] == name) return static_cast<Enum>(index);
  return std::nullopt;
}

}  // namespace xfen::conformance
