// What xfen::parse promises beyond the code and offset the conformance vectors compare: each
// diagnostic's length, severity and slots, the warnings in order, and the field spans and
// field_count of ParseResult, in both profiles, in each layout of fields and with both board
// readers. Expectations are built here from how each record was put together (its fields joined by
// chosen separators), not by asking the parser.
#define BOOST_TEST_MODULE parse_detail_test
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "xfen/xfen.hpp"

// Not a public header: the parser with its board reader chosen (no include path of this test
// reaches src/).
#include "../src/parse_with.hpp"

namespace {

using xfen::Code;
using xfen::Color;
using xfen::Diagnostic;
using xfen::FieldSpan;
using xfen::ParseOptions;
using xfen::ParseResult;
using xfen::Profile;
using xfen::RecordFields;
using xfen::Severity;
using xfen::detail::Readers;

constexpr Profile kStrict = Profile::strict;
constexpr Profile kLenient = Profile::lenient;

// A profile, and the layout of fields read. Made from a profile alone, implicitly, so that the
// tests of full records name only the profile.
struct Reading {
  Profile profile;
  RecordFields fields = RecordFields::full;
  Reading(Profile profile_read, RecordFields fields_read = RecordFields::full)
      : profile(profile_read), fields(fields_read) {}
};

std::ostream& operator<<(std::ostream& out, const Reading& reading) {
  return out << xfen::style_name(reading.profile) << ' ' << xfen::style_name(reading.fields);
}

// A record put together from fields and the runs of bytes around them: gaps[k] stands before field
// k, gaps[fields.size()] after the last. The spans are known by construction.
struct Built {
  std::string text;
  std::vector<FieldSpan> spans;
};

Built build(const std::vector<std::string>& fields, const std::vector<std::string>& gaps) {
  Built built;
  for (std::size_t k = 0; k < fields.size(); ++k) {
    built.text += gaps[k];
    const auto begin = static_cast<std::uint32_t>(built.text.size());
    built.text += fields[k];
    built.spans.push_back({begin, static_cast<std::uint32_t>(built.text.size())});
  }
  built.text += gaps[fields.size()];
  return built;
}

// Fields joined by single spaces, nothing around them: the strict form.
Built join(const std::vector<std::string>& fields) {
  std::vector<std::string> gaps(fields.size() + 1, " ");
  gaps.front().clear();
  gaps.back().clear();
  return build(fields, gaps);
}

const std::vector<std::string> kKings = {"4k3/8/8/8/8/8/8/4K3", "w", "-", "-", "0", "1"};
const std::vector<std::string> kCapablanca = {
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR", "b", "KQkq", "-", "10", "25"};
const std::vector<std::string> kCastlingBoard = {
    "r3k2r/8/8/8/8/8/8/R3K2R", "w", "KQkq", "-", "0", "1"};

std::vector<std::string> with_field(std::vector<std::string> fields, std::size_t index,
                                    std::string value) {
  fields[index] = std::move(value);
  return fields;
}

Diagnostic error(Code code, std::uint32_t offset, std::uint32_t length) {
  return {.code = code, .offset = offset, .length = length};
}

Diagnostic warning(Code code, std::uint32_t offset, std::uint32_t length) {
  return {.code = code, .severity = Severity::warning, .offset = offset, .length = length};
}

Diagnostic with_counts(Diagnostic diagnostic, std::int32_t found, std::int32_t limit) {
  diagnostic.found = found;
  diagnostic.limit = limit;
  return diagnostic;
}

void check_diagnostic(const Diagnostic& actual, const Diagnostic& expected) {
  BOOST_TEST(xfen::code_name(actual.code) == xfen::code_name(expected.code));
  BOOST_TEST((actual.severity == Severity::error ? "error" : "warning") ==
             (expected.severity == Severity::error ? "error" : "warning"));
  BOOST_TEST(actual.offset == expected.offset);
  BOOST_TEST(actual.length == expected.length);
  BOOST_TEST(int{actual.square.file} == int{expected.square.file});
  BOOST_TEST(int{actual.square.rank} == int{expected.square.rank});
  BOOST_TEST(int{actual.other_square.file} == int{expected.other_square.file});
  BOOST_TEST(int{actual.other_square.rank} == int{expected.other_square.rank});
  BOOST_TEST(static_cast<int>(actual.color) == static_cast<int>(expected.color));
  BOOST_TEST(actual.found == expected.found);
  BOOST_TEST(actual.limit == expected.limit);
}

struct Received {
  std::vector<Diagnostic> diagnostics;
  xfen::DiagnosticSink sink() noexcept {
    return {.receive =
                [](void* context, const Diagnostic& diagnostic) noexcept {
                  static_cast<Received*>(context)->diagnostics.push_back(diagnostic);
                },
            .context = this};
  }
};

// Reads `text` with xfen::parse and with both board readers of detail::parse_with. The record is
// handed over as the front of a longer buffer whose next bytes are digits and a slash, so that a
// reader looking past the record's end changes the answer.
std::vector<ParseResult> read_all_ways(std::string_view text, const Reading& reading,
                                       std::vector<std::vector<Diagnostic>>& sunk) {
  const std::string buffer = std::string(text) + "12/3";
  const std::string_view record(buffer.data(), text.size());
  std::vector<ParseResult> results;
  sunk.clear();
  for (int way = 0; way < 3; ++way) {
    Received received;
    const ParseOptions options{
        .profile = reading.profile, .warning_sink = received.sink(), .fields = reading.fields};
    if (way == 0)
      results.push_back(xfen::parse(record, options));
    else
      results.push_back(xfen::detail::parse_with(
          record, options, way == 1 ? Readers::fast_paths_first : Readers::precise_only));
    sunk.push_back(received.diagnostics);
  }
  return results;
}

constexpr std::string_view kWays[] = {"xfen::parse", "parse_with fast_paths_first",
                                      "parse_with precise_only"};

void check_warnings(const ParseResult& result, const std::vector<Diagnostic>& sunk,
                    const std::vector<Diagnostic>& expected) {
  BOOST_TEST(result.warnings.total() == expected.size());
  BOOST_TEST(result.warnings.empty() == expected.empty());
  const std::size_t kept = std::min(expected.size(), xfen::DiagnosticList::kCapacity);
  BOOST_TEST_REQUIRE(result.warnings.size() == kept);
  for (std::size_t i = 0; i < kept; ++i) BOOST_TEST_CONTEXT("warning " << i) {
      check_diagnostic(result.warnings[i], expected[i]);
    }
  BOOST_TEST_REQUIRE(sunk.size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) BOOST_TEST_CONTEXT("sunk warning " << i) {
      check_diagnostic(sunk[i], expected[i]);
    }
}

// Reads `text` every way and calls check(result, what the sink received, the first way's result)
// for each, in a context that names the way.
template <class Check>
void each_way(std::string_view text, const Reading& reading, Check check) {
  std::vector<std::vector<Diagnostic>> sunk;
  const auto results = read_all_ways(text, reading, sunk);
  for (std::size_t way = 0; way < results.size(); ++way) {
    BOOST_TEST_CONTEXT(reading << " '" << text << "' by " << kWays[way]) {
      check(results[way], sunk[way], results[0]);
    }
  }
}

// The record is read; its fields are `spans` (all of the layout's, or fewer when lenient reading
// filled in defaults) and these warnings were given.
void expect_read(std::string_view text, const Reading& reading, const std::vector<FieldSpan>& spans,
                 const std::vector<Diagnostic>& warnings = {}) {
  each_way(text, reading, [&](const ParseResult& result, const std::vector<Diagnostic>& sunk,
                              const ParseResult& first) {
    BOOST_TEST(result.ok());
    BOOST_TEST(static_cast<bool>(result));
    check_diagnostic(result.error, Diagnostic{});
    BOOST_TEST_REQUIRE(int{result.field_count} == static_cast<int>(spans.size()));
    for (std::size_t k = 0; k < spans.size(); ++k) {
      BOOST_TEST_CONTEXT("field " << k) {
        BOOST_TEST(result.fields[k].begin == spans[k].begin);
        BOOST_TEST(result.fields[k].end == spans[k].end);
        BOOST_TEST(result.fields[k].size() == spans[k].end - spans[k].begin);
      }
    }
    check_warnings(result, sunk, warnings);
    BOOST_TEST((result.position == first.position));
  });
}

// Reading fails with `expected` (its severity is error), after these warnings (lenient only).
void expect_error(std::string_view text, const Reading& reading, const Diagnostic& expected,
                  const std::vector<Diagnostic>& warnings = {}) {
  each_way(text, reading, [&](const ParseResult& result, const std::vector<Diagnostic>& sunk,
                              const ParseResult&) {
    BOOST_TEST(!result.ok());
    BOOST_TEST(!static_cast<bool>(result));
    check_diagnostic(result.error, expected);
    // No field is claimed to be set when the record was not read.
    BOOST_TEST(int{result.field_count} == 0);
    check_warnings(result, sunk, warnings);
  });
}

// A strict record read whole: its spans are where join() put the fields.
void expect_strict_and_lenient_read(const std::vector<std::string>& fields) {
  const Built built = join(fields);
  expect_read(built.text, kStrict, built.spans);
  expect_read(built.text, kLenient, built.spans);
}

std::uint32_t size_of(const std::string& text) { return static_cast<std::uint32_t>(text.size()); }

}  // namespace

BOOST_AUTO_TEST_CASE(a_default_result_claims_nothing) {
  const ParseResult result;
  BOOST_TEST(result.ok());
  BOOST_TEST(int{result.field_count} == 0);
  for (const FieldSpan& span : result.fields) {
    BOOST_TEST(span.begin == 0u);
    BOOST_TEST(span.end == 0u);
    BOOST_TEST(span.size() == 0u);
  }
  BOOST_TEST(xfen::kRecordFields == 6u);
  BOOST_TEST((FieldSpan{3, 7}.size() == 4u));
}

// Six fields in both profiles: the spans are the fields, and no warning.
BOOST_AUTO_TEST_CASE(well_formed_records_give_their_six_field_spans) {
  expect_strict_and_lenient_read(kKings);
  expect_strict_and_lenient_read(kCapablanca);
  expect_strict_and_lenient_read(kCastlingBoard);
  expect_strict_and_lenient_read(
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "w", "KQkq", "-", "0", "1"});
  expect_strict_and_lenient_read({"4k3/8/8/3Pp3/8/8/8/4K3", "w", "-", "e6", "0", "2147483647"});
  expect_strict_and_lenient_read({"r3k2r/8/8/8/8/8/8/R3K2R", "b", "sKQkq", "-", "99", "1000"});
  expect_strict_and_lenient_read({"r3k2r/8/8/8/8/8/8/R3K2R", "w", "mHAha", "-", "2147483647", "1"});
  expect_strict_and_lenient_read({"4k3/8/8/8/8/8/8/4K3", "w", "-", "-", "0", "1"});
}

// R1.1 order 1 and R9: no bytes, or white space only, is record.empty at 0 with length 0.
BOOST_AUTO_TEST_CASE(empty_and_blank_records) {
  expect_error("", kStrict, error(Code::record_empty, 0, 0));
  expect_error("", kLenient, error(Code::record_empty, 0, 0));
  for (const std::string blank : {" ", "   ", "\t", " \r\n", "\v\f"})
    expect_error(blank, kLenient, error(Code::record_empty, 0, 0));
  // Strictly a lone space is an empty field (order 3) and a tab white space (order 2).
  expect_error(" ", kStrict, error(Code::record_separator, 0, 0));
  expect_error("\t", kStrict, error(Code::record_whitespace, 0, 1));
}

// R1.1 order 4: the first k fields alone are record.missing-field at the record's length, counting
// k fields of the 6 required.
BOOST_AUTO_TEST_CASE(strict_missing_fields_at_the_end_of_the_record) {
  for (const auto& fields : {kKings, kCapablanca}) {
    for (std::size_t k = 1; k < fields.size(); ++k) {
      const Built built = join({fields.begin(), fields.begin() + static_cast<std::ptrdiff_t>(k)});
      expect_error(built.text, kStrict,
                   with_counts(error(Code::record_missing_field, size_of(built.text), 0),
                               static_cast<std::int32_t>(k), 6));
    }
  }
  // Structure comes before the fields: a bad board in a short record is still missing fields.
  expect_error("x w", kStrict, with_counts(error(Code::record_missing_field, 3, 0), 2, 6));
  expect_error("x", kStrict, with_counts(error(Code::record_missing_field, 1, 0), 1, 6));
}

// R9: lenient reading fills in missing trailing fields and says so once, at the end of the last
// field, after any trailing white space's warning.
BOOST_AUTO_TEST_CASE(lenient_missing_fields_are_filled_in_with_one_warning) {
  for (const auto& fields : {kKings, kCapablanca}) {
    for (std::size_t k = 1; k < fields.size(); ++k) {
      const std::vector<std::string> kept(fields.begin(),
                                          fields.begin() + static_cast<std::ptrdiff_t>(k));
      for (const std::string trailing : {"", " ", "\t ", "  "}) {
        std::vector<std::string> gaps(k + 1, " ");
        gaps.front() = "";
        gaps.back() = trailing;
        const Built built = build(kept, gaps);
        const std::uint32_t end = built.spans.back().end;
        std::vector<Diagnostic> warnings;
        if (!trailing.empty())
          warnings.push_back(warning(trailing.find('\t') != std::string::npos
                                         ? Code::record_whitespace
                                         : Code::record_separator,
                                     end, size_of(trailing)));
        warnings.push_back(with_counts(warning(Code::record_missing_field, end, 0),
                                       static_cast<std::int32_t>(k), 6));
        expect_read(built.text, kLenient, built.spans, warnings);
      }
    }
  }
  // The defaults are those of a record that writes them: w - - 0 1.
  const ParseResult board_only = xfen::parse("4k3/8/8/8/8/8/8/4K3", {.profile = kLenient});
  BOOST_TEST_REQUIRE(board_only.ok());
  BOOST_TEST((board_only.position == xfen::parse(join(kKings).text).position));
  BOOST_TEST(board_only.position.fullmove_number == 1u);
}

// R1.1 order 3: an extra space makes an empty field, reported where it starts, with length 0; the
// first one in the record wins.
BOOST_AUTO_TEST_CASE(strict_empty_fields_at_every_gap) {
  for (const auto& fields : {kKings, kCapablanca}) {
    for (std::size_t gap = 0; gap <= fields.size(); ++gap) {
      std::vector<std::string> gaps(fields.size() + 1, " ");
      gaps.front() = "";
      gaps.back() = "";
      gaps[gap] += " ";
      const Built built = build(fields, gaps);
      // Before the first field: at 0. Between: the second space, where the field was to start.
      // After the last: the record's length.
      const std::uint32_t offset = gap == 0               ? 0
                                   : gap == fields.size() ? size_of(built.text)
                                                          : built.spans[gap].begin - 1;
      expect_error(built.text, kStrict, error(Code::record_separator, offset, 0));
    }
    // Several: the first.
    const Built twice = build(fields, {"", " ", "  ", " ", " ", "  ", " "});
    expect_error(twice.text, kStrict, error(Code::record_separator, twice.spans[2].begin - 1, 0));
  }
  // Before missing fields and extra fields, and before any field error.
  expect_error("4k3/8/8/8/8/8/8/4K3  w", kStrict, error(Code::record_separator, 20, 0));
  expect_error("x w - -  0 1 z", kStrict, error(Code::record_separator, 8, 0));
  expect_error("4k3/8/8/8/8/8/8/4K3 W - - 0 1 ", kStrict, error(Code::record_separator, 30, 0));
}

// R1.1 order 2: a tab, CR, LF, VT or FF anywhere is record.whitespace at that byte, length 1,
// before every other finding. Other bytes below the space (NUL, 0x1F) are not white space.
BOOST_AUTO_TEST_CASE(strict_control_white_space_anywhere) {
  const Built record = join(kKings);
  for (const char control : std::string_view("\t\n\v\f\r")) {
    BOOST_TEST_CONTEXT("byte " << int{control}) {
      // In place of each separator.
      for (std::size_t field = 1; field < kKings.size(); ++field) {
        std::string text = record.text;
        const std::uint32_t at = record.spans[field].begin - 1;
        text[at] = control;
        expect_error(text, kStrict, error(Code::record_whitespace, at, 1));
      }
      // Before, after, and inside a field.
      expect_error(std::string(1, control) + record.text, kStrict,
                   error(Code::record_whitespace, 0, 1));
      expect_error(record.text + control, kStrict,
                   error(Code::record_whitespace, size_of(record.text), 1));
      std::string inside = record.text;
      inside.insert(5, 1, control);
      expect_error(inside, kStrict, error(Code::record_whitespace, 5, 1));
      // Before an empty field, a missing field or an extra field: the white space wins, and the
      // first one of two.
      expect_error(" " + record.text + control + " x" + control, kStrict,
                   error(Code::record_whitespace, size_of(record.text) + 1, 1));
      expect_error(std::string("4k3/8/8/8/8/8/8/4K3") + control, kStrict,
                   error(Code::record_whitespace, 19, 1));
    }
  }
  std::string nul = record.text;
  nul[20] = '\0';
  expect_error(nul, kStrict, error(Code::side_invalid, 20, 1));
  std::string unit_separator = record.text;
  unit_separator[20] = '\x1f';
  expect_error(unit_separator, kStrict, error(Code::side_invalid, 20, 1));
  std::string high = record.text;
  high[20] = '\xa0';
  expect_error(high, kStrict, error(Code::side_invalid, 20, 1));
}

// R1.1 order 5: a seventh field is record.extra-field spanning that field, in both profiles; its
// limit is the six fields a record has.
BOOST_AUTO_TEST_CASE(extra_fields_span_the_seventh_field) {
  const auto extra = [](std::uint32_t offset, std::uint32_t length) {
    return with_counts(error(Code::record_extra_field, offset, length), 0, 6);
  };
  for (const auto& fields : {kKings, kCapablanca}) {
    const std::string record = join(fields).text;
    const std::uint32_t seventh = size_of(record) + 1;
    for (const Profile profile : {kStrict, kLenient}) {
      expect_error(record + " x", profile, extra(seventh, 1));
      expect_error(record + " xyz", profile, extra(seventh, 3));
      expect_error(record + " xyz 1 2", profile, extra(seventh, 3));
    }
    // Leniently the seventh field ends at any white space, and white space around it is no warning:
    // the record is refused as it is found.
    expect_error(record + "\tabc\t", kLenient, extra(seventh, 3));
    expect_error(record + "  abc  d", kLenient, extra(seventh + 1, 3));
    expect_error("  " + record + " abc", kLenient, extra(seventh + 2, 3));
  }
  // Extra fields come before field errors.
  expect_error("x w - - 0 1 z", kStrict, extra(12, 1));
  expect_error("x w - - 0 1 z", kLenient, extra(12, 1));
}

// R9: white space around and between fields, each run one warning at its start spanning the run,
// separator or whitespace by whether it holds a control byte; a single space between two fields is
// no warning, but a single space at either end is.
BOOST_AUTO_TEST_CASE(lenient_white_space_at_every_gap) {
  const std::vector<std::string> runs = {" ", "  ", "\t", " \t", "\r\n", "\v", "\f ", "   \r"};
  for (const auto& fields : {kKings, kCapablanca}) {
    for (std::size_t gap = 0; gap <= fields.size(); ++gap) {
      const bool at_an_end = gap == 0 || gap == fields.size();
      for (const std::string& run : runs) {
        std::vector<std::string> gaps(fields.size() + 1, " ");
        gaps.front() = "";
        gaps.back() = "";
        gaps[gap] = run;
        const Built built = build(fields, gaps);
        std::vector<Diagnostic> warnings;
        if (at_an_end || run != " ") {
          const std::uint32_t start = gap == 0 ? 0 : built.spans[gap - 1].end;
          const bool control = run.find_first_not_of(' ') != std::string::npos;
          warnings.push_back(warning(control ? Code::record_whitespace : Code::record_separator,
                                     start, size_of(run)));
        }
        expect_read(built.text, kLenient, built.spans, warnings);
        // Strictly, the same record is an error unless it is the strict form.
        if (!warnings.empty()) {
          BOOST_TEST(!xfen::parse(built.text).ok());
        }
      }
    }
  }
}

// R9: every gap at once; warnings in input order, each run before the field after it, and at the
// end the trailing run before the missing fields.
BOOST_AUTO_TEST_CASE(lenient_warnings_come_in_input_order) {
  const Built full = build(kKings, {"\t", "  ", " ", "\r", " ", "   ", " \n"});
  const auto after = [](const Built& built, std::size_t field) { return built.spans[field].end; };
  expect_read(
      full.text, kLenient, full.spans,
      {warning(Code::record_whitespace, 0, 1), warning(Code::record_separator, after(full, 0), 2),
       warning(Code::record_whitespace, after(full, 2), 1),
       warning(Code::record_separator, after(full, 4), 3),
       warning(Code::record_whitespace, after(full, 5), 2)});
  const Built short_record = build({"4k3/8/8/8/8/8/8/4K3", "w", "-"}, {"  ", " ", "\t", "  "});
  expect_read(short_record.text, kLenient, short_record.spans,
              {warning(Code::record_separator, 0, 2),
               warning(Code::record_whitespace, after(short_record, 1), 1),
               warning(Code::record_separator, after(short_record, 2), 2),
               with_counts(warning(Code::record_missing_field, after(short_record, 2), 0), 3, 6)});
  // Relaxations inside fields come between the gaps around them.
  expect_read("  4k3/44/8/8/8/8/8/4K3  w - - 0 0 ", kLenient,
              {{2, 22}, {24, 25}, {26, 27}, {28, 29}, {30, 31}, {32, 33}},
              {warning(Code::record_separator, 0, 2),
               with_counts(warning(Code::board_bad_count, 6, 2), 8, 0),
               warning(Code::record_separator, 22, 2), warning(Code::fullmove_range, 32, 1),
               warning(Code::record_separator, 33, 1)});
  // Past DiagnosticList's capacity the list keeps the first eight, the sink gets them all.
  std::vector<std::string> gaps(7, "  ");
  const Built many = build({"4k3/44/44/44/44/44/8/4K3", "w", "-", "-", "0", "0"}, gaps);
  std::vector<Diagnostic> expected = {warning(Code::record_separator, 0, 2)};
  for (std::uint32_t rank = 0; rank < 5; ++rank)
    expected.push_back(with_counts(warning(Code::board_bad_count, 6 + 3 * rank, 2), 8, 0));
  for (std::size_t field = 1; field < 6; ++field) {
    expected.push_back(warning(Code::record_separator, many.spans[field - 1].end, 2));
    if (field == 5) expected.push_back(warning(Code::fullmove_range, many.spans[5].begin, 1));
  }
  expected.push_back(warning(Code::record_separator, many.spans[5].end, 2));
  expect_read(many.text, kLenient, many.spans, expected);
}

// R2 in detail: offsets, lengths and the slots of every board error, in both profiles where they
// are errors in both, with both board readers.
BOOST_AUTO_TEST_CASE(board_errors_carry_offset_length_and_counts) {
  struct Case {
    std::string board;
    Diagnostic error;
  };
  const auto rank_width = [](std::uint32_t offset, std::uint32_t length, int rank, int found,
                             int limit) {
    Diagnostic diagnostic =
        with_counts(error(Code::board_rank_width, offset, length), found, limit);
    diagnostic.square = xfen::make_square(0, rank);
    return diagnostic;
  };
  const std::vector<Case> cases = {
      {"4k3/8/8/8/3x4/8/8/4K3", error(Code::board_bad_char, 11, 1)},
      {"4k3/8/8/8/8/8/8/4K3x", error(Code::board_bad_char, 19, 1)},
      {"x4k3/8/8/8/8/8/8/4K3", error(Code::board_bad_char, 0, 1)},
      {"4k3/8/8/8/8/8/8/8/8", with_counts(error(Code::board_rank_count, 17, 1), 9, 8)},
      {"4k3/8/8/8/8/8/8/4K3/", with_counts(error(Code::board_rank_count, 19, 1), 9, 8)},
      {"4k3/8/8/8/8/8/4K3", with_counts(error(Code::board_rank_count, 17, 0), 7, 8)},
      {"4k3", with_counts(error(Code::board_rank_count, 3, 0), 1, 8)},
      {"4k4/9/9/9/9/9/9/4K4", with_counts(error(Code::board_width, 3, 1), 9, 10)},
      {"4k2/7/7/7/7/7/7/4K2", with_counts(error(Code::board_width, 3, 1), 7, 10)},
      {"4k2", with_counts(error(Code::board_width, 3, 0), 7, 10)},
      {"4k6/8/8/8/8/8/8/4K3", with_counts(error(Code::board_width, 2, 1), 11, 10)},
      {"10k/8/8/8/8/8/8/4K3", with_counts(error(Code::board_width, 2, 1), 11, 10)},
      {"k10/8/8/8/8/8/8/4K3", with_counts(error(Code::board_width, 1, 2), 11, 10)},
      {"rnabqkbcnrr/8/8/8/8/8/8/4K3", with_counts(error(Code::board_width, 10, 1), 11, 10)},
      {"4k3/7/8/8/8/8/8/4K3", rank_width(5, 1, 6, 7, 8)},
      {"4k3/8p/8/8/8/8/8/4K3", rank_width(5, 1, 6, 9, 8)},
      {"4k3/p8/8/8/8/8/8/4K3", rank_width(5, 1, 6, 9, 8)},
      {"4k3/10/8/8/8/8/8/4K3", rank_width(4, 2, 6, 10, 8)},
      {"4k3/8/8/8/8/8/8/4K2", rank_width(19, 0, 0, 7, 8)},
      {"4k3/8/8/8/8/8/7/4K3/8", rank_width(15, 1, 1, 7, 8)},
      {"4k3/8/8/8/8/8/7", rank_width(15, 0, 1, 7, 8)},
      {"4k5/10/10/10/10/10/10/9", rank_width(23, 0, 0, 9, 10)},
      {"4k5/10/10/10/10/10/10/4K5p", rank_width(25, 1, 0, 11, 10)},
  };
  for (const Case& c : cases) {
    const Built built = join(with_field(kKings, 0, c.board));
    for (const Profile profile : {kStrict, kLenient}) expect_error(built.text, profile, c.error);
  }
}

// R2.3 and R9: a digit run that is no count is an error strictly and a warning (the sum, used as
// the count) leniently, spanning the run.
BOOST_AUTO_TEST_CASE(bad_counts_span_the_digit_run) {
  struct Case {
    std::string board;
    std::uint32_t offset;
    std::uint32_t length;
    std::int32_t sum;
  };
  const std::vector<Case> cases = {
      {"4k3/8/8/8/8/8/8/4K0R2", 18, 1, 0},     {"4k3/44/8/8/8/8/8/4K3", 4, 2, 8},
      {"4k3/8/8/8/8/8/8/4K012", 18, 3, 3},     {"4k3/8/8/8/8/8/8/4K12", 18, 2, 3},
      {"4k3/8/8/8/8/8/8/4K11", 18, 2, 2},      {"4k3/8/8/8/8/8/8/1113K1", 16, 4, 6},
      {"4k3/08/8/8/8/8/8/4K3", 4, 2, 8},       {"4k3/8/8/8/8/8/8/00000000K7", 16, 8, 0},
      {"4k5/010/10/10/10/10/10/4K5", 4, 3, 1},
  };
  for (const Case& c : cases) {
    const Built built = join(with_field(kKings, 0, c.board));
    expect_error(built.text, kStrict,
                 with_counts(error(Code::board_bad_count, c.offset, c.length), c.sum, 0));
  }
  // Leniently the sum stands for the count: only boards it completes are read.
  for (const Case& c : {cases[1], cases[3], cases[5], cases[6], cases[7]}) {
    const Built built = join(with_field(kKings, 0, c.board));
    expect_read(built.text, kLenient, built.spans,
                {with_counts(warning(Code::board_bad_count, c.offset, c.length), c.sum, 0)});
  }
  // A sum too wide is the rank's error after the warning.
  const Built too_wide = join(with_field(kKings, 0, "4k3/99/8/8/8/8/8/4K3"));
  // The count a run stands for is capped at one past the widest board, and the rank's finding
  // counts that.
  Diagnostic wide = with_counts(error(Code::board_rank_width, 4, 2), 11, 8);
  wide.square = xfen::make_square(0, 6);
  expect_error(too_wide.text, kLenient, wide,
               {with_counts(warning(Code::board_bad_count, 4, 2), 18, 0)});
  // A long run saturates the count it stands for rather than overflow; the warning keeps the sum.
  const std::string nines(1000, '9');
  const Built long_run = join(with_field(kKings, 0, "4k3/" + nines + "/8/8/8/8/8/4K3"));
  Diagnostic long_wide = with_counts(error(Code::board_rank_width, 4, 1000), 11, 8);
  long_wide.square = xfen::make_square(0, 6);
  expect_error(long_run.text, kLenient, long_wide,
               {with_counts(warning(Code::board_bad_count, 4, 1000), 9000, 0)});
}

// A count ending the board is read as one digit run, also where the bytes after the record (not
// part of it) are digits.
BOOST_AUTO_TEST_CASE(board_ending_in_a_digit_at_the_record_end) {
  expect_read("4k3/8/8/8/8/8/8/8", kLenient, {{0, 17}},
              {with_counts(warning(Code::record_missing_field, 17, 0), 1, 6)});
  expect_read("4k5/10/10/10/10/10/10/10", kLenient, {{0, 24}},
              {with_counts(warning(Code::record_missing_field, 24, 0), 1, 6)});
  expect_read("4k3/8/8/8/8/8/8/7K", kLenient, {{0, 18}},
              {with_counts(warning(Code::record_missing_field, 18, 0), 1, 6)});
  expect_error("4k3/8/8/8/8/8/8/8", kStrict,
               with_counts(error(Code::record_missing_field, 17, 0), 1, 6));
}

// R3: side.invalid spans the field.
BOOST_AUTO_TEST_CASE(side_errors_span_the_field) {
  for (const std::string side : {"W", "B", "x", "ww", "wb", "white", "-"}) {
    const Built built = join(with_field(kKings, 1, side));
    for (const Profile profile : {kStrict, kLenient})
      expect_error(built.text, profile, error(Code::side_invalid, 20, size_of(side)));
  }
  const Built black = join(with_field(kKings, 1, "b"));
  expect_read(black.text, kStrict, black.spans);
  BOOST_TEST((xfen::parse(black.text).position.side_to_move == Color::black));
}

// R4: castling errors and warnings at the token (length 1), with their slots.
BOOST_AUTO_TEST_CASE(castling_findings_carry_token_and_slots) {
  struct Case {
    std::string board;
    std::string rights;
    Code code;
    std::uint32_t token;  // index in the field
    xfen::Square square{};
    xfen::Square other_square{};
    Color color = Color::white;
    std::int32_t found = 0;
    std::int32_t limit = 0;
  };
  const auto record = [](const Case& c) { return join({c.board, "w", c.rights, "-", "0", "1"}); };
  const auto finding = [](const Case& c, const Built& built, Severity severity) {
    return Diagnostic{.code = c.code,
                      .severity = severity,
                      .offset = built.spans[2].begin + c.token,
                      .length = 1,
                      .square = c.square,
                      .other_square = c.other_square,
                      .color = c.color,
                      .found = c.found,
                      .limit = c.limit};
  };
  using xfen::make_square;
  const std::string board = kCastlingBoard[0];
  // Errors in both profiles.
  const std::vector<Case> errors = {
      {board, "-K", Code::castling_bad_char, 1},
      {board, "--", Code::castling_bad_char, 1},
      {board, "KQ1", Code::castling_bad_char, 2},
      {board, "Ks", Code::castling_bad_char, 1},
      {board, "KZ", Code::castling_bad_char, 1},
      {board, "K@", Code::castling_bad_char, 1},
      {board, "K[", Code::castling_bad_char, 1},
      {board, "K`", Code::castling_bad_char, 1},
      {board, "K{", Code::castling_bad_char, 1},
      {board, "KI", Code::castling_file_off_board, 1, {}, {}, Color::white, 0, 8},
      {board, "j", Code::castling_file_off_board, 0, {}, {}, Color::white, 0, 8},
      {board, "s", Code::castling_empty_prefix, 0},
      {board, "m", Code::castling_empty_prefix, 0},
      {"4k3/8/8/8/8/8/8/4K1RR", "HG", Code::castling_same_side, 1, make_square(6, 0),
       make_square(7, 0)},
      {"rr2k3/8/8/8/8/8/8/4K3", "ab", Code::castling_same_side, 1, make_square(1, 7),
       make_square(0, 7), Color::black},
  };
  for (const Case& c : errors) {
    const Built built = record(c);
    for (const Profile profile : {kStrict, kLenient})
      expect_error(built.text, profile, finding(c, built, Severity::error));
  }
  // Findings that lenient reading drops: an error strictly, a warning leniently.
  const std::vector<Case> relaxed = {
      {"r3k2r/8/8/8/8/8/8/R6R", "K", Code::castling_no_king, 0, {}, {}, Color::white, 0, 1},
      // Kings off the back rank do not count, even one just past its last file on 10x8.
      {"4k5/10/10/10/10/10/K9/R9", "Q", Code::castling_no_king, 0, {}, {}, Color::white, 0, 1},
      {"r2kk2r/8/8/8/8/8/8/R3K2R", "Kk", Code::castling_no_king, 1, {}, {}, Color::black, 2, 1},
      {"r3k2r/8/8/8/8/8/8/4K3", "K", Code::castling_no_rook, 0, make_square(4, 0)},
      {"r3k2r/8/8/8/8/8/8/4K3", "sK", Code::castling_no_rook, 1, make_square(4, 0)},
      {board, "Kb", Code::castling_no_rook, 1, make_square(1, 7), {}, Color::black},
      {board, "KH", Code::castling_duplicate, 1, make_square(7, 0)},
      {board, "Qqa", Code::castling_duplicate, 2, make_square(0, 7), {}, Color::black},
  };
  for (const Case& c : relaxed) {
    const Built built = record(c);
    expect_error(built.text, kStrict, finding(c, built, Severity::error));
    expect_read(built.text, kLenient, built.spans, {finding(c, built, Severity::warning)});
  }
  // Every token dropped: the field reads as '-', prefix and all (SPEC R9).
  const ParseResult dropped = xfen::parse(record(relaxed[4]).text, {.profile = kLenient});
  BOOST_TEST_REQUIRE(dropped.ok());
  BOOST_TEST(!dropped.position.castling.any());
  BOOST_TEST((dropped.position.castling.mode == xfen::CastlingMode::standard));
  BOOST_TEST((dropped.position ==
              xfen::parse(join({"r3k2r/8/8/8/8/8/8/4K3", "w", "-", "-", "0", "1"}).text).position));
}

// R5: en passant findings span the field.
BOOST_AUTO_TEST_CASE(en_passant_findings_span_the_field) {
  const std::uint32_t field = 24;  // after "4k3/8/8/8/8/8/8/4K3 w - "
  for (const std::string square : {"E6", "e9", "e0", "e", "e66", "-x", "--", "6e", "`6", "{6"}) {
    const Built built = join(with_field(kKings, 3, square));
    for (const Profile profile : {kStrict, kLenient})
      expect_error(built.text, profile, error(Code::en_passant_syntax, field, size_of(square)));
  }
  for (const Profile profile : {kStrict, kLenient}) {
    Diagnostic off_board = error(Code::en_passant_off_board, field, 2);
    off_board.limit = 8;
    expect_error(join(with_field(kKings, 3, "i6")).text, profile, off_board);
    expect_error(join(with_field(kKings, 3, "z6")).text, profile, off_board);
  }
  // Geometry findings: errors strictly, warnings leniently, spanning the field.
  Diagnostic wrong_rank = error(Code::en_passant_wrong_rank, field, 2);
  wrong_rank.limit = 6;
  // The ranks at both ends of '1'..'8' are squares, just not this side's.
  for (const std::string square : {"e3", "e1", "e8", "a1"}) {
    BOOST_TEST_CONTEXT(square) {
      const Built wrong = join(with_field(kKings, 3, square));
      wrong_rank.severity = Severity::error;
      expect_error(wrong.text, kStrict, wrong_rank);
      wrong_rank.severity = Severity::warning;
      expect_read(wrong.text, kLenient, wrong.spans, {wrong_rank});
    }
  }
  // Accepted: the square is kept.
  const Built good = join({"4k3/8/8/3Pp3/8/8/8/4K3", "w", "-", "e6", "0", "1"});
  expect_read(good.text, kStrict, good.spans);
  BOOST_TEST((xfen::parse(good.text).position.en_passant == xfen::make_square(4, 5)));
}

// R6: counters, their syntax and range, spanning the field; the limits exactly.
BOOST_AUTO_TEST_CASE(counter_findings_span_the_field) {
  struct Case {
    std::string digits;
    bool syntax;  // else range
  };
  const std::vector<Case> bad = {
      {"00", true},
      {"01", true},
      {"-1", true},
      {"+1", true},
      {"1a", true},
      {"a", true},
      {"0x1", true},
      {"1/", true},
      {"2147483648", false},
      {"4294967296", false},
      {"9999999999", false},
      {"10000000000", false},
      {"18446744073709551617", false},
      {"099999999999", true},
  };
  const std::uint32_t halfmove = 26;  // after "4k3/8/8/8/8/8/8/4K3 w - - "
  for (const Case& c : bad) {
    for (const Profile profile : {kStrict, kLenient}) {
      expect_error(join(with_field(kKings, 4, c.digits)).text, profile,
                   error(c.syntax ? Code::halfmove_syntax : Code::halfmove_range, halfmove,
                         size_of(c.digits)));
      expect_error(join(with_field(kKings, 5, c.digits)).text, profile,
                   error(c.syntax ? Code::fullmove_syntax : Code::fullmove_range, halfmove + 2,
                         size_of(c.digits)));
    }
  }
  for (const std::string good : {"0", "1", "9", "10", "2147483647", "1000000000"}) {
    const Built built = join(with_field(kKings, 4, good));
    expect_read(built.text, kStrict, built.spans);
    BOOST_TEST(xfen::parse(built.text).position.halfmove_clock == std::stoul(good));
  }
  for (const std::string good : {"1", "2", "10", "2147483647"}) {
    const Built built = join(with_field(kKings, 5, good));
    expect_read(built.text, kStrict, built.spans);
    BOOST_TEST(xfen::parse(built.text).position.fullmove_number == std::stoul(good));
  }
  // Fullmove 0: an error strictly, read as 1 with a warning leniently.
  const Built zero = join(with_field(kKings, 5, "0"));
  expect_error(zero.text, kStrict, error(Code::fullmove_range, 28, 1));
  expect_read(zero.text, kLenient, zero.spans, {warning(Code::fullmove_range, 28, 1)});
  BOOST_TEST(xfen::parse(zero.text, {.profile = kLenient}).position.fullmove_number == 1u);
}

// A field error strictly is the first one left to right, once the structure is sound.
BOOST_AUTO_TEST_CASE(first_field_error_wins) {
  expect_error("4k3/8/8/8/8/8/8/4K3 x -K e9 00 0", kStrict, error(Code::side_invalid, 20, 1));
  expect_error("4k3/8/8/8/8/8/8/4K3 w -K e9 00 0", kStrict, error(Code::castling_bad_char, 23, 1));
  expect_error("4k3/8/8/8/8/8/8/4K3 w - e9 00 0", kStrict, error(Code::en_passant_syntax, 24, 2));
  expect_error("4k3/8/8/8/8/8/8/4K3 w - - 00 0", kStrict, error(Code::halfmove_syntax, 26, 2));
  expect_error("4k3/8/8/8/8/8/8/4K3 w - - 0 0", kStrict, error(Code::fullmove_range, 28, 1));
  expect_error("4k3/8/8/8/8/8/8/4K3x w - - 0 0", kStrict, error(Code::board_bad_char, 19, 1));
}

// --- layouts of fields (SPEC R15) ---

namespace {

constexpr RecordFields kEpd = RecordFields::epd;
constexpr RecordFields kBoard = RecordFields::board;

// The first `count` fields of a record.
std::vector<std::string> first_fields(const std::vector<std::string>& fields, std::size_t count) {
  return {fields.begin(), fields.begin() + static_cast<std::ptrdiff_t>(count)};
}

}  // namespace

// R15.1: an EPD record is the first four fields, a board-only record the first; both are read in
// both profiles with their spans, no warning, and the position of the full record whose missing
// fields hold their defaults.
BOOST_AUTO_TEST_CASE(epd_and_board_records_read_with_defaults) {
  struct Case {
    RecordFields layout;
    std::vector<std::string> fields;
    std::string_view as_full_record;  // what the position writes, all six fields
  };
  const std::vector<Case> cases = {
      {kEpd, {"4k3/8/8/3Pp3/8/8/8/4K3", "w", "-", "e6"}, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1"},
      {kEpd, {"r3k2r/8/8/8/8/8/8/R3K2R", "b", "sKQkq", "-"},
       "r3k2r/8/8/8/8/8/8/R3K2R b sKQkq - 0 1"},
      {kEpd, first_fields(kCapablanca, 4),
       "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR b KQkq - 0 1"},
      {kBoard, {"r3k2r/8/8/8/8/8/8/R3K2R"}, "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"},
      {kBoard, {kCapablanca[0]},
       "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w - - 0 1"},
      {kBoard, {"4k3/8/8/8/8/8/8/8"}, "4k3/8/8/8/8/8/8/8 w - - 0 1"},
  };
  for (const Case& c : cases) {
    const Built built = join(c.fields);
    for (const Profile profile : {kStrict, kLenient}) {
      expect_read(built.text, {profile, c.layout}, built.spans);
      const ParseResult read = xfen::parse(built.text, {.profile = profile, .fields = c.layout});
      BOOST_TEST(xfen::to_string(read.position).text == c.as_full_record, built.text);
    }
  }
}

// R15.2: strictly, a record has exactly its layout's fields: fewer is record.missing-field at the
// record's length, more is record.extra-field spanning the first field too many, each with the
// layout's count as its limit. Structure still comes first (R1.1), then the fields in order.
BOOST_AUTO_TEST_CASE(strict_layouts_count_their_own_fields) {
  const auto missing = [](std::uint32_t offset, std::int32_t found, std::int32_t limit) {
    return with_counts(error(Code::record_missing_field, offset, 0), found, limit);
  };
  const auto extra = [](std::uint32_t offset, std::uint32_t length, std::int32_t limit) {
    return with_counts(error(Code::record_extra_field, offset, length), 0, limit);
  };
  struct Case {
    RecordFields layout;
    std::string text;
    Diagnostic error;
  };
  const std::string board = kKings[0];  // 19 bytes
  const std::vector<Case> cases = {
      {kEpd, board, missing(19, 1, 4)},
      {kEpd, board + " w -", missing(23, 3, 4)},
      {kEpd, board + " w - - 0", extra(26, 1, 4)},
      {kEpd, board + " w - - 0 1", extra(26, 1, 4)},
      {kEpd, board + " w - - bm e4;", extra(26, 2, 4)},
      {kEpd, "x w", missing(3, 2, 4)},
      {kEpd, "x w - - 0", extra(8, 1, 4)},
      {kEpd, board + " w - - ", error(Code::record_separator, 26, 0)},
      {kEpd, board + " w  - -", error(Code::record_separator, 22, 0)},
      {kEpd, board + " w -\t-", error(Code::record_whitespace, 23, 1)},
      {kEpd, "", error(Code::record_empty, 0, 0)},
      {kEpd, board + " W - -", error(Code::side_invalid, 20, 1)},
      {kEpd, board + " w K -", with_counts(error(Code::castling_no_rook, 22, 1), 0, 0)},
      {kEpd, board + " w - e9", error(Code::en_passant_syntax, 24, 2)},
      {kEpd, "x w - -", error(Code::board_bad_char, 0, 1)},
      {kBoard, board + " w", extra(20, 1, 1)},
      {kBoard, board + " w - - 0 1", extra(20, 1, 1)},
      {kBoard, "x w", extra(2, 1, 1)},
      {kBoard, board + " ", error(Code::record_separator, 20, 0)},
      {kBoard, " " + board, error(Code::record_separator, 0, 0)},
      {kBoard, board + "\n", error(Code::record_whitespace, 19, 1)},
      {kBoard, "", error(Code::record_empty, 0, 0)},
      {kBoard, "x", error(Code::board_bad_char, 0, 1)},
      {kBoard, "4k3/8/8/8/8/8/8", with_counts(error(Code::board_rank_count, 15, 0), 7, 8)},
  };
  for (const Case& c : cases) {
    Diagnostic expected = c.error;
    if (expected.code == Code::castling_no_rook) expected.square = xfen::make_square(4, 0);
    expect_error(c.text, {kStrict, c.layout}, expected);
  }
}

// R15.3: leniently, the relaxations of R9 apply with the layout's count: missing trailing fields
// take their defaults with one warning whose limit is that count; a field too many is still an
// error, as it is for a full record.
BOOST_AUTO_TEST_CASE(lenient_layouts_fill_in_missing_fields_and_refuse_extra_ones) {
  const std::vector<std::string> epd = {"4k3/8/8/3Pp3/8/8/8/4K3", "w", "-", "e6"};
  for (std::size_t k = 1; k < epd.size(); ++k) {
    const Built built = join(first_fields(epd, k));
    expect_read(built.text, {kLenient, kEpd}, built.spans,
                {with_counts(warning(Code::record_missing_field, size_of(built.text), 0),
                             static_cast<std::int32_t>(k), 4)});
  }
  const ParseResult side_only =
      xfen::parse("4k3/8/8/3Pp3/8/8/8/4K3 b", {.profile = kLenient, .fields = kEpd});
  BOOST_TEST_REQUIRE(side_only.ok());
  BOOST_TEST(xfen::to_string(side_only.position).text == "4k3/8/8/3Pp3/8/8/8/4K3 b - - 0 1");

  // White space around and between fields, as R9.
  const Built spaced = build(epd, {"  ", "\t", " ", " ", " \r\n"});
  expect_read(spaced.text, {kLenient, kEpd}, spaced.spans,
              {warning(Code::record_separator, 0, 2),
               warning(Code::record_whitespace, spaced.spans[0].end, 1),
               warning(Code::record_whitespace, spaced.spans[3].end, 3)});
  const Built board = build({kKings[0]}, {" ", "\n"});
  expect_read(board.text, {kLenient, kBoard}, board.spans,
              {warning(Code::record_separator, 0, 1),
               warning(Code::record_whitespace, board.spans[0].end, 1)});

  // Too many fields: an error in every profile, found before any field is read and so before
  // any warning.
  const auto extra = [](std::uint32_t offset, std::uint32_t length, std::int32_t limit) {
    return with_counts(error(Code::record_extra_field, offset, length), 0, limit);
  };
  expect_error(join(kKings).text, {kLenient, kEpd}, extra(26, 1, 4));
  expect_error(kKings[0] + "  w\t- - bm", {kLenient, kEpd}, extra(27, 2, 4));
  expect_error(join(kKings).text, {kLenient, kBoard}, extra(20, 1, 1));
  expect_error(" " + kKings[0] + "  w", {kLenient, kBoard}, extra(22, 1, 1));
  expect_error("   ", {kLenient, kBoard}, error(Code::record_empty, 0, 0));
}

// R15.4: the full record is the default layout, and what it reads is unchanged by the others'
// existence: every well-formed full record fails as EPD and as a board at the fifth and second
// field.
BOOST_AUTO_TEST_CASE(a_full_record_is_too_long_for_the_other_layouts) {
  BOOST_TEST((ParseOptions{}.fields == RecordFields::full));
  for (const auto& fields : {kKings, kCapablanca, kCastlingBoard}) {
    const Built built = join(fields);
    for (const Profile profile : {kStrict, kLenient}) {
      expect_error(built.text, {profile, kEpd},
                   with_counts(error(Code::record_extra_field, built.spans[4].begin,
                                     built.spans[4].size()),
                               0, 4));
      expect_error(built.text, {profile, kBoard},
                   with_counts(error(Code::record_extra_field, built.spans[1].begin, 1), 0, 1));
    }
  }
}

// R15.5: epd_fields_size finds the four fields at the start of an EPD line, whatever white space
// stands between them; what follows is the operations.
BOOST_AUTO_TEST_CASE(epd_fields_size_cuts_off_the_operations) {
  struct Case {
    std::string_view line;
    std::string_view prefix;
  };
  const std::vector<Case> cases = {
      {"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"a b\";", "4k3/8/8/8/8/8/8/4K3 w - -"},
      {"4k3/8/8/8/8/8/8/4K3 w - -", "4k3/8/8/8/8/8/8/4K3 w - -"},
      {"4k3/8/8/8/8/8/8/4K3 w - - ", "4k3/8/8/8/8/8/8/4K3 w - -"},
      {"4k3/8/8/8/8/8/8/4K3 w - -\r\n", "4k3/8/8/8/8/8/8/4K3 w - -"},
      {" 4k3/8/8/8/8/8/8/4K3\tw  - -\tbm", " 4k3/8/8/8/8/8/8/4K3\tw  - -"},
      {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - -"},
      // Fewer than four fields: all of it, for the reader to report.
      {"4k3/8/8/8/8/8/8/4K3 w -", "4k3/8/8/8/8/8/8/4K3 w -"},
      {"4k3/8/8/8/8/8/8/4K3 w - ", "4k3/8/8/8/8/8/8/4K3 w - "},
      {"  ", "  "},
      {"", ""},
  };
  for (const Case& c : cases) {
    BOOST_TEST(xfen::epd_fields_size(c.line) == c.prefix.size(), "'" << c.line << "'");
  }
  const std::string_view line = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - bm O-O; id \"castle\";";
  const ParseResult read = xfen::parse(line.substr(0, xfen::epd_fields_size(line)),
                                       {.fields = kEpd});
  BOOST_TEST_REQUIRE(read.ok());
  BOOST_TEST(xfen::to_string(read.position, {.fields = kEpd}).text ==
             "r3k2r/8/8/8/8/8/8/R3K2R b KQkq -");
}
