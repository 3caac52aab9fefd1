// What a PGN Variant tag says about the start position, as far as X-FEN is concerned: standard
// chess, Chess960 (8 files) or a Capablanca variant (10 files), under the many names collections
// use for each; anything else is a variant X-FEN does not describe (crazyhouse, atomic, ...).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace xfen::pgn {

enum class VariantFamily : std::uint8_t {
  standard,    // no Variant tag, or "Standard", "Chess", "From Position", ...
  chess960,    // "Chess960", "Fischerandom", "chess 960", "FRC", ...: 8 files, FEN required
  capablanca,  // "Capablanca", "Capablanca Random", "CRC", "Caparandom", "Gothic", ...: 10 files,
               // FEN required
  other,       // a variant X-FEN does not describe: its FEN is not read
};

// The family a Variant tag's value names. Case, spaces, '-' and '_' are ignored, so "Chess 960",
// "chess-960" and "CHESS960" are one name.
VariantFamily variant_family(std::string_view variant_tag_value) noexcept;

// The board width a family requires: 8 or 10; nothing for `other`.
std::optional<int> required_width(VariantFamily family) noexcept;

// "standard chess", "Chess960", "a Capablanca variant", "a variant X-FEN does not describe".
std::string_view family_description(VariantFamily family) noexcept;

}  // namespace xfen::pgn
