#include "certify/grade/spelling.hpp"

#include <array>
#include <string>

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

WriteOptions SpellingSet::declared_style() const noexcept {
  WriteOptions style;
  if (contains(Spelling::shredder)) style.castling = CastlingStyle::shredder;
  if (contains(Spelling::classic)) style.castling = CastlingStyle::classic;
  if (contains(Spelling::ep_always)) style.en_passant = EnPassantStyle::always;
  if (contains(Spelling::ep_legal)) style.en_passant = EnPassantStyle::legal;
  return style;
}

std::optional<std::string> SpellingSet::conflict() const {
  const auto both = [this](Spelling a, Spelling b, std::string_view field) -> std::optional<std::string> {
    if (!contains(a) || !contains(b)) return std::nullopt;
    return std::string(spelling_name(a)) + " and " + std::string(spelling_name(b)) + " are two spellings of " +
           std::string(field) + ": a program writes a field one way, so declare one of them";
  };
  if (auto castling = both(Spelling::shredder, Spelling::classic, "the castling field")) return castling;
  return both(Spelling::ep_always, Spelling::ep_legal, "the en passant field");
}

std::optional<std::string> declared_writing(const Position& position, const WriteOptions& declared,
                                            RecordFields layout) {
  std::array<char, kMaxRecordSize> buffer{};
  WriteOptions style = declared;
  style.fields = layout;
  WriteResult written = write(position, buffer, style);
  if (!written.ok() && style.castling == CastlingStyle::classic) {
    style.castling = CastlingStyle::xfen;
    written = write(position, buffer, style);
  }
  if (!written.ok()) return std::nullopt;
  return std::string(buffer.data(), written.size);
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
