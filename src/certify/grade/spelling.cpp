#include "certify/grade/spelling.hpp"

#include <array>

#include "conformance/enum_names.hpp"

namespace xfen::certify {
namespace {

constexpr std::array<Spelling, 4> kAll{Spelling::shredder, Spelling::classic, Spelling::ep_always,
                                       Spelling::ep_legal};
// Indexed by Spelling.
constexpr std::array<std::string_view, 4> kNames{"shredder", "classic", "ep-always", "ep-legal"};

std::optional<Spelling> castling_spelling(CastlingStyle style) noexcept {
  switch (style) {
    case CastlingStyle::xfen: return std::nullopt;
    case CastlingStyle::shredder: return Spelling::shredder;
    case CastlingStyle::classic: return Spelling::classic;
  }
  return std::nullopt;
}

std::optional<Spelling> en_passant_spelling(EnPassantStyle style) noexcept {
  switch (style) {
    case EnPassantStyle::xfen: return std::nullopt;
    case EnPassantStyle::always: return Spelling::ep_always;
    case EnPassantStyle::legal: return Spelling::ep_legal;
  }
  return std::nullopt;
}

}  // namespace

std::string_view spelling_name(Spelling spelling) noexcept {
  return conformance::name_in(kNames, spelling);
}

std::optional<Spelling> spelling_from_name(std::string_view name) noexcept {
  return conformance::value_named<Spelling>(kNames, name);
}

std::span<const Spelling> all_spellings() noexcept { return kAll; }

bool SpellingSet::allows(const WriteOptions& style) const noexcept {
  const auto castling = castling_spelling(style.castling);
  const auto en_passant = en_passant_spelling(style.en_passant);
  return (!castling || contains(*castling)) && (!en_passant || contains(*en_passant));
}

std::string describe_style(const WriteOptions& style) {
  std::string text;
  if (style.castling == CastlingStyle::shredder) text = "Shredder castling letters";
  if (style.castling == CastlingStyle::classic) text = "classic K/Q castling letters";
  const char* en_passant = style.en_passant == EnPassantStyle::always  ? "en passant square always written"
                           : style.en_passant == EnPassantStyle::legal ? "en passant square only when a capture is legal"
                                                                        : nullptr;
  if (en_passant) {
    if (!text.empty()) text += ", ";
    text += en_passant;
  }
  return text.empty() ? "X-FEN" : text;
}

std::string spelling_list(const WriteOptions& style) {
  std::string names;
  for (const auto spelling : {castling_spelling(style.castling), en_passant_spelling(style.en_passant)})
    if (spelling) {
      if (!names.empty()) names += ',';
      names += spelling_name(*spelling);
    }
  return names;
}

std::string_view describe_layout(RecordFields layout) noexcept {
  switch (layout) {
    case RecordFields::full: return "X-FEN (six fields)";
    case RecordFields::epd: return "EPD (four fields, no clocks)";
    case RecordFields::board: return "the board alone";
  }
  return "";
}

}  // namespace xfen::certify
