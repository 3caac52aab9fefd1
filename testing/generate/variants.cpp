#include "generate/variants.hpp"

#include <array>
#include <cstddef>
#include <utility>

#include "generate/positions.hpp"
#include "xfen/write.hpp"

namespace xfen::generate {

std::ostream& operator<<(std::ostream& os, const Variant& variant) {
  return os << "canonical \"" << variant.canonical << "\" variant \"" << variant.text
            << "\" kind " << static_cast<int>(variant.kind);
}

std::vector<std::string> split_fields(const std::string& record) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (;;) {
    const std::size_t space = record.find(' ', start);
    fields.push_back(record.substr(start, space - start));
    if (space == std::string::npos) return fields;
    start = space + 1;
  }
}

std::string join_fields(const std::vector<std::string>& fields) {
  std::string out;
  for (const auto& field : fields) {
    if (!out.empty()) out.push_back(' ');
    out.append(field);
  }
  return out;
}

namespace {

// The rights as tokens in a shuffled order, each outermost rook as K/Q or as its file letter.
std::string shuffled_castling(Choices& choices, const Position& position) {
  const CastlingRights& rights = position.castling;
  std::vector<char> tokens;
  for (const Color side_color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      const auto file = rights.rook_file(side_color, side);
      if (!file) continue;
      const bool outermost = outermost_rook_file(position, side_color, side) == file;
      char letter = outermost && choices.boolean() ? (side == CastlingSide::h_side ? 'K' : 'Q')
                                                   : static_cast<char>('A' + *file);
      if (side_color == Color::black) letter = static_cast<char>(letter - 'A' + 'a');
      tokens.push_back(letter);
    }
  // Fisher-Yates, where choice 0 leaves a token in place.
  for (std::size_t i = tokens.size(); i > 1; --i) {
    const std::size_t last = i - 1;
    std::swap(tokens[last], tokens[last - choices.pick(static_cast<std::uint32_t>(i))]);
  }
  std::string field;
  if (rights.mode == CastlingMode::symmetric) field += 's';
  if (rights.mode == CastlingMode::modern) field += 'm';
  field.append(tokens.begin(), tokens.end());
  return field;
}

// Runs of 0-3 extra blank bytes (spaces, and tabs) before, between and after the fields.
std::string spaced_out(Choices& choices, const std::vector<std::string>& fields) {
  const auto add_blanks = [&choices](std::string& out) {
    constexpr std::array kBlanks = {' ', ' ', '\t'};
    const std::uint32_t extra = choices.pick(4);
    for (std::uint32_t i = 0; i < extra; ++i) out.push_back(choices.element(kBlanks));
  };
  std::string text;
  add_blanks(text);
  for (std::size_t i = 0; i < fields.size(); ++i) {
    text.append(fields[i]);
    if (i + 1 < fields.size()) text.push_back(' ');
    add_blanks(text);
  }
  return text;
}

}  // namespace

Variant variant(Choices& choices) {
  Variant v;
  v.kind = static_cast<VariantKind>(choices.pick(kVariantKinds));
  if (v.kind == VariantKind::plain_en_passant) {
    EnPassantCase c = en_passant_case(choices);
    for (int file = 0; file < c.position.width; ++file)  // no capturer: clear the pawns' rank
      if (make_square(file, c.pushed.rank) != c.pushed)
        c.position.put(make_square(file, c.pushed.rank), Piece());
    v.position = c.position;
  } else {
    switch (choices.pick(3)) {
      case 0: v.position = castling_position(choices); break;
      case 1: v.position = arbitrary_position(choices); break;
      default: v.position = start_position(choices); break;
    }
  }
  v.canonical = to_string(v.position).text;
  std::vector<std::string> fields = split_fields(v.canonical);
  switch (v.kind) {
    case VariantKind::shredder:
      v.text = to_string(v.position, {CastlingStyle::shredder, EnPassantStyle::xfen}).text;
      break;
    case VariantKind::shuffled:
      if (v.position.castling.any()) fields[2] = shuffled_castling(choices, v.position);
      v.text = join_fields(fields);
      break;
    case VariantKind::plain_en_passant:
      v.text = to_string(v.position, {CastlingStyle::xfen, EnPassantStyle::always}).text;
      break;
    case VariantKind::lenient_spacing:
      v.text = spaced_out(choices, fields);
      break;
  }
  return v;
}

}  // namespace xfen::generate
