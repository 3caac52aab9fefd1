#include "mode_names.hpp"

#include <array>

#include "enum_names.hpp"

namespace xfen::certify {
namespace {

// Indexed by Mode.
constexpr std::array<std::string_view, 2> kNames{"stream", "per-case"};

}  // namespace

std::string_view mode_name(Mode mode) noexcept { return conformance::name_in(kNames, mode); }

std::optional<Mode> mode_from_name(std::string_view name) noexcept {
  return conformance::value_named<Mode>(kNames, name);
}

std::span<const std::string_view> mode_names() noexcept { return kNames; }

}  // namespace xfen::certify
