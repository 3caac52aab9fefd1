// Properties 6 (lenient reading accepts a superset of strict reading) and 7 (a record corrupted at
// one byte is rejected at an offset in the right field, or accepted and then round-trips).
#define BOOST_TEST_MODULE lenient_error_property
#include <rapidcheck/boost_test.h>

#include <array>
#include <cstddef>
#include <string>

#include "rapidcheck_choices.hpp"

namespace {

using namespace xfen;

const ParseOptions kLenient{Profile::lenient};

struct Corrupted {
  std::string original;
  std::string text;
  std::size_t at = 0;
};

std::ostream& operator<<(std::ostream& os, const Corrupted& c) {
  return os << "\"" << c.text << "\" (byte " << c.at << " of \"" << c.original << "\")";
}

rc::Gen<Corrupted> corrupted_records() {
  return rc::gen::exec([] {
    Corrupted c;
    c.original = to_string(*rc::gen::arbitrary<Position>()).text;
    c.text = c.original;
    // Any byte, or (half the time) a byte after the board, where the other fields are.
    const std::size_t board_end = c.original.find(' ');
    c.at = *rc::gen::oneOf(rc::gen::inRange<std::size_t>(0, c.original.size()),
                           rc::gen::inRange<std::size_t>(board_end, c.original.size()));
    const char byte = *rc::gen::oneOf(
        rc::gen::element(' ', '-', '/', '0', '1', '9', 'K', 'Q', 'k', 'q', 'A', 'H', 'J', 'a',
                         'e', 'w', 'b', 'p', 'R', 'x', '\t'),
        rc::gen::arbitrary<char>());
    c.text[c.at] = byte;
    return c;
  });
}

// The field (0 board … 5 fullmove) holding byte `offset` of `record`, a field's end counting as
// part of it (errors "at the end of the board" point there). -1 when `offset` is past the end.
int field_index_at(const std::string& record, std::size_t offset) {
  if (offset > record.size()) return -1;
  int field = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (record[i] == ' ') ++field;
  return field;
}

Field field_of_index(int index) {
  constexpr std::array<Field, 6> kFields = {Field::board,    Field::side_to_move,
                                            Field::castling, Field::en_passant,
                                            Field::halfmove_clock, Field::fullmove_number};
  return index >= 0 && index < 6 ? kFields[static_cast<std::size_t>(index)] : Field::record;
}

void assert_lenient_agrees(const std::string& text) {
  const auto strict = parse(text);
  if (!strict.ok()) return;
  const auto lenient = parse(text, kLenient);
  RC_ASSERT(lenient.ok());
  RC_ASSERT(lenient.warnings.empty());
  RC_ASSERT(lenient.position == strict.position);
  RC_ASSERT(lenient.position.castling == strict.position.castling);
  RC_ASSERT(lenient.position.en_passant == strict.position.en_passant);
}

}  // namespace

// 6. Whatever strict reading accepts, lenient reading accepts with the same position and no
//    warning; lenient spacing is accepted leniently, with warnings, as the same position.
RC_BOOST_PROP(lenient_accepts_what_strict_accepts, (const Position& p)) {
  assert_lenient_agrees(to_string(p).text);
  assert_lenient_agrees(to_string(p, {CastlingStyle::shredder, EnPassantStyle::always}).text);
}

RC_BOOST_PROP(lenient_agrees_on_textual_variants, ()) {
  const auto v = *prop::gen(generate::variant);
  RC_TAG(static_cast<int>(v.kind));
  if (v.kind != generate::VariantKind::lenient_spacing) {
    RC_ASSERT(parse(v.text).ok());
    assert_lenient_agrees(v.text);
    return;
  }
  const auto lenient = parse(v.text, kLenient);
  RC_ASSERT(lenient.ok());
  RC_ASSERT(lenient.position == v.position);
  RC_ASSERT(to_string(lenient.position).text == v.canonical);
  if (v.text != v.canonical) {
    RC_ASSERT(!parse(v.text).ok());
    RC_ASSERT(!lenient.warnings.empty());
  }
}

RC_BOOST_PROP(lenient_agrees_on_corrupted_records, ()) {
  assert_lenient_agrees((*corrupted_records()).text);
}

// 7. A record corrupted at one byte is rejected with an offset inside it and the field holding
//    that offset (or a record-structure code), never a field before the corrupted byte; or it is
//    accepted and round-trips.
RC_BOOST_PROP(one_byte_corruption_is_located, ()) {
  const auto c = *corrupted_records();
  const auto result = parse(c.text);
  if (result.ok()) {
    RC_TAG("accepted");
    const auto written = to_string(result.position);
    RC_ASSERT(written.ok());
    const auto again = parse(written.text);
    RC_ASSERT(again.ok());
    RC_ASSERT(again.position == result.position);
    RC_ASSERT(to_string(again.position).text == written.text);
    return;
  }
  RC_TAG(std::string(code_name(result.error.code)));
  RC_ASSERT(result.error.offset <= c.text.size());
  const Field field = code_field(result.error.code);
  if (field == Field::record) return;
  const int at_offset = field_index_at(c.text, result.error.offset);
  RC_ASSERT(field == field_of_index(at_offset));
  if (c.text[c.at] != ' ' && c.original[c.at] != ' ')
    RC_ASSERT(at_offset >= field_index_at(c.text, c.at));
}
