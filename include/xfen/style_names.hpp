// The names of the reading profiles and writing styles, as the command's options, the
// conformance suite and reports spell them. Defined here once, so that no tool keeps its own list.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "xfen/parse.hpp"
#include "xfen/write.hpp"
#include "xfen/export.hpp"

namespace xfen {

[[nodiscard]] XFEN_EXPORT std::string_view style_name(Profile profile) noexcept;        // "strict", "lenient"
[[nodiscard]] XFEN_EXPORT std::string_view style_name(CastlingStyle style) noexcept;    // "xfen", "shredder", "classic"
[[nodiscard]] XFEN_EXPORT std::string_view style_name(EnPassantStyle style) noexcept;   // "xfen", "always", "legal"
[[nodiscard]] XFEN_EXPORT std::string_view style_name(RecordFields fields) noexcept;    // "full", "epd", "board"

// The value a name stands for; nothing for any other text (names are case-sensitive).
[[nodiscard]] XFEN_EXPORT std::optional<Profile> profile_from_name(std::string_view name) noexcept;
[[nodiscard]] XFEN_EXPORT std::optional<CastlingStyle> castling_style_from_name(std::string_view name) noexcept;
[[nodiscard]] XFEN_EXPORT std::optional<EnPassantStyle> en_passant_style_from_name(std::string_view name) noexcept;
[[nodiscard]] XFEN_EXPORT std::optional<RecordFields> record_fields_from_name(std::string_view name) noexcept;

// Every name, in the order of the enumeration, for help texts and generators.
[[nodiscard]] XFEN_EXPORT std::span<const std::string_view> profile_names() noexcept;
[[nodiscard]] XFEN_EXPORT std::span<const std::string_view> castling_style_names() noexcept;
[[nodiscard]] XFEN_EXPORT std::span<const std::string_view> en_passant_style_names() noexcept;
[[nodiscard]] XFEN_EXPORT std::span<const std::string_view> record_fields_names() noexcept;

}  // namespace xfen
