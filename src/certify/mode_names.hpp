// The names of the runner's modes as --mode and the reports spell them: "stream", "per-case".
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "runner.hpp"

namespace xfen::certify {

std::string_view mode_name(Mode mode) noexcept;
std::optional<Mode> mode_from_name(std::string_view name) noexcept;
std::span<const std::string_view> mode_names() noexcept;  // the default first

}  // namespace xfen::certify
