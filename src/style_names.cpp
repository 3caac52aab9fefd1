#include "xfen/style_names.hpp"

#include <array>
#include <cstddef>

namespace xfen {
namespace {

// Indexed by the enumerations' values, which are declared in this order.
constexpr std::array<std::string_view, 2> kProfiles = {"strict", "lenient"};
constexpr std::array<std::string_view, 3> kCastlingStyles = {"xfen", "shredder", "classic"};
constexpr std::array<std::string_view, 3> kEnPassantStyles = {"xfen", "always", "legal"};
constexpr std::array<std::string_view, 3> kFieldLayouts = {"full", "epd", "board"};

template <typename Enum, std::size_t N>
std::string_view name_of(const std::array<std::string_view, N>& names, Enum value) noexcept {
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index] : std::string_view{};
}

template <typename Enum, std::size_t N>
std::optional<Enum> value_of(const std::array<std::string_view, N>& names,
                             std::string_view name) noexcept {
  for (std::size_t index = 0; index < N; ++index)
    if (names[index] == name) return static_cast<Enum>(index);
  return std::nullopt;
}

}  // namespace

std::string_view style_name(Profile profile) noexcept { return name_of(kProfiles, profile); }
std::string_view style_name(CastlingStyle style) noexcept { return name_of(kCastlingStyles, style); }
std::string_view style_name(EnPassantStyle style) noexcept {
  return name_of(kEnPassantStyles, style);
}
std::string_view style_name(RecordFields fields) noexcept { return name_of(kFieldLayouts, fields); }

std::optional<Profile> profile_from_name(std::string_view name) noexcept {
  return value_of<Profile>(kProfiles, name);
}
std::optional<CastlingStyle> castling_style_from_name(std::string_view name) noexcept {
  return value_of<CastlingStyle>(kCastlingStyles, name);
}
std::optional<EnPassantStyle> en_passant_style_from_name(std::string_view name) noexcept {
  return value_of<EnPassantStyle>(kEnPassantStyles, name);
}
std::optional<RecordFields> record_fields_from_name(std::string_view name) noexcept {
  return value_of<RecordFields>(kFieldLayouts, name);
}

std::span<const std::string_view> profile_names() noexcept { return kProfiles; }
std::span<const std::string_view> castling_style_names() noexcept { return kCastlingStyles; }
std::span<const std::string_view> en_passant_style_names() noexcept { return kEnPassantStyles; }
std::span<const std::string_view> record_fields_names() noexcept { return kFieldLayouts; }

}  // namespace xfen
