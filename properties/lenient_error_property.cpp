// Properties 6 (lenient reading accepts a superset of strict reading) and 7 (a record corrupted at
// one byte is rejected at an offset in the right field, or accepted and then round-trips).
#define BOOST_TEST_MODULE lenient_error_property
#include <rapidcheck/boost_test.h>

#include <array>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

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

// Bytes of the kind that stands at `at` in the field holding it: a blank for a space, a piece
// letter or a count on the board, a side, a castling token or prefix, a square's letter or rank,
// a digit in a counter. Such a corruption often leaves a record that one profile or both read, so
// most cases of the properties below compare something rather than stop at a rejection.
std::string similar_bytes(const std::string& record, std::size_t at) {
  const char byte = record[at];
  if (byte == ' ') return " \t\n\r\v\f";
  switch (field_index_at(record, at)) {
    case 0:
      if (byte == '/') return "/1";
      return byte >= '0' && byte <= '9' ? "123456789" : "KQRBNPACkqrbnpac";
    case 1: return "wb";
    case 2: return "KQkqABCDEFGHIJabcdefghijsm-";
    case 3: return "abcdefghij0123456789-";
    default: return "0123456789";
  }
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
    const std::string similar = similar_bytes(c.original, c.at);
    const char byte = *rc::gen::weightedOneOf<char>(
        {{4, rc::gen::elementOf(similar)},
         {1, rc::gen::element(' ', '-', '/', '0', '1', '9', 'K', 'Q', 'k', 'q', 'A', 'H', 'J', 'a',
                              'e', 'w', 'b', 'p', 'R', 'x', '\t')},
         {1, rc::gen::arbitrary<char>()}});
    c.text[c.at] = byte;
    prop::testing(c.text);
    return c;
  });
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

// Most records corrupted at one byte are rejected by both profiles, and such a case compares
// nothing. So the property counts the cases that reach a comparison, and
// corrupted_records_mostly_compare fails the run when too few did (a generator or a change that
// made nearly every case vacuous would otherwise pass unnoticed).
struct CorruptionTally {
  std::size_t compared = 0;  // cases in which an assertion compared the two profiles
};
CorruptionTally corruption_tally;

RC_BOOST_PROP(lenient_agrees_on_corrupted_records, ()) {
  const auto c = *corrupted_records();
  const auto strict = parse(c.text);
  const auto lenient = parse(c.text, kLenient);
  RC_CLASSIFY(strict.ok(), "strict accepts");
  RC_CLASSIFY(!strict.ok() && lenient.ok(), "lenient only");
  RC_CLASSIFY(!lenient.ok(), "both reject");
  if (strict.ok()) {
    ++corruption_tally.compared;
    assert_lenient_agrees(c.text);
  } else if (lenient.ok()) {
    // What strict rejects, lenient accepts only by a relaxation, and says so (R9); what it
    // accepts writes a record strict reading accepts.
    ++corruption_tally.compared;
    RC_ASSERT(lenient.warnings.total() > 0u);
    const auto written = to_string(lenient.position);
    RC_ASSERT(written.ok());
    RC_ASSERT(parse(written.text).ok());
  }
}

// The cases RapidCheck was asked for: max_success in RC_PARAMS (RapidCheck's default is 100);
// none when it replays one failure (reproduce=...).
std::optional<std::size_t> requested_cases() {
  const char* params = std::getenv("RC_PARAMS");
  const std::string text = params != nullptr ? params : "";
  if (text.find("reproduce=") != std::string::npos) return std::nullopt;
  const std::size_t at = text.find("max_success=");
  if (at == std::string::npos) return 100;
  return std::stoul(text.substr(at + std::string_view("max_success=").size()));
}

// Measured over 100000 cases: with the CI seed 48.3% of the cases compare (strict accepts 26.5%,
// lenient only 21.9%), 51.7% are rejected by both; seeds 1, 2 and 3 give 48.6%, 48.6% and 48.6%.
// Before similar_bytes, with any byte at the corrupted place, 8.7% compared. 40% is well below
// every measured seed (at 100000 cases, and 10000 in the asan and coverage presets, sampling noise
// is under one point), and far above a generator that slid back towards vacuous cases.
BOOST_AUTO_TEST_CASE(corrupted_records_mostly_compare,
                     *boost::unit_test::depends_on("lenient_agrees_on_corrupted_records")) {
  const std::optional<std::size_t> cases = requested_cases();
  if (!cases) return;
  BOOST_TEST(corruption_tally.compared * 100 >= *cases * 40,
             corruption_tally.compared << " of " << *cases
                                       << " corrupted records reached a comparison; at least 40% must");
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
