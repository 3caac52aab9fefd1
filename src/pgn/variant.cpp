#include "pgn/variant.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace xfen::pgn {

namespace {

// The longest name below is shorter than this; a longer value names no family we know.
constexpr std::size_t kMaxFoldedName = 32;

struct KnownName {
  std::string_view folded;  // lower case, without ' ', '-' and '_'
  VariantFamily family;
};

// Names seen in the wild (PGN exports of lichess, chess.com, Fritz/ChessBase, WinBoard, PyChess,
// Fairy-Stockfish, the CRC literature), folded.
constexpr std::array kKnownNames{
    KnownName{"standard", VariantFamily::standard},
    KnownName{"chess", VariantFamily::standard},
    KnownName{"normal", VariantFamily::standard},
    KnownName{"orthodox", VariantFamily::standard},
    KnownName{"fromposition", VariantFamily::standard},
    KnownName{"chess960", VariantFamily::chess960},
    KnownName{"960", VariantFamily::chess960},
    KnownName{"frc", VariantFamily::chess960},
    KnownName{"fischerandom", VariantFamily::chess960},
    KnownName{"fischerrandom", VariantFamily::chess960},
    KnownName{"fischerandomchess", VariantFamily::chess960},
    KnownName{"fischerrandomchess", VariantFamily::chess960},
    KnownName{"shufflechess", VariantFamily::chess960},
    KnownName{"capablanca", VariantFamily::capablanca},
    KnownName{"capablancachess", VariantFamily::capablanca},
    KnownName{"capa", VariantFamily::capablanca},
    KnownName{"capablancarandom", VariantFamily::capablanca},
    KnownName{"capablancarandomchess", VariantFamily::capablanca},
    KnownName{"crc", VariantFamily::capablanca},
    KnownName{"caparandom", VariantFamily::capablanca},
    KnownName{"gothic", VariantFamily::capablanca},
    KnownName{"gothicchess", VariantFamily::capablanca},
    KnownName{"embassy", VariantFamily::capablanca},
    KnownName{"embassychess", VariantFamily::capablanca},
    KnownName{"janus", VariantFamily::capablanca},
    KnownName{"januschess", VariantFamily::capablanca},
};

char lower_ascii(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

VariantFamily variant_family(std::string_view variant_tag_value) noexcept {
  std::array<char, kMaxFoldedName> folded{};
  std::size_t size = 0;
  for (const char c : variant_tag_value) {
    if (c == ' ' || c == '-' || c == '_') continue;
    if (size == folded.size()) return VariantFamily::other;
    folded[size++] = lower_ascii(c);
  }
  const std::string_view name(folded.data(), size);
  if (name.empty()) return VariantFamily::standard;  // [Variant ""] says nothing
  const auto* known = std::find_if(kKnownNames.begin(), kKnownNames.end(),
                                   [name](const KnownName& k) { return k.folded == name; });
  return known == kKnownNames.end() ? VariantFamily::other : known->family;
}

std::optional<int> required_width(VariantFamily family) noexcept {
  switch (family) {
    case VariantFamily::standard:
    case VariantFamily::chess960:
      return 8;
    case VariantFamily::capablanca:
      return 10;
    case VariantFamily::other:
      break;
  }
  return std::nullopt;
}

std::string_view family_description(VariantFamily family) noexcept {
  switch (family) {
    case VariantFamily::standard:
      return "standard chess";
    case VariantFamily::chess960:
      return "Chess960";
    case VariantFamily::capablanca:
      return "a Capablanca variant";
    case VariantFamily::other:
      break;
  }
  return "a variant X-FEN does not describe";
}

}  // namespace xfen::pgn
