// What a user reads of a diagnostic, checked at the edges rather than on one typical record
// (message_test has those): every byte through the quoting, tokens around the 24 bytes shown,
// offsets at and past the end of the record, singular and plural, the "more than" forms, both
// colours, warnings against errors, every code's name and field, the style names, and the small
// containers a diagnostic travels in. Expectations are written out here, independently of the
// library's tables, so that a changed table or a slipped comparison shows.
#define BOOST_TEST_MODULE diagnostic_text
#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xfen/xfen.hpp"

namespace {

using xfen::Code;
using xfen::Color;
using xfen::Diagnostic;
using xfen::Field;
using xfen::Severity;

// Every code after `ok`, in declaration order, with its stable name and its field's name
// (SPEC's appendix lists them). A code added, removed, renamed or moved makes this table wrong.
struct CodeRow {
  std::string_view name;
  std::string_view field;
};
constexpr std::array<CodeRow, 37> kCodeRows = {{
    {"record.empty", "record"},
    {"record.missing-field", "record"},
    {"record.extra-field", "record"},
    {"record.separator", "record"},
    {"record.whitespace", "record"},
    {"board.bad-char", "board"},
    {"board.bad-count", "board"},
    {"board.rank-count", "board"},
    {"board.width", "board"},
    {"board.rank-width", "board"},
    {"board.off-board", "board"},
    {"side.invalid", "side-to-move"},
    {"castling.bad-char", "castling"},
    {"castling.file-off-board", "castling"},
    {"castling.empty-prefix", "castling"},
    {"castling.no-king", "castling"},
    {"castling.no-rook", "castling"},
    {"castling.duplicate", "castling"},
    {"castling.same-side", "castling"},
    {"en-passant.syntax", "en-passant"},
    {"en-passant.off-board", "en-passant"},
    {"en-passant.wrong-rank", "en-passant"},
    {"en-passant.no-pawn", "en-passant"},
    {"en-passant.occupied", "en-passant"},
    {"halfmove.syntax", "halfmove-clock"},
    {"halfmove.range", "halfmove-clock"},
    {"fullmove.syntax", "fullmove-number"},
    {"fullmove.range", "fullmove-number"},
    {"write.buffer-too-small", "position"},
    {"write.needs-file-letter", "position"},
    {"write.castling-prefix", "position"},
    {"legal.king-count", "position"},
    {"legal.pawn-on-back-rank", "position"},
    {"legal.opponent-in-check", "position"},
    {"legal.en-passant-clock", "position"},
    {"record.too-long", "record"},
    {"input.too-long", "input"},
}};

Code code_number(std::size_t n) { return static_cast<Code>(n); }

// How the quoting must show one byte, written without the library's table: printable ASCII as
// itself, except the backslash and the quote, and everything else as \x and two lower-case hex
// digits.
std::string shown_byte(unsigned char byte) {
  if (byte >= 0x20 && byte <= 0x7e && byte != '\\' && byte != '\'')
    return std::string(1, static_cast<char>(byte));
  const char* const digits = "0123456789abcdef";
  return std::string("\\x") + digits[byte / 16] + digits[byte % 16];
}

// The sentence of a code whose sentence is only the quoted token and fixed words.
std::string halfmove_syntax(std::string_view record, std::uint32_t offset, std::uint32_t length) {
  return xfen::message({.code = Code::halfmove_syntax, .offset = offset, .length = length}, record);
}
std::string halfmove_sentence(std::string_view quoted) {
  return "halfmove clock " + std::string(quoted) +
         " is not a decimal number without sign or leading zero";
}

std::string square_text(int file, int rank) {
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}

}  // namespace

// --- codes and their names ---

BOOST_AUTO_TEST_CASE(all_codes_are_every_code_but_ok_in_declaration_order) {
  const std::span<const Code> codes = xfen::all_codes();
  BOOST_TEST_REQUIRE(codes.size() == kCodeRows.size());
  for (std::size_t i = 0; i < codes.size(); ++i) {
    BOOST_TEST_CONTEXT("all_codes()[" << i << "]") {
      BOOST_TEST(static_cast<int>(codes[i]) == static_cast<int>(i + 1));
      BOOST_TEST(xfen::code_name(codes[i]) == kCodeRows[i].name);
    }
  }
}

BOOST_AUTO_TEST_CASE(every_code_name_and_field_round_trips) {
  BOOST_TEST(xfen::code_name(Code::ok) == "ok");
  BOOST_TEST((xfen::code_from_name("ok") == std::optional<Code>(Code::ok)));
  BOOST_TEST(xfen::field_name(xfen::code_field(Code::ok)) == "record");
  for (std::size_t i = 0; i < kCodeRows.size(); ++i) {
    const Code code = code_number(i + 1);
    BOOST_TEST_CONTEXT(kCodeRows[i].name) {
      BOOST_TEST(xfen::code_name(code) == kCodeRows[i].name);
      BOOST_TEST((xfen::code_from_name(kCodeRows[i].name) == std::optional<Code>(code)));
      BOOST_TEST(xfen::field_name(xfen::code_field(code)) == kCodeRows[i].field);
      BOOST_TEST(!xfen::code_summary(code).empty());
    }
  }
}

BOOST_AUTO_TEST_CASE(text_that_is_not_a_code_name_names_no_code) {
  for (const std::string_view text :
       {"", "OK", "Ok", "record", "record.", "record.empty ", " record.empty", "Record.empty",
        "record_empty", "castling.no-rook.", "castling.no-roo", "no problem", "legal"})
    BOOST_TEST(!xfen::code_from_name(text).has_value(), "'" << text << "' names a code");
  // Only the whole text counts: a name followed by a NUL byte is another text.
  BOOST_TEST(!xfen::code_from_name(std::string_view("ok\0", 3)).has_value());
}

// A Code made by casting any other number reads as `ok`, never as a neighbour or past the table.
BOOST_AUTO_TEST_CASE(a_code_out_of_range_reads_as_ok) {
  for (std::size_t n = kCodeRows.size() + 1; n <= 255; ++n) {
    BOOST_TEST_CONTEXT("Code " << n) {
      BOOST_TEST(xfen::code_name(code_number(n)) == "ok");
      BOOST_TEST(xfen::code_summary(code_number(n)) == "no problem");
      BOOST_TEST(xfen::field_name(xfen::code_field(code_number(n))) == "record");
    }
  }
}

BOOST_AUTO_TEST_CASE(every_field_has_its_name) {
  const std::array<std::string_view, 9> names = {"record",          "board",      "side-to-move",
                                                 "castling",        "en-passant", "halfmove-clock",
                                                 "fullmove-number", "position",   "input"};
  for (std::size_t i = 0; i < names.size(); ++i)
    BOOST_TEST(xfen::field_name(static_cast<Field>(i)) == names[i]);
  BOOST_TEST(xfen::field_name(static_cast<Field>(names.size())) == "record");
}

// --- the quoted token ---

BOOST_AUTO_TEST_CASE(every_byte_is_quoted_safely) {
  for (int value = 0; value <= 255; ++value) {
    const auto byte = static_cast<unsigned char>(value);
    const std::string record(1, static_cast<char>(byte));
    BOOST_TEST_CONTEXT("byte " << value) {
      BOOST_TEST(halfmove_syntax(record, 0, 1) == halfmove_sentence("'" + shown_byte(byte) + "'"));
    }
  }
}

// All bytes in one record, each quoted at its own offset, and in runs of up to 24 bytes: a byte is
// shown the same wherever it stands in the token.
BOOST_AUTO_TEST_CASE(runs_of_bytes_are_quoted_byte_by_byte) {
  std::string record;
  for (int value = 0; value <= 255; ++value) record += static_cast<char>(value);
  for (std::uint32_t begin = 0; begin < 256; begin += 24) {
    const std::uint32_t length = begin + 24 <= 256 ? 24 : 256 - begin;
    std::string expected = "'";
    for (std::uint32_t i = begin; i < begin + length; ++i)
      expected += shown_byte(static_cast<unsigned char>(record[i]));
    expected += "'";
    BOOST_TEST(halfmove_syntax(record, begin, length) == halfmove_sentence(expected));
  }
}

// At most 24 bytes of a token are shown; a longer one is cut and marked with "...". Counted in
// bytes of the record, not in characters of the sentence.
BOOST_AUTO_TEST_CASE(tokens_longer_than_24_bytes_are_cut) {
  std::string letters;
  for (int i = 0; i < 40; ++i) letters += static_cast<char>('a' + i % 26);
  const std::string controls(40, '\x01');
  for (std::uint32_t length = 0; length <= 40; ++length) {
    BOOST_TEST_CONTEXT("length " << length) {
      const std::uint32_t shown = length < 24 ? length : 24;
      const std::string more = length > 24 ? "..." : "";
      BOOST_TEST(halfmove_syntax(letters, 0, length) ==
                 halfmove_sentence("'" + letters.substr(0, shown) + more + "'"));
      std::string escaped;
      for (std::uint32_t i = 0; i < shown; ++i) escaped += "\\x01";
      BOOST_TEST(halfmove_syntax(controls, 0, length) ==
                 halfmove_sentence("'" + escaped + more + "'"));
    }
  }
}

// A token that runs past the end of the record shows what there is and is marked as cut; an offset
// at or past the end shows nothing of the record (and never reads beyond it).
BOOST_AUTO_TEST_CASE(tokens_at_and_past_the_end_of_the_record) {
  const std::string_view record = "12345";
  BOOST_TEST(halfmove_syntax(record, 3, 2) == halfmove_sentence("'45'"));
  BOOST_TEST(halfmove_syntax(record, 3, 3) == halfmove_sentence("'45...'"));
  BOOST_TEST(halfmove_syntax(record, 5, 0) == halfmove_sentence("''"));
  BOOST_TEST(halfmove_syntax(record, 5, 1) == halfmove_sentence("'...'"));
  BOOST_TEST(halfmove_syntax(record, 6, 1) == halfmove_sentence("'...'"));
  BOOST_TEST(halfmove_syntax(record, 4294967295U, 4294967295U) == halfmove_sentence("'...'"));
  BOOST_TEST(halfmove_syntax("", 0, 0) == halfmove_sentence("''"));
  BOOST_TEST(halfmove_syntax("", 0, 1) == halfmove_sentence("'...'"));
  // The record is a view into a longer text: the bytes after the view are not the record's.
  const std::string text = "12345678";
  const std::string_view view(text.data(), 5);
  BOOST_TEST(halfmove_syntax(view, 5, 2) == halfmove_sentence("'...'"));
  BOOST_TEST(halfmove_syntax(view, 4, 3) == halfmove_sentence("'5...'"));
}

// --- sentences that read the byte at the offset ---

BOOST_AUTO_TEST_CASE(white_space_is_named) {
  const std::array<std::pair<char, std::string_view>, 7> names = {{{'\t', "tab"},
                                                                   {'\n', "line feed"},
                                                                   {'\r', "carriage return"},
                                                                   {'\v', "vertical tab"},
                                                                   {'\f', "form feed"},
                                                                   {' ', "space"},
                                                                   {'x', "space"}}};
  for (const auto& [byte, name] : names) {
    const std::string record = std::string("ab") + byte + "cd";
    BOOST_TEST(xfen::message({.code = Code::record_whitespace, .offset = 2, .length = 1}, record) ==
               "unexpected " + std::string(name) +
                   " at byte 2: fields are separated by single spaces");
  }
}

// At the end of the record there is no byte to name: it reads as a space, whatever follows the
// record in memory.
BOOST_AUTO_TEST_CASE(white_space_at_the_end_of_the_record) {
  const std::string text = "ab\tcd";
  for (std::uint32_t offset = 2; offset <= 4; ++offset) {
    const std::string_view record(text.data(), 2);
    BOOST_TEST(xfen::message({.code = Code::record_whitespace, .offset = offset}, record) ==
               "unexpected space at byte " + std::to_string(offset) +
                   ": fields are separated by single spaces");
  }
  const std::string_view record(text.data(), 3);
  BOOST_TEST(xfen::message({.code = Code::record_whitespace, .offset = 2}, record) ==
             "unexpected tab at byte 2: fields are separated by single spaces");
}

// castling.no-rook: K, Q, k and q name a side of the king; any other token is a file, and the
// sentence names the square.
BOOST_AUTO_TEST_CASE(castling_no_rook_for_every_token_and_colour) {
  std::string tokens = "KQkq";
  for (char letter = 'A'; letter <= 'J'; ++letter) tokens += letter;
  for (char letter = 'a'; letter <= 'j'; ++letter) tokens += letter;
  for (const char token : tokens) {
    for (const Color color : {Color::white, Color::black}) {
      const std::string record = std::string("w ") + token + " -";
      const xfen::Square square = xfen::make_square(3, color == Color::white ? 0 : 7);
      const Diagnostic d = {.code = Code::castling_no_rook,
                            .offset = 2,
                            .length = 1,
                            .square = square,
                            .color = color};
      const std::string colour = color == Color::white ? "white" : "black";
      const std::string where = square_text(3, square.rank);
      std::string expected = "castling token '" + std::string(1, token) + "' names no rook: ";
      if (token == 'K' || token == 'k')
        expected += "no " + colour + " rook stands on the h-side of the king on " + where;
      else if (token == 'Q' || token == 'q')
        expected += "no " + colour + " rook stands on the a-side of the king on " + where;
      else
        expected += where + " holds no " + colour + " rook";
      BOOST_TEST(xfen::message(d, record) == expected, "token " << token);
      // The token is one byte, whatever length the diagnostic carries.
      Diagnostic longer = d;
      longer.length = 3;
      BOOST_TEST(xfen::message(longer, record) == expected, "token " << token << ", length 3");
      Diagnostic warning = d;
      warning.severity = Severity::warning;
      BOOST_TEST(xfen::message(warning, record) == expected + "; dropped");
    }
  }
}

// With the offset at the end of the record no token is read (not even a K just after it in
// memory): the sentence is the one for a file.
BOOST_AUTO_TEST_CASE(castling_no_rook_at_the_end_of_the_record) {
  const std::string text = "w KK";
  const std::string_view record(text.data(), 3);
  const Diagnostic d = {
      .code = Code::castling_no_rook, .offset = 3, .length = 1, .square = xfen::make_square(4, 0)};
  BOOST_TEST(xfen::message(d, record) ==
             "castling token '...' names no rook: e1 holds no white rook");
}

// --- numbers: singular, plural, "more than" ---

BOOST_AUTO_TEST_CASE(missing_fields_singular_plural_and_field_names) {
  const std::array<std::string_view, 6> names = {"board",      "side to move",   "castling",
                                                 "en passant", "halfmove clock", "fullmove number"};
  for (int found = -2; found <= 9; ++found) {
    BOOST_TEST_CONTEXT("found " << found) {
      const std::string_view name =
          found >= 0 && found < 6 ? names[static_cast<std::size_t>(found)] : "field";
      const std::string count = std::to_string(found) + (found == 1 ? " field" : " fields");
      const Diagnostic error = {.code = Code::record_missing_field, .found = found, .limit = 6};
      BOOST_TEST(xfen::message(error, "") == "the record ends after " + count + "; the " +
                                                 std::string(name) +
                                                 " field is missing (a record has six fields)");
      // The defaults of fields 2 to 6; the board has none, so no count below 1 reads more.
      const std::array<std::string_view, 5> defaults = {"w", "-", "-", "0", "1"};
      std::string read_as;
      for (int field = found < 1 ? 1 : found; field < 6; ++field)
        read_as += (read_as.empty() ? "" : " ") +
                   std::string(defaults[static_cast<std::size_t>(field - 1)]);
      Diagnostic warning = error;
      warning.severity = Severity::warning;
      BOOST_TEST(xfen::message(warning, "") == "the record ends after " + count +
                                                   "; the missing ones are read as '" + read_as +
                                                   "'");
    }
  }
}

BOOST_AUTO_TEST_CASE(rank_count_singular_plural_and_more_than) {
  for (int found = 0; found <= 10; ++found) {
    const Diagnostic d = {.code = Code::board_rank_count, .found = found, .limit = 8};
    const std::string expected = found > 8 ? "the board has more than 8 ranks"
                                           : "the board has " + std::to_string(found) +
                                                 (found == 1 ? " rank" : " ranks") + ", not 8";
    BOOST_TEST(xfen::message(d, "") == expected, "found " << found);
  }
  // As read: a board of one rank, and a ninth rank begun.
  BOOST_TEST(xfen::message(xfen::parse("8 w - - 0 1").error, "8 w - - 0 1") ==
             "the board has 1 rank, not 8");
  BOOST_TEST(xfen::message(xfen::parse("8/8 w - - 0 1").error, "8/8 w - - 0 1") ==
             "the board has 2 ranks, not 8");
}

BOOST_AUTO_TEST_CASE(board_width_and_more_than) {
  for (int found = 1; found <= 12; ++found) {
    const Diagnostic d = {.code = Code::board_width, .found = found, .limit = 10};
    const std::string expected =
        found > 10
            ? "rank 8 is more than 10 squares wide; a board has 8 or 10 files"
            : "rank 8 is " + std::to_string(found) + (found == 1 ? " square" : " squares") +
                  " wide; a board has 8 or 10 files";
    BOOST_TEST(xfen::message(d, "") == expected, "found " << found);
  }
}

BOOST_AUTO_TEST_CASE(rank_width_every_rank_and_more_than) {
  for (const int limit : {8, 10}) {
    for (int rank = 0; rank < 8; ++rank) {
      for (const int found : {1, 2, limit - 2, limit - 1, limit, limit + 1, limit + 2}) {
        const Diagnostic d = {.code = Code::board_rank_width,
                              .square = xfen::make_square(0, rank),
                              .found = found,
                              .limit = limit};
        const std::string width =
            found > limit ? "is more than " + std::to_string(limit) + " squares"
                          : "is " + std::to_string(found) + (found == 1 ? " square" : " squares");
        BOOST_TEST(xfen::message(d, "") == "rank " + std::to_string(rank + 1) + " " + width +
                                               " wide, but rank 8 is " +
                                               std::to_string(limit),
                   "rank " << rank << ", found " << found << ", limit " << limit);
      }
    }
  }
}

// --- squares and colours ---

BOOST_AUTO_TEST_CASE(every_square_is_named) {
  for (int file = 0; file < xfen::kMaxFiles; ++file) {
    for (int rank = 0; rank < xfen::kRanks; ++rank) {
      const Diagnostic d = {.code = Code::write_needs_file_letter,
                            .square = xfen::make_square(file, rank)};
      BOOST_TEST(xfen::message(d, "") ==
                 "classic FEN cannot write the castling right of the inner rook on " +
                     square_text(file, rank) + "; use X-FEN or Shredder-FEN");
    }
  }
}

BOOST_AUTO_TEST_CASE(both_colours_are_named) {
  struct Case {
    Code code;
    std::string_view white;
    std::string_view black;
  };
  const xfen::Square e5 = xfen::make_square(4, 4);
  const std::array<Case, 6> cases = {{
      {Code::castling_no_king, "castling token 'x' needs exactly one white king on rank 1, found 2",
       "castling token 'x' needs exactly one black king on rank 8, found 2"},
      {Code::castling_same_side,
       "castling token 'x' gives White a second right on the same side of the king (rook e5, "
       "besides the rook on c2)",
       "castling token 'x' gives Black a second right on the same side of the king (rook e5, "
       "besides the rook on c2)"},
      {Code::en_passant_no_pawn,
       "en passant square 'x' needs a white pawn on e5 that has just moved two squares",
       "en passant square 'x' needs a black pawn on e5 that has just moved two squares"},
      {Code::legal_king_count, "White has 2 kings; a legal position has exactly one per colour",
       "Black has 2 kings; a legal position has exactly one per colour"},
      {Code::legal_pawn_on_back_rank, "white pawn on e5: pawns never stand on rank 1 or 8",
       "black pawn on e5: pawns never stand on rank 1 or 8"},
      {Code::legal_opponent_in_check, "White's king on e5 is in check, but it is Black to move",
       "Black's king on e5 is in check, but it is White to move"},
  }};
  for (const Case& c : cases) {
    for (const Color color : {Color::white, Color::black}) {
      const Diagnostic d = {.code = c.code,
                            .offset = 0,
                            .length = 1,
                            .square = e5,
                            .other_square = xfen::make_square(2, 1),
                            .color = color,
                            .found = 2,
                            .limit = 1};
      BOOST_TEST(xfen::message(d, "x") == (color == Color::white ? c.white : c.black));
    }
  }
}

BOOST_AUTO_TEST_CASE(en_passant_wrong_rank_names_the_side_by_the_rank) {
  for (const int rank : {3, 6}) {
    const Diagnostic d = {
        .code = Code::en_passant_wrong_rank, .offset = 0, .length = 2, .limit = rank};
    BOOST_TEST(xfen::message(d, "e4") == "en passant square 'e4' must be on rank " +
                                             std::to_string(rank) + " with " +
                                             (rank == 6 ? "White" : "Black") + " to move");
  }
}

// --- warnings and errors ---

// A warning says what lenient reading did: five codes have a sentence of their own, six add
// "; dropped" to the error's, and the rest read as the error.
BOOST_AUTO_TEST_CASE(warnings_against_errors_for_every_code) {
  const std::set<std::string_view> own = {"record.separator", "record.whitespace",
                                          "record.missing-field", "board.bad-count",
                                          "fullmove.range"};
  const std::set<std::string_view> dropped = {"castling.no-rook",   "castling.no-king",
                                              "castling.duplicate", "en-passant.wrong-rank",
                                              "en-passant.no-pawn", "en-passant.occupied"};
  const std::string_view record = "x1 yz";
  for (const Code code : xfen::all_codes()) {
    const std::string_view name = xfen::code_name(code);
    const Diagnostic error = {.code = code,
                              .offset = 1,
                              .length = 1,
                              .square = xfen::make_square(1, 2),
                              .other_square = xfen::make_square(3, 4),
                              .found = 5,
                              .limit = 6};
    Diagnostic warning = error;
    warning.severity = Severity::warning;
    const std::string error_text = xfen::message(error, record);
    const std::string warning_text = xfen::message(warning, record);
    BOOST_TEST_CONTEXT(name) {
      BOOST_TEST(!error_text.empty());
      if (own.count(name) != 0)
        BOOST_TEST(warning_text != error_text);
      else if (dropped.count(name) != 0)
        BOOST_TEST(warning_text == error_text + "; dropped");
      else
        BOOST_TEST(warning_text == error_text);
    }
  }
  BOOST_TEST(xfen::message({.code = Code::ok}, "") == "no problem");
  BOOST_TEST(xfen::message({.code = Code::ok, .severity = Severity::warning}, "") == "no problem");
}

BOOST_AUTO_TEST_CASE(warning_sentences_of_their_own) {
  const auto warn = [](Code code, std::uint32_t offset, std::uint32_t length, std::int32_t found,
                       std::string_view record) {
    return xfen::message({.code = code,
                          .severity = Severity::warning,
                          .offset = offset,
                          .length = length,
                          .found = found},
                         record);
  };
  BOOST_TEST(warn(Code::record_separator, 1, 2, 0, "a  b") ==
             "white space '  ' at byte 1 accepted; strict X-FEN has exactly one space between "
             "fields and none around them");
  BOOST_TEST(warn(Code::record_whitespace, 1, 1, 0, "a\rb") ==
             "white space '\\x0d' at byte 1 accepted; strict X-FEN has exactly one space between "
             "fields and none around them");
  BOOST_TEST(warn(Code::board_bad_count, 0, 3, 12, "912") ==
             "empty-square count '912' read as 12 (its digits summed)");
  BOOST_TEST(warn(Code::fullmove_range, 0, 1, 0, "0") == "fullmove number '0' read as 1");
  // The same diagnostics as errors.
  BOOST_TEST(xfen::message({.code = Code::record_separator, .offset = 1}, "a  b") ==
             "empty field at byte 1: fields are separated by exactly one space, with none before "
             "the first field or after the last");
  BOOST_TEST(xfen::message({.code = Code::board_bad_count, .offset = 0, .length = 3}, "912") ==
             "empty-square count '912' is not a number from 1 to 10 without leading zero");
}

// --- the names of profiles and styles ---

namespace {

// `listed` is `expected`, in the order of the enumeration, and each name stands for its value both
// ways.
template <typename Enum>
void check_names(const std::vector<std::string_view>& expected,
                 std::span<const std::string_view> listed,
                 std::optional<Enum> (*from_name)(std::string_view) noexcept) {
  BOOST_TEST(std::vector<std::string_view>(listed.begin(), listed.end()) == expected,
             boost::test_tools::per_element());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const auto value = static_cast<Enum>(i);
    BOOST_TEST(xfen::style_name(value) == expected[i]);
    BOOST_TEST((from_name(expected[i]) == std::optional<Enum>(value)));
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(style_names_round_trip) {
  check_names<xfen::Profile>({"strict", "lenient"}, xfen::profile_names(),
                             xfen::profile_from_name);
  check_names<xfen::CastlingStyle>({"xfen", "shredder", "classic"}, xfen::castling_style_names(),
                                   xfen::castling_style_from_name);
  check_names<xfen::EnPassantStyle>({"xfen", "always", "legal"}, xfen::en_passant_style_names(),
                                    xfen::en_passant_style_from_name);
  check_names<xfen::RecordFields>({"full", "epd", "board"}, xfen::record_fields_names(),
                                  xfen::record_fields_from_name);
  BOOST_TEST(xfen::style_name(xfen::Profile::lenient) == "lenient");
  BOOST_TEST(xfen::style_name(xfen::CastlingStyle::classic) == "classic");
  BOOST_TEST(xfen::style_name(xfen::EnPassantStyle::legal) == "legal");
  BOOST_TEST(xfen::style_name(xfen::RecordFields::board) == "board");
}

// Names are case-sensitive and whole; one list's names are not another's; a value outside an
// enumeration has no name.
BOOST_AUTO_TEST_CASE(other_text_names_no_style) {
  for (const std::string_view text :
       {"", "Strict", "LENIENT", "strict ", "xfe", "xfen\n", "shredder-fen", "always ", "legal.",
        "x", "s", "none", "chess960"}) {
    BOOST_TEST(!xfen::profile_from_name(text).has_value(), "'" << text << "'");
    BOOST_TEST(!xfen::castling_style_from_name(text).has_value(), "'" << text << "'");
    BOOST_TEST(!xfen::en_passant_style_from_name(text).has_value(), "'" << text << "'");
    BOOST_TEST(!xfen::record_fields_from_name(text).has_value(), "'" << text << "'");
  }
  for (const std::string_view name : {"EPD", "Full", "fen", "board ", "boards", "strict", "xfen"})
    BOOST_TEST(!xfen::record_fields_from_name(name).has_value(), "'" << name << "'");
  for (const std::string_view name : {"xfen", "shredder", "classic", "always", "legal"})
    BOOST_TEST(!xfen::profile_from_name(name).has_value(), "'" << name << "' is a profile");
  for (const std::string_view name : {"strict", "lenient", "always", "legal"})
    BOOST_TEST(!xfen::castling_style_from_name(name).has_value(),
               "'" << name << "' is a castling style");
  for (const std::string_view name : {"strict", "lenient", "shredder", "classic"})
    BOOST_TEST(!xfen::en_passant_style_from_name(name).has_value(),
               "'" << name << "' is an en passant style");
  for (int value = 2; value <= 255; ++value)
    BOOST_TEST(xfen::style_name(static_cast<xfen::Profile>(value)).empty(), "Profile " << value);
  for (int value = 3; value <= 255; ++value) {
    BOOST_TEST(xfen::style_name(static_cast<xfen::CastlingStyle>(value)).empty(),
               "CastlingStyle " << value);
    BOOST_TEST(xfen::style_name(static_cast<xfen::EnPassantStyle>(value)).empty(),
               "EnPassantStyle " << value);
    BOOST_TEST(xfen::style_name(static_cast<xfen::RecordFields>(value)).empty(),
               "RecordFields " << value);
  }
}

// --- what a diagnostic is carried in ---

// SPEC's appendix: a code leaves the slots it does not use at their defaults (an invalid square,
// White, 0), and a default diagnostic is "no problem".
BOOST_AUTO_TEST_CASE(a_default_diagnostic_is_ok_with_default_slots) {
  const Diagnostic d;
  BOOST_TEST(!static_cast<bool>(d));
  BOOST_TEST(static_cast<int>(d.code) == static_cast<int>(Code::ok));
  BOOST_TEST(static_cast<int>(d.severity) == static_cast<int>(Severity::error));
  BOOST_TEST(d.offset == 0U);
  BOOST_TEST(d.length == 0U);
  BOOST_TEST((d.square == xfen::Square{}));
  BOOST_TEST((d.other_square == xfen::Square{}));
  BOOST_TEST(static_cast<int>(d.color) == static_cast<int>(Color::white));
  BOOST_TEST(d.found == 0);
  BOOST_TEST(d.limit == 0);
  for (const Code code : xfen::all_codes()) {
    const Diagnostic problem = {.code = code};
    BOOST_TEST(static_cast<bool>(problem), xfen::code_name(code));
  }
  // A record read without a problem reports the default diagnostic, slot for slot.
  const Diagnostic none = xfen::parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").error;
  BOOST_TEST(!static_cast<bool>(none));
  BOOST_TEST(none.offset == 0U);
  BOOST_TEST(none.length == 0U);
  BOOST_TEST(none.found == 0);
  BOOST_TEST(none.limit == 0);
  BOOST_TEST(static_cast<int>(none.color) == static_cast<int>(Color::white));
}

namespace {
Diagnostic numbered(std::uint32_t n) {
  return {.code = Code::board_bad_char,
          .offset = n,
          .length = n + 1000,
          .found = static_cast<std::int32_t>(n)};
}
std::vector<std::uint32_t> offsets(const xfen::DiagnosticList& list) {
  std::vector<std::uint32_t> out;
  for (const Diagnostic& d : list) out.push_back(d.offset);
  return out;
}
}  // namespace

// The list keeps the first eight and counts them all.
BOOST_AUTO_TEST_CASE(a_diagnostic_list_keeps_the_first_eight) {
  BOOST_TEST(xfen::DiagnosticList::kCapacity == 8U);
  xfen::DiagnosticList list;
  BOOST_TEST(list.empty());
  BOOST_TEST(list.size() == 0U);
  BOOST_TEST(list.total() == 0U);
  BOOST_TEST((list.begin() == list.end()));
  std::vector<std::uint32_t> expected;
  for (std::uint32_t n = 1; n <= 12; ++n) {
    list.push(numbered(n));
    if (n <= 8) expected.push_back(n);
    BOOST_TEST_CONTEXT("after " << n << " pushes") {
      BOOST_TEST(!list.empty());
      BOOST_TEST(list.size() == (n < 8 ? n : 8U));
      BOOST_TEST(list.total() == n);
      BOOST_TEST(offsets(list) == expected, boost::test_tools::per_element());
      BOOST_TEST(list[0].length == 1001U);
      BOOST_TEST(list[list.size() - 1].offset == (n < 8 ? n : 8U));
    }
  }
}

BOOST_AUTO_TEST_CASE(a_diagnostic_list_copies_whole) {
  xfen::DiagnosticList three;
  for (std::uint32_t n = 1; n <= 3; ++n) three.push(numbered(n));
  xfen::DiagnosticList ten;
  for (std::uint32_t n = 101; n <= 110; ++n) ten.push(numbered(n));

  const xfen::DiagnosticList copy(three);
  BOOST_TEST(copy.size() == 3U);
  BOOST_TEST(copy.total() == 3U);
  BOOST_TEST(offsets(copy) == (std::vector<std::uint32_t>{1, 2, 3}),
             boost::test_tools::per_element());

  xfen::DiagnosticList assigned = ten;  // a copy of a full list
  BOOST_TEST(assigned.size() == 8U);
  BOOST_TEST(assigned.total() == 10U);
  assigned = three;  // assignment over a fuller list replaces its items, size and total
  BOOST_TEST(assigned.size() == 3U);
  BOOST_TEST(assigned.total() == 3U);
  BOOST_TEST(offsets(assigned) == (std::vector<std::uint32_t>{1, 2, 3}),
             boost::test_tools::per_element());
  BOOST_TEST(assigned[2].length == 1003U);

  assigned = ten;
  BOOST_TEST(assigned.size() == 8U);
  BOOST_TEST(assigned.total() == 10U);
  BOOST_TEST(
      offsets(assigned) == (std::vector<std::uint32_t>{101, 102, 103, 104, 105, 106, 107, 108}),
      boost::test_tools::per_element());

  xfen::DiagnosticList empty_copy = xfen::DiagnosticList{};
  BOOST_TEST(empty_copy.empty());
  BOOST_TEST(empty_copy.size() == 0U);
  empty_copy = xfen::DiagnosticList{};
  BOOST_TEST(empty_copy.empty());
}

BOOST_AUTO_TEST_CASE(a_diagnostic_sink_delivers_to_its_receiver_only_when_set) {
  struct Received {
    std::vector<std::uint32_t> offsets;
  } received;
  const xfen::DiagnosticSink sink = {
      .receive =
          [](void* context, const Diagnostic& d) noexcept {
            try {
              static_cast<Received*>(context)->offsets.push_back(d.offset);
            } catch (...) {
            }
          },
      .context = &received};
  sink(numbered(7));
  sink(numbered(9));
  BOOST_TEST(received.offsets == (std::vector<std::uint32_t>{7, 9}),
             boost::test_tools::per_element());
  // No receiver: nothing is called.
  const xfen::DiagnosticSink none{};
  none(numbered(1));
  BOOST_TEST(received.offsets.size() == 2U);
}
