// The reports of `xfen certify` (src/certify/report/reports.hpp) on a hand-made
// run holding one case of each kind of failure, some with hostile bytes (NUL, bytes that are not
// UTF-8, control characters, `]]>`, `</svg><script>…`, quotes), and the pieces they are made of:
// the untrusted-text rule, base64 and the SVG board.
//
// Given a directory (`certify_report_test -- DIR`, or XFEN_CERTIFY_REPORT_DIR), it writes the
// documents there for the checks with real parsers and a real browser
// (certify_report_check.py, certify_html_render_test.py), with expectations.json saying what
// those must find.
#define BOOST_TEST_MODULE certify_report
#include <boost/test/unit_test.hpp>

#include <pugixml.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <unistd.h>

#include "certify/report/untrusted_text.hpp"
#include "certify/report/boards.hpp"
#include "certify/report/report_reading.hpp"
#include "certify/report/reports.hpp"
#include "certify/run/runner.hpp"
#include "io/memory_stream.hpp"
#include "io/output_buffer.hpp"
#include "xfen/parse.hpp"
#include "xfen/start_position.hpp"
#include "xfen/write.hpp"

namespace certify = xfen::certify;
using certify::Answer;
using certify::CaseResult;
using certify::CertifyReport;
using certify::Expectation;
using certify::Verdict;
using xfen::conformance::CaseClass;

namespace {

using namespace std::literals;

// Everything a program could write that a report must survive: NUL, a lone continuation byte,
// 0xFF, a truncated sequence, an overlong '/', an encoded surrogate, ESC, CR, DEL, U+FFFF, the
// CDATA end, markup, quotes, a backslash and valid non-ASCII text.
const std::string kHostile =
    "ok \0\x80\xFF\xE2\x82 \xC0\xAF\xED\xA0\x80\x1B[31m\r\x7F\xEF\xBF\xBF]]>"
    "</svg><script>alert(1)</script>\"'&<tag> \\x41 caf\xC3\xA9 \xE2\x99\x9E"s;

// The inverse of untrusted_text's escaped form: `\\` is a backslash, `\xNN` the byte NN.
std::string unescape(std::string_view text) {
  std::string bytes;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\') {
      bytes += text[i];
      continue;
    }
    BOOST_REQUIRE(i + 1 < text.size());
    if (text[i + 1] == '\\') {
      bytes += '\\';
      i += 1;
      continue;
    }
    BOOST_REQUIRE(text[i + 1] == 'x' && i + 3 < text.size());
    bytes += static_cast<char>(std::stoi(std::string(text.substr(i + 2, 2)), nullptr, 16));
    i += 3;
  }
  return bytes;
}

std::string decode_base64(std::string_view text) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string bytes;
  std::uint32_t bits = 0;
  int count = 0;
  for (const char c : text) {
    if (c == '=') break;
    const std::size_t value = kAlphabet.find(c);
    BOOST_REQUIRE(value != std::string_view::npos);
    bits = (bits << 6) | static_cast<std::uint32_t>(value);
    count += 6;
    if (count >= 8) {
      count -= 8;
      bytes += static_cast<char>((bits >> count) & 0xFF);
    }
  }
  return bytes;
}

// Whether `text` is what untrusted_text promises: valid UTF-8 with no character it escapes.
bool is_clean_text(std::string_view text) { return !certify::untrusted_text(text).escaped; }

std::size_t count(std::string_view haystack, std::string_view needle) {
  std::size_t found = 0;
  for (std::size_t at = haystack.find(needle); at != std::string_view::npos;
       at = haystack.find(needle, at + needle.size()))
    ++found;
  return found;
}

xfen::Position read(std::string_view record) {
  const xfen::ParseResult result = xfen::parse(record);
  BOOST_REQUIRE_MESSAGE(result.ok(), "test record does not read: " << record);
  return result.position;
}

CaseResult make_case(std::string id, CaseClass case_class, std::vector<std::string> tags,
                     Expectation expectation, std::string input, std::string expected,
                     Answer::Kind kind, std::string answer_text, Verdict verdict,
                     std::string detail) {
  CaseResult result;
  result.case_.id = std::move(id);
  result.case_.case_class = case_class;
  result.case_.tags = std::move(tags);
  result.case_.expectation = expectation;
  result.case_.input = std::move(input);
  result.case_.expected = std::move(expected);
  if (expectation != Expectation::reject)
    result.case_.expected_position = read(result.case_.expected);
  result.answer.kind = kind;
  result.answer.text = std::move(answer_text);
  result.verdict = verdict;
  result.detail = std::move(detail);
  return result;
}

const std::string kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string kCapablanca =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

// One case of each kind the reports treat differently. The order is the order of the reports.
std::vector<CaseResult> hand_made_cases() {
  std::vector<CaseResult> cases;
  cases.push_back(make_case("board.kings-only-8x8", CaseClass::valid, {"8x8", "board"},
                            Expectation::accept, "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                            "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Answer::Kind::accepted,
                            "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Verdict::pass, ""));
  cases.push_back(make_case(
      "castling.standard-KQkq", CaseClass::valid, {"8x8", "castling"}, Expectation::accept, kStart,
      kStart, Answer::Kind::accepted, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
      Verdict::non_canonical, "written with Shredder castling letters (HAha)"));
  // A Chess960 position with an inner castling rook (B: the b-file rook inside the a-file one)
  // and an en passant square; the answer moved a knight and lost a right.
  cases.push_back(make_case(
      "castling.inner-rook-8x8", CaseClass::valid, {"8x8", "castling", "chess960"},
      Expectation::accept, "rrkbbnrq/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RRKBBNRQ b KBkq d3 0 3",
      "rrkbbnrq/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RRKBBNRQ b KBkq d3 0 3", Answer::Kind::accepted,
      "rrkbb1rq/pppp1ppp/5n2/8/3Pp3/8/PPP1PPPP/RRKBBNRQ b Bk d3 0 3", Verdict::wrong_position,
      "another position: the board and the castling rights differ"));
  cases.push_back(make_case(
      "board.capablanca-start", CaseClass::valid, {"10x8", "board", "capablanca", "digits-9-10"},
      Expectation::accept, kCapablanca, kCapablanca, Answer::Kind::accepted,
      "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1",
      Verdict::wrong_position, "another position"));
  cases.push_back(make_case("castling.no-rook", CaseClass::invalid, {"8x8", "castling"},
                            Expectation::reject, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", "",
                            Answer::Kind::accepted, "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                            Verdict::accepted_invalid, "accepted a record that must be rejected"));
  cases.push_back(make_case("board.all-kinds-10x8", CaseClass::valid, {"10x8", "board"},
                            Expectation::accept, "kaqcbnrp2/10/10/10/10/10/10/2KAQCBNRP w - - 0 1",
                            "kaqcbnrp2/10/10/10/10/10/10/2KAQCBNRP w - - 0 1",
                            Answer::Kind::rejected, "unknown piece 'a' <b>",
                            Verdict::rejected_valid, "rejected a record that must be accepted"));
  {
    CaseResult crash =
        make_case("record.nul-byte", CaseClass::invalid, {"8x8", "bytes", "record"},
                  Expectation::reject, "4k3/8/8/8/\0\xFF/8/8/4K3 w - - 0 1"s, "",
                  Answer::Kind::crash, "", Verdict::crash, "killed by signal 11 (SIGSEGV)");
    crash.answer.detail = "killed by signal 11 (SIGSEGV)";
    crash.answer.stderr_tail = "Segmentation fault\nat \0\xFF <script>alert(2)</script>\n"s;
    cases.push_back(std::move(crash));
  }
  {
    CaseResult timeout =
        make_case("counters.typical", CaseClass::valid, {"8x8", "counters"}, Expectation::accept,
                  "4k3/8/8/8/8/8/8/4K3 w - - 12 40", "4k3/8/8/8/8/8/8/4K3 w - - 12 40",
                  Answer::Kind::timeout, "", Verdict::timeout, "no answer within 10000 ms");
    timeout.answer.stderr_tail = "thinking…\n";
    cases.push_back(std::move(timeout));
  }
  {
    CaseResult protocol =
        make_case("side.black", CaseClass::valid, {"8x8", "side"}, Expectation::accept,
                  "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
                  Answer::Kind::protocol_error, kHostile.substr(3), Verdict::protocol_error,
                  "not an answer: no 'ok' or 'error' prefix");
    protocol.answer.detail = "no 'ok' or 'error' prefix";
    cases.push_back(std::move(protocol));
  }
  // An answer that is no record at all: "no board: …" with the reader's message, escaped.
  cases.push_back(make_case("side.white", CaseClass::valid, {"8x8", "side"}, Expectation::accept,
                            "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
                            Answer::Kind::accepted, kHostile.substr(3), Verdict::wrong_position,
                            "the answer is not a readable record"));
  cases.push_back(make_case("dialects.shredder-standard", CaseClass::dialect,
                            {"8x8", "dialects", "write-shredder"}, Expectation::accept, kStart,
                            kStart, Answer::Kind::not_run, "", Verdict::skipped,
                            "the run does not accept Shredder castling letters"));
  cases.push_back(make_case("lenient.tab", CaseClass::implementation_defined, {"8x8", "lenient"},
                            Expectation::either, "4k3/8/8/8/8/8/8/4K3\tw - - 0 1",
                            "4k3/8/8/8/8/8/8/4K3 w - - 0 1", Answer::Kind::not_run, "",
                            Verdict::not_run, "never sent: the program was restarted too often"));
  return cases;
}

// The counts of a run, from its listed cases: what a report of the suite holds.
void count_cases(CertifyReport& report) {
  for (const CaseResult& result : report.cases) {
    report.summary.count(result.verdict);
    ++report.verdicts[static_cast<std::size_t>(result.verdict)];
    report.by_class[std::string(xfen::conformance::case_class_name(result.case_.case_class))].count(
        result.verdict);
    for (const std::string& tag : result.case_.tags) report.by_tag[tag].count(result.verdict);
  }
}

CertifyReport hand_made_report() {
  CertifyReport report;
  report.suite_version = "1.0.0";
  report.source = "corpus/conformance";
  report.command = "./impl --flag '<x>' \xFF"s;
  report.name = "impl <b>&\"'\xC3";
  report.mode = certify::Mode::stream;
  report.accepted_spellings.add(certify::Spelling::ep_always);
  report.cases = hand_made_cases();
  // Numbered as a run numbers them (CertifyCase::index): the HTML page anchors each case by it.
  for (std::size_t i = 0; i < report.cases.size(); ++i) report.cases[i].case_.index = i;
  count_cases(report);
  report.run.restarts = 2;
  report.run.extra_answers = 1;
  report.run.first_extra_answer = "ok \x01 twice"s;
  // A writer renders what it is given: a run's cases and, here too, the protocol failure that a
  // real run would have put in their place.
  report.run.first_lines = {"banner \x01"s, "ok \x01 twice"s};
  report.protocol_failure = "the program wrote 1 answer line more than it was sent records";
  report.seconds = 1.25;
  return report;
}

// A generative run (--generate 1000) that found two groups: the first met on a record holding a
// control byte and bytes that are not UTF-8, its minimal record no record at all; the second,
// a valid record whose en passant square the program drops, shrunk until the call bound stopped
// it. The cases are the groups' minimal records; the counts are those of the 1000 records.
const std::string kGroupOneRecord = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\x01\xC3\x28 0 1";
const std::string kGroupOneTapeShrunk = "4k3/8/8/8/8/8/8/4K3 w - -\x01\xC3\x28 0 1";
const std::string kGroupOneMinimal = "k\x01\xC3";
const std::string kGroupTwoMinimal = "4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 1";

CertifyReport generative_report() {
  CertifyReport report;
  report.source = "generated records";
  report.command = "./impl <x>";
  report.name = "impl";
  report.mode = certify::Mode::stream;
  report.cases.push_back(make_case("group-1", CaseClass::invalid, {"8x8", "bytes"}, Expectation::reject,
                                   kGroupOneMinimal, "", Answer::Kind::accepted,
                                   "k7/8/8/8/8/8/8/8 w - - 0 1", Verdict::accepted_invalid,
                                   "accepted a record that must be rejected"));
  report.cases.push_back(make_case("group-2", CaseClass::valid, {"8x8", "en-passant"}, Expectation::accept,
                                   kGroupTwoMinimal, kGroupTwoMinimal, Answer::Kind::accepted,
                                   "4k3/8/8/4Pp2/8/8/8/4K3 w - - 0 1", Verdict::wrong_position,
                                   "another position: the en passant square differs"));
  for (std::size_t i = 0; i < report.cases.size(); ++i) report.cases[i].case_.index = i;
  count_cases(report);
  // The other 998 records generated, counted as a run counts them: 955 passes, and the other
  // records of the two groups (30 and 15 in all).
  report.summary.passed += 955;
  report.verdicts[static_cast<std::size_t>(Verdict::pass)] += 955;
  report.summary.failed += 29 + 14;
  report.verdicts[static_cast<std::size_t>(Verdict::accepted_invalid)] += 29;
  report.verdicts[static_cast<std::size_t>(Verdict::wrong_position)] += 14;
  report.seconds = 4.5;

  certify::GenerativeSummary run;
  run.seed = 42;
  run.profile = "all";
  run.first_record = 0;
  run.record_limit = 1000;
  run.time_limit = 60.0;
  run.stale_limit = 20000;
  run.generated = 1000;
  run.stopped_by = "the record limit";
  run.generation_seconds = 2.5;
  run.shrink_seconds = 1.75;
  run.suite_report = "suite-run.json";
  certify::GeneratedGroup bytes;
  bytes.key = "accepted-invalid: bytes.control";
  bytes.verdict = Verdict::accepted_invalid;
  bytes.records = 30;
  bytes.record_index = 17;
  bytes.record_seed = 12345678901234567890U;
  bytes.description = "8x8, standard start, X-FEN spelling, mutation: a control byte";
  bytes.record = kGroupOneRecord;
  bytes.tape = {3, 0, 17, 255, 4294967295U};
  bytes.tape_shrunk = kGroupOneTapeShrunk;
  bytes.minimal = kGroupOneMinimal;
  bytes.calls = 37;
  bytes.shrink_seconds = 0.25;
  bytes.case_index = 0;
  bytes.replay = "xfen certify --generate 1 --from 17 --seed 42 --profile all --impl './impl <x>'";
  certify::GeneratedGroup en_passant;
  en_passant.key = "wrong-position: en-passant";
  en_passant.verdict = Verdict::wrong_position;
  en_passant.records = 15;
  en_passant.record_index = 401;
  en_passant.record_seed = 99;
  en_passant.description = "8x8, standard start, X-FEN spelling, no mutation";
  en_passant.record = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
  en_passant.tape = {1, 2};
  en_passant.tape_shrunk = "4k3/8/8/3pPp2/8/8/8/4K3 w - f6 0 1";
  en_passant.minimal = kGroupTwoMinimal;
  en_passant.calls = 500;
  en_passant.call_bound_reached = true;
  en_passant.shrink_seconds = 1.5;
  en_passant.case_index = 1;
  en_passant.replay = "xfen certify --generate 1 --from 401 --seed 42 --profile all --impl './impl <x>'";
  en_passant.suite_case = "en-passant.e6-capturer-d5";
  run.groups = {bytes, en_passant};
  report.generative = std::move(run);
  return report;
}

std::string text_report(const CertifyReport& report) {
  xfen::io::MemorySink sink;
  {
    xfen::io::OutputBuffer out(sink);
    certify::write_text_report(report, out);
    BOOST_REQUIRE(out.flush());
  }
  return std::string(sink.text());
}

// What the HTML must draw for each case it lists: a board per readable side, in page order
// (expected first). An answer is read as the page reads it: strictly, in the layout its number of
// fields names (6, EPD's 4, the board alone), and leniently only when that fails.
std::vector<xfen::Position> expected_board_positions(const CertifyReport& report) {
  std::vector<xfen::Position> boards;
  for (const CaseResult& result : report.cases) {
    if (certify::tally_of(result.verdict) != certify::Tally::failed) continue;
    if (result.case_.expectation != Expectation::reject)
      boards.push_back(result.case_.expected_position);
    if (result.answer.kind == Answer::Kind::accepted) {
      std::istringstream words(result.answer.text);
      const auto fields = std::distance(std::istream_iterator<std::string>(words),
                                        std::istream_iterator<std::string>());
      xfen::ParseOptions options;
      options.fields = fields == 4   ? xfen::RecordFields::epd
                       : fields == 1 ? xfen::RecordFields::board
                                     : xfen::RecordFields::full;
      xfen::ParseResult answer = xfen::parse(result.answer.text, options);
      if (!answer.ok()) {
        options.profile = xfen::Profile::lenient;
        answer = xfen::parse(result.answer.text, options);
      }
      if (answer.ok()) boards.push_back(answer.position);
    }
  }
  return boards;
}

// The number of files of each board the HTML must draw, in page order.
std::vector<int> expected_boards(const CertifyReport& report) {
  std::vector<int> files;
  for (const xfen::Position& board : expected_board_positions(report)) files.push_back(board.width);
  return files;
}

// The squares of one colour ("light", "dark") that the symbol `board` ("board-8x8") of a page's
// definitions draws: its path of that colour, a subpath ("M…z") a square.
std::size_t squares_of(std::string_view definitions, std::string_view board,
                       std::string_view colour) {
  const std::size_t symbol = definitions.find("<symbol id=\"" + std::string(board) + "\">");
  if (symbol == std::string_view::npos) return 0;
  const std::size_t path = definitions.find("<path class=\"" + std::string(colour) + "-squares\"",
                                            symbol);
  if (path == std::string_view::npos || path > definitions.find("</symbol>", symbol)) return 0;
  return count(definitions.substr(path, definitions.find("/>", path) - path), "M");
}

// The pieces a board draws. Each rank it draws is a symbol named by its X-FEN text
// ("rank-4P5"), which must use one piece symbol a letter.
std::size_t pieces_drawn(const std::string& svg, std::string_view definitions) {
  std::size_t pieces = 0;
  const std::regex rank(R"re(href="#(rank-[^"]*)")re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rank); it != std::sregex_iterator();
       ++it) {
    const std::string id = (*it)[1].str();
    const std::size_t letters = static_cast<std::size_t>(std::count_if(
        id.begin() + 5, id.end(), [](unsigned char c) { return std::isalpha(c) != 0; }));
    const std::size_t symbol = definitions.find("<symbol id=\"" + id + "\">");
    BOOST_REQUIRE_MESSAGE(symbol != std::string_view::npos, "no symbol " << id);
    const std::string_view content =
        definitions.substr(symbol, definitions.find("</symbol>", symbol) - symbol);
    BOOST_TEST(count(content, "<use href=\"#piece-") == letters, id);
    pieces += letters;
  }
  return pieces;
}

// A board's pieces as X-FEN's first field writes them ("4k3/8/…").
std::string placement(const xfen::Position& position) {
  const xfen::StringResult record = xfen::to_string(position);
  BOOST_REQUIRE_MESSAGE(record.ok(), "a board of the test does not write");
  return record.text.substr(0, record.text.find(' '));
}

std::filesystem::path output_directory() {
  const auto& suite = boost::unit_test::framework::master_test_suite();
  if (suite.argc > 1) return suite.argv[1];
  if (const char* dir = std::getenv("XFEN_CERTIFY_REPORT_DIR")) return dir;
  return {};
}

void write_file(const std::filesystem::path& path, std::string_view content) {
  std::ofstream out(path, std::ios::binary);
  out.write(content.data(), static_cast<std::streamsize>(content.size()));
  BOOST_REQUIRE_MESSAGE(out.good(), "cannot write " << path);
}

}  // namespace

// --- untrusted_text: the rule of docs/PROTOCOL.md "Reports", one line per case ---

BOOST_AUTO_TEST_CASE(untrusted_text_table) {
  struct Row {
    std::string bytes;
    std::string text;
    bool escaped;
  };
  const std::vector<Row> rows{
      {"", "", false},
      {"plain 4k3/8 w - - 0 1", "plain 4k3/8 w - - 0 1", false},
      {"tab\tand\nnewline", "tab\tand\nnewline", false},
      {"caf\xC3\xA9 \xE2\x99\x9E \xF0\x9F\x98\x80", "caf\xC3\xA9 \xE2\x99\x9E \xF0\x9F\x98\x80",
       false},
      {"quoted \\x00 stays", "quoted \\x00 stays", false},  // no escaping: backslash as is
      {"\0"s, "\\x00", true},
      {"a\\b\x01", "a\\\\b\\x01", true},  // escaping: every backslash doubled
      {"\r\n", "\\x0d\n", true},
      {"\x7F", "\\x7f", true},
      {"\xC2\x85", "\\xc2\\x85", true},                                      // U+0085, a C1 control
      {"\xEF\xBF\xBE\xEF\xBF\xBF", "\\xef\\xbf\\xbe\\xef\\xbf\\xbf", true},  // U+FFFE, U+FFFF
      {"\x80", "\\x80", true},  // a lone continuation byte
      {"\xFF\xFE", "\\xff\\xfe", true},
      {"\xC0\xAF", "\\xc0\\xaf", true},                    // overlong '/'
      {"\xE0\x80\xAF", "\\xe0\\x80\\xaf", true},           // overlong '/'
      {"\xED\xA0\x80", "\\xed\\xa0\\x80", true},           // a surrogate
      {"\xF4\x90\x80\x80", "\\xf4\\x90\\x80\\x80", true},  // above U+10FFFF
      {"\xE2\x82", "\\xe2\\x82", true},                    // cut short at the end
      {"\xE2\x82x", "\\xe2\\x82x", true},                  // cut short before ASCII
      {"\xF0\x9F\x98\x80\xF0", "\xF0\x9F\x98\x80\\xf0", true},
  };
  for (const Row& row : rows) {
    const certify::UntrustedText shown = certify::untrusted_text(row.bytes);
    BOOST_TEST(shown.text == row.text);
    BOOST_TEST(shown.escaped == row.escaped);
  }
}

BOOST_AUTO_TEST_CASE(untrusted_text_is_lossless_and_clean) {
  std::mt19937 random(20240517);
  std::vector<std::string> inputs{kHostile};
  for (int i = 0; i < 2000; ++i) {
    std::string bytes(random() % 24, '\0');
    for (char& byte : bytes) {
      // Half the time from a small alphabet of the interesting bytes, so sequences form.
      static constexpr std::string_view kInteresting =
          "\\x\xC3\xA9\xE2\x82\xAC\xF0\x9F\xED\xA0\xEF\xBF\xBE\0\r\n\t"sv;
      byte = random() % 2 == 0 ? kInteresting[random() % kInteresting.size()]
                               : static_cast<char>(random() % 256);
    }
    inputs.push_back(bytes);
  }
  for (const std::string& bytes : inputs) {
    const certify::UntrustedText shown = certify::untrusted_text(bytes);
    BOOST_TEST(is_clean_text(shown.text));
    BOOST_TEST((shown.escaped ? unescape(shown.text) : shown.text) == bytes);
    BOOST_TEST(shown.escaped == (shown.text != bytes));
  }
}

BOOST_AUTO_TEST_CASE(base64_vectors) {
  // RFC 4648, section 10.
  BOOST_TEST(certify::base64("") == "");
  BOOST_TEST(certify::base64("f") == "Zg==");
  BOOST_TEST(certify::base64("fo") == "Zm8=");
  BOOST_TEST(certify::base64("foo") == "Zm9v");
  BOOST_TEST(certify::base64("foob") == "Zm9vYg==");
  BOOST_TEST(certify::base64("fooba") == "Zm9vYmE=");
  BOOST_TEST(certify::base64("foobar") == "Zm9vYmFy");
  BOOST_TEST(decode_base64(certify::base64(kHostile)) == kHostile);
}

// --- the SVG board ---

BOOST_AUTO_TEST_CASE(board_svg_draws_every_square_and_the_marks) {
  const xfen::Position chess960 =
      read("rrkbbnrq/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RRKBBNRQ b KBkq d3 0 3");
  certify::BoardSymbols symbols;
  const std::string svg = certify::board_svg(chess960, {}, "expected <x>", symbols);
  const std::string definitions = symbols.definitions();
  BOOST_TEST(count(svg, "<use href=\"#board-8x8\"") == 1U);
  BOOST_TEST(squares_of(definitions, "board-8x8", "light") == 32U);
  BOOST_TEST(squares_of(definitions, "board-8x8", "dark") == 32U);
  BOOST_TEST(pieces_drawn(svg, definitions) == 32U);
  BOOST_TEST(count(svg, "href=\"#castling-") == 4U);
  // The outermost rook is K/Q, the inner b-file rook its file letter.
  BOOST_TEST(count(svg, "href=\"#castling-B\"") == 1U);
  BOOST_TEST(count(svg, "href=\"#castling-K\"") == 1U);
  BOOST_TEST(count(svg, "href=\"#castling-q\"") == 1U);
  BOOST_TEST(definitions.find("castling rook (B)") != std::string::npos);
  BOOST_TEST(count(svg, "href=\"#mark-en-passant\"") == 1U);
  BOOST_TEST(svg.find("en passant square d3") != std::string::npos);
  BOOST_TEST(count(svg, "href=\"#mark-differs\"") == 0U);
  BOOST_TEST(svg.find("expected &lt;x&gt;") != std::string::npos);
  BOOST_TEST(svg.find("<x>") == std::string::npos);

  // A second board on the same page: only what the first did not use is defined anew.
  const xfen::Position capablanca = read(kCapablanca);
  const xfen::Position moved =
      read("rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1");
  const certify::SquareSet differs = certify::differing_squares(capablanca, moved);
  BOOST_TEST(differs.count() == 2U);  // e2 and e4
  const std::string wide = certify::board_svg(capablanca, differs, "answer", symbols);
  const std::string both = symbols.definitions();
  BOOST_TEST(count(wide, "<use href=\"#board-10x8\"") == 1U);
  BOOST_TEST(squares_of(both, "board-10x8", "light") == 40U);
  BOOST_TEST(squares_of(both, "board-10x8", "dark") == 40U);
  BOOST_TEST(both.find(">j</text>") != std::string::npos);
  BOOST_TEST(pieces_drawn(wide, both) == 40U);
  BOOST_TEST(count(both, "<symbol id=\"piece-A\">") == 1U);
  BOOST_TEST(count(both, "<symbol id=\"piece-c\">") == 1U);
  BOOST_TEST(count(both, "<symbol id=\"board-8x8\">") == 1U);
  BOOST_TEST(count(wide, "href=\"#mark-differs\"") == 2U);
  // A board of 8 files against one of 10: the two files only one has differ where it has pieces.
  BOOST_TEST(
      certify::differing_squares(read(kStart), capablanca).test(xfen::make_square(9, 0).index()));
}

// --- the pair of boards of a failure: the answer drawn and listed as it is written ---

namespace {

// The pair of boards the HTML report shows for `answer` to a case expecting `expected`, with the
// definitions of the symbols they use after it.
std::string boards_of(const std::string& expected, const std::string& answer, Verdict verdict) {
  const CaseResult result =
      make_case("boards", CaseClass::valid, {"8x8"}, Expectation::accept, expected, expected,
                Answer::Kind::accepted, answer, verdict, "");
  certify::BoardSymbols symbols;
  const std::string pair = certify::board_pair_html(result, symbols);
  return pair + symbols.definitions();
}

// The <figure> of one side of a pair: "expected" or "answer".
std::string figure_of(const std::string& boards, std::string_view side) {
  const std::string opening =
      "<figure class=\"board-side\"><figcaption>" + std::string(side) + "</figcaption>";
  const std::size_t begin = boards.find(opening);
  BOOST_REQUIRE_MESSAGE(begin != std::string::npos, "no figure '" << side << "' in " << boards);
  const std::size_t end = boards.find("</figure>", begin);
  BOOST_REQUIRE(end != std::string::npos);
  return boards.substr(begin, end + "</figure>"sv.size() - begin);
}

// The table of fields beneath a figure's board.
std::string fields_table(const std::string& figure) {
  const std::size_t begin = figure.find("<table class=\"fields\"");
  BOOST_REQUIRE_MESSAGE(begin != std::string::npos, "no table of fields in " << figure);
  return figure.substr(begin, figure.find("</table>", begin) - begin);
}

// One row of a table of fields: the field's name, its cell's class and the cell's text (markup
// removed, character references left as they are).
struct FieldRow {
  std::string name;
  std::string cell_class;
  std::string text;
};

std::vector<FieldRow> field_rows(const std::string& figure) {
  const std::string table = fields_table(figure);
  std::vector<FieldRow> rows;
  const std::regex row(R"re(<tr><th>([^<]*)</th><td([^>]*)>(.*?)</td></tr>)re");
  const std::regex cell_class(R"re( class="([^"]*)")re");
  const std::regex markup("<[^>]*>");
  for (auto it = std::sregex_iterator(table.begin(), table.end(), row);
       it != std::sregex_iterator(); ++it) {
    FieldRow field{(*it)[1].str(), "", std::regex_replace((*it)[3].str(), markup, "")};
    const std::string attributes = (*it)[2].str();
    if (std::smatch found; std::regex_search(attributes, found, cell_class))
      field.cell_class = found[1].str();
    rows.push_back(std::move(field));
  }
  return rows;
}

// The sentence the pair shows above its boards when the two boards are the same; empty if none.
std::string same_board_caption(const std::string& boards) {
  const std::size_t begin = boards.find("<p class=\"same-board\">");
  if (begin == std::string::npos) return {};
  return boards.substr(begin, boards.find("</p>", begin) - begin);
}

const std::string kStartBoard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

}  // namespace

// (a) An EPD answer (four fields, no clocks) is listed as its four fields: no counters invented
// for it, and what it lacks said as such. Its board is the expected one, so the pair says why it
// fails all the same.
BOOST_AUTO_TEST_CASE(html_boards_list_an_epd_answer_as_its_four_fields) {
  const std::string boards =
      boards_of(kStart, kStartBoard + " w KQkq -", Verdict::non_canonical);
  const std::string answer = figure_of(boards, "answer");
  BOOST_TEST(fields_table(answer).find(" data-fields=\"4\"") != std::string::npos,
             fields_table(answer));
  const std::vector<FieldRow> rows = field_rows(answer);
  BOOST_REQUIRE_EQUAL(rows.size(), 4U);
  BOOST_TEST(rows[0].text == "w");
  BOOST_TEST(rows[1].text == "KQkq");
  BOOST_TEST(rows[2].text == "-");
  BOOST_TEST(rows[3].text.find("no clocks") != std::string::npos, rows[3].text);
  for (std::size_t i = 0; i < 3; ++i) BOOST_TEST(rows[i].cell_class.empty(), rows[i].name);
  // The clocks are not wrong, they are another layout of the record: marked as such.
  BOOST_TEST(rows[3].cell_class == "another-spelling");
  for (const FieldRow& row : rows) BOOST_TEST((row.text != "0" && row.text != "1"), row.name);
  // Nowhere in what the table shows (a tooltip may quote the expected record's clocks).
  const std::string shown = std::regex_replace(fields_table(answer), std::regex("<[^>]*>"), " ");
  BOOST_TEST(shown.find("0 1") == std::string::npos, shown);
  // The same board as the expected one, under a failure: the caption says what fails.
  const std::string caption = same_board_caption(boards);
  BOOST_TEST(caption.find("no clocks") != std::string::npos, caption);
}

// (b) A Shredder-FEN answer (`HAha`) is shown as written, its castling field marked as another
// spelling of the expected rights, not as a wrong field, and its rooks labelled with its letters.
BOOST_AUTO_TEST_CASE(html_boards_show_a_shredder_answer_as_written) {
  const std::string boards =
      boards_of(kStart, kStartBoard + " w HAha - 0 1", Verdict::non_canonical);
  const std::string answer = figure_of(boards, "answer");
  const std::vector<FieldRow> rows = field_rows(answer);
  BOOST_REQUIRE_EQUAL(rows.size(), 5U);
  BOOST_TEST(rows[1].name == "castling");
  BOOST_TEST(rows[1].text == "HAha");
  BOOST_TEST(rows[1].cell_class == "another-spelling");
  for (const FieldRow& row : rows) BOOST_TEST(row.text != "KQkq", row.name);
  for (const std::size_t i : {0U, 2U, 3U, 4U}) BOOST_TEST(rows[i].cell_class.empty(), rows[i].name);
  const std::vector<FieldRow> expected = field_rows(figure_of(boards, "expected"));
  BOOST_REQUIRE_EQUAL(expected.size(), 5U);
  BOOST_TEST(expected[1].text == "KQkq");
  BOOST_TEST(expected[1].cell_class == "another-spelling");
  for (const std::string_view letter : {"H"sv, "A"sv, "h"sv, "a"sv})
    BOOST_TEST(count(answer, "href=\"#castling-" + std::string(letter) + "\"") == 1U, letter);
  BOOST_TEST(count(answer, "href=\"#castling-K\"") == 0U);
  // The rights are the same: no castling right is marked as missing or extra.
  BOOST_TEST(answer.find("mark-castling-") == std::string::npos);
  const std::string caption = same_board_caption(boards);
  // A spelling the program does not declare is a failure: never "only the spelling differs".
  BOOST_TEST(caption.find("only the spelling differs") == std::string::npos, caption);
  BOOST_TEST(caption.find("the failure is in how the answer spells the position") != std::string::npos, caption);
}

// (c) A castling token no reader can place (PyChess's `E`) is shown as written, marked as
// differing, and the page says the board comes from a lenient reading that dropped it, instead of
// showing `-` as if the answer had written no rights.
BOOST_AUTO_TEST_CASE(html_boards_say_when_the_answer_is_read_leniently) {
  const std::string boards = boards_of(kStart, kStartBoard + " w E - 0 1", Verdict::wrong_position);
  const std::string answer = figure_of(boards, "answer");
  BOOST_TEST(count(answer, "<svg class=\"board\"") == 1U);
  const std::vector<FieldRow> rows = field_rows(answer);
  BOOST_REQUIRE_EQUAL(rows.size(), 5U);
  BOOST_TEST(rows[1].text == "E");
  BOOST_TEST(rows[1].cell_class == "differs");
  for (const FieldRow& row : rows)
    BOOST_TEST((row.text != "-" || row.name == "en passant"), row.name);
  const std::size_t note = answer.find("<p class=\"lenient-reading\">");
  BOOST_REQUIRE_MESSAGE(note != std::string::npos, "no note of the lenient reading in " << answer);
  const std::string note_text = answer.substr(note, answer.find("</p>", note) - note);
  BOOST_TEST(note_text.find("lenient") != std::string::npos, note_text);
  BOOST_TEST(note_text.find("castling token &#39;E&#39;") != std::string::npos, note_text);
  BOOST_TEST(note_text.find("dropped") != std::string::npos, note_text);
  // The rights the expected record has and the lenient reading could not give the answer.
  BOOST_TEST(count(answer, "href=\"#mark-castling-missing\"") == 4U);

  // A board field only a lenient reading takes (`44`, its digits summed) draws the expected
  // squares: the pair still says that the boards are the same, and that the board field differs.
  const std::string summed = boards_of(
      kStart, "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Verdict::wrong_position);
  BOOST_TEST(count(summed, "href=\"#mark-differs\"") == 0U);
  const std::string caption = same_board_caption(summed);
  BOOST_TEST(caption.find("differs: board") != std::string::npos, caption);
  BOOST_TEST(caption.find("lenient") != std::string::npos, caption);
}

// (d) A castling right one record has and the other lacks is marked on both boards at its rook's
// square, with a mark of its own and a tooltip that says which record has it.
BOOST_AUTO_TEST_CASE(html_boards_mark_castling_rights_that_differ) {
  {
    const std::string boards =
        boards_of(kStart, kStartBoard + " w KQk - 0 1", Verdict::wrong_position);
    const std::string answer = figure_of(boards, "answer");
    const std::string expected = figure_of(boards, "expected");
    const std::string missing =
        "<use href=\"#mark-castling-missing\" x=\"20\" y=\"2\"><title>castling right on a8 (q): "
        "expected, not in the answer</title></use>";
    BOOST_TEST(count(answer, missing) == 1U, answer);
    BOOST_TEST(count(expected, missing) == 1U, expected);
    BOOST_TEST(count(boards, "href=\"#mark-castling-") == 2U);
    BOOST_TEST(count(boards, "<symbol id=\"mark-castling-missing\">") == 1U);
    // No square differs: the caption names the field that does.
    BOOST_TEST(count(boards, "href=\"#mark-differs\"") == 0U);
    const std::string caption = same_board_caption(boards);
    BOOST_TEST(caption.find("castling") != std::string::npos, caption);
    BOOST_TEST(caption.find("differs") != std::string::npos, caption);
    BOOST_TEST(field_rows(answer)[1].cell_class == "differs");
  }
  {
    // The other way round: a right only the answer has.
    const std::string boards = boards_of(kStartBoard + " w Kkq - 0 1",
                                         kStartBoard + " w KQkq - 0 1", Verdict::wrong_position);
    const std::string answer = figure_of(boards, "answer");
    BOOST_TEST(count(answer,
                     "<use href=\"#mark-castling-extra\" x=\"20\" y=\"282\"><title>castling right "
                     "on a1 (Q): in the answer, not expected</title></use>") == 1U,
               answer);
    BOOST_TEST(count(boards, "<symbol id=\"mark-castling-extra\">") == 1U);
  }
}

// --- the three documents ---

// A program's stderr in the text report is an indented block whose every line starts with "| ":
// nothing it writes can pass for a line of the report, such as the closing counts, and no control
// byte reaches the terminal.
BOOST_AUTO_TEST_CASE(text_report_quotes_stderr_as_a_prefixed_block) {
  CertifyReport report = hand_made_report();
  CaseResult& crash = report.cases[6];
  BOOST_REQUIRE(crash.verdict == Verdict::crash);
  crash.answer.stderr_tail = "Segmentation fault\n641 passed, 0 failed, 70 skipped\n\x1b[2Jend"s;
  const std::string text = text_report(report);
  BOOST_TEST(text.find("\n  stderr:\n    | Segmentation fault\n    | 641 passed, 0 failed, 70 skipped\n"
                       "    | \\x1b[2Jend\n") != std::string::npos, text);
  // The only line that reads as the counts is the report's own, the last.
  const std::regex counts(R"(^\d+ passed, \d+ failed)");
  std::size_t count_lines = 0;
  std::string_view rest = text;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    if (std::regex_search(std::string(rest.substr(0, end)), counts)) ++count_lines;
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  }
  BOOST_TEST(count_lines == 1u);
  BOOST_TEST(text.find('\x1b') == std::string::npos);
}

// The implementation's version (--impl-version, free text from the user) and the date the run
// started, in every document that describes the run; null in the JSON when not known (older reports
// lack them, and certify matrix shows "—").
BOOST_AUTO_TEST_CASE(reports_state_the_version_and_the_date) {
  CertifyReport report = hand_made_report();
  const nlohmann::json unknown = nlohmann::json::parse(certify::json_report(report));
  BOOST_TEST(unknown["implementation"]["version"].is_null());
  BOOST_TEST(unknown["date"].is_null());

  report.version = "2.0 <beta>\x01"s;
  report.date = "2026-12-04T01:23:45Z";
  const nlohmann::json json = nlohmann::json::parse(certify::json_report(report));
  BOOST_TEST(json["implementation"]["version"] == "2.0 <beta>\\x01");
  BOOST_TEST(json["date"] == "2026-12-04T01:23:45Z");
  const std::string html = certify::html_report(report);
  BOOST_TEST(html.find("<span>version 2.0 &lt;beta&gt;\\x01</span>") != std::string::npos);
  BOOST_TEST(html.find("<span>started 2026-12-04T01:23:45Z</span>") != std::string::npos);
  const std::string text = text_report(report);
  BOOST_TEST(text.find("xfen certify: impl <b>&\"\\x27\\xc3 version 2.0 <beta>\\x01, stream mode") != std::string::npos,
             text);
}

BOOST_AUTO_TEST_CASE(json_report_is_valid_and_lossless) {
  const CertifyReport report = hand_made_report();
  const std::string text = certify::json_report(report);
  BOOST_TEST(is_clean_text(text));
  const nlohmann::json json = nlohmann::json::parse(text);  // throws when not JSON
  BOOST_TEST(json["suite"] == "1.0.0");
  BOOST_TEST(json["implementation"]["mode"] == "stream");
  BOOST_TEST(json["implementation"]["accepted_spellings"] == nlohmann::json::array({"ep-always"}));
  BOOST_TEST(json["implementation"]["name"] == "impl <b>&\"'\\xc3");
  BOOST_TEST(json["summary"]["verdicts"].size() == certify::kVerdictCount);
  for (const Verdict verdict : certify::all_verdicts())
    BOOST_TEST(json["summary"]["verdicts"][std::string(certify::verdict_name(verdict))] ==
               report.verdicts[static_cast<std::size_t>(verdict)]);
  BOOST_TEST(json["summary"]["passed"] == 1);
  BOOST_TEST(json["summary"]["extra_answers"] == 1);
  BOOST_TEST(json["summary"]["restarts"] == 2);
  BOOST_REQUIRE(json["cases"].size() == report.cases.size());
  for (std::size_t i = 0; i < report.cases.size(); ++i) {
    const CaseResult& result = report.cases[i];
    const nlohmann::json& c = json["cases"][i];
    BOOST_TEST_CONTEXT(result.case_.id) {
      BOOST_TEST(c["verdict"] == certify::verdict_name(result.verdict));
      // The exact bytes, from the base64 copy when the text had to be escaped.
      const std::string input = c.contains("input_base64")
                                    ? decode_base64(c["input_base64"].get<std::string>())
                                    : c["input"].get<std::string>();
      BOOST_TEST(input == result.case_.input);
      BOOST_TEST(c["expected"].is_null() == (result.case_.expectation == Expectation::reject));
      const bool has_line = result.answer.kind == Answer::Kind::accepted ||
                            result.answer.kind == Answer::Kind::rejected ||
                            result.answer.kind == Answer::Kind::protocol_error;
      BOOST_TEST(c["answer"].is_null() == !has_line);
      BOOST_TEST(c.contains("stderr") == !result.answer.stderr_tail.empty());
    }
  }
  const nlohmann::json& protocol = json["cases"][8];
  BOOST_REQUIRE(protocol.contains("answer_base64"));
  BOOST_TEST(decode_base64(protocol["answer_base64"].get<std::string>()) == kHostile.substr(3));
  BOOST_TEST(unescape(protocol["answer"].get<std::string>()) == kHostile.substr(3));
  const nlohmann::json& crash = json["cases"][6];
  BOOST_TEST(decode_base64(crash["stderr_base64"].get<std::string>()) ==
             report.cases[6].answer.stderr_tail);
  BOOST_TEST(json["cases"][0]["answer"] == "ok 4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  BOOST_TEST(!json["cases"][0].contains("answer_base64"));
  BOOST_TEST(json["cases"][5]["answer"] == "error unknown piece 'a' <b>");

  CertifyReport inputs = report;
  inputs.suite_version.clear();
  BOOST_TEST(nlohmann::json::parse(certify::json_report(inputs))["suite"].is_null());
}

BOOST_AUTO_TEST_CASE(junit_report_is_well_formed) {
  const CertifyReport report = hand_made_report();
  const std::string xml = certify::junit_report(report);
  BOOST_TEST(is_clean_text(xml));
  BOOST_TEST(xml.find('\0') == std::string::npos);
  BOOST_TEST(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 0) == 0U);
  BOOST_TEST(xml.find("]]>") == std::string::npos);  // `>` is escaped wherever it stands
  // A character reference cannot carry what XML 1.0 forbids either (pugixml would write &#27;).
  const std::regex reference("&#(x?)([0-9A-Fa-f]+);");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), reference);
       it != std::sregex_iterator(); ++it) {
    const unsigned long code = std::stoul((*it)[2].str(), nullptr, (*it)[1].length() > 0 ? 16 : 10);
    BOOST_TEST_CONTEXT((*it)[0].str()) {
      BOOST_TEST((code == 0x9 || code == 0xA || code == 0xD || (code >= 0x20 && code <= 0xD7FF) ||
                  (code >= 0xE000 && code <= 0xFFFD) || (code >= 0x10000 && code <= 0x10FFFF)));
    }
  }
  pugi::xml_document document;
  const pugi::xml_parse_result parsed = document.load_buffer(xml.data(), xml.size());
  BOOST_REQUIRE_MESSAGE(parsed, parsed.description());
  const pugi::xml_node suite = document.child("testsuites").child("testsuite");
  BOOST_TEST(std::string(suite.attribute("name").value()) == "xfen certify: impl <b>&\"'\\xc3");
  // Every case, and one for the answers after the last record.
  const auto testcases = suite.children("testcase");
  BOOST_TEST(std::distance(testcases.begin(), testcases.end()) == 13);
  BOOST_TEST(suite.attribute("tests").as_int() == 13);
  BOOST_TEST(suite.attribute("failures").as_int() == 11);
  BOOST_TEST(suite.attribute("skipped").as_int() == 1);
  const pugi::xml_node protocol = suite.find_child_by_attribute("testcase", "name", "side.black");
  BOOST_TEST(std::string(protocol.attribute("classname").value()) == "side");
  BOOST_TEST(std::string(protocol.child("failure").attribute("type").value()) == "protocol-error");
  const std::string body = protocol.child("failure").text().get();
  BOOST_TEST(body.find(certify::untrusted_text(kHostile.substr(3)).text) != std::string::npos);
}

BOOST_AUTO_TEST_CASE(html_report_shows_untrusted_text_as_text) {
  const CertifyReport report = hand_made_report();
  const std::string html = certify::html_report(report);
  BOOST_TEST(is_clean_text(html));
  std::string lower = html;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  BOOST_TEST(lower.find("<script") == std::string::npos);
  BOOST_TEST(lower.find("impl <b>") == std::string::npos);
  BOOST_TEST(lower.find("<tag>") == std::string::npos);
  BOOST_TEST(html.find("&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  BOOST_TEST(html.find("<title>xfen certify: impl &lt;b&gt;&amp;&quot;&#39;\\xc3</title>") !=
             std::string::npos);
  const std::vector<int> boards = expected_boards(report);
  BOOST_TEST(count(html, "<svg class=\"board\"") == boards.size());
  BOOST_TEST(count(html, "<use href=\"#board-8x8\"") ==
             static_cast<std::size_t>(std::count(boards.begin(), boards.end(), 8)));
  BOOST_TEST(count(html, "<use href=\"#board-10x8\"") ==
             static_cast<std::size_t>(std::count(boards.begin(), boards.end(), 10)));
  BOOST_TEST(count(html, "<p class=\"no-board\">") == 2 * 10 - boards.size());
  // The answer that is no record says why, with the reader's message.
  BOOST_TEST(html.find("no board: the program crashed before answering") != std::string::npos);
  BOOST_TEST(html.find("no board: the record must be rejected") != std::string::npos);
  BOOST_TEST(std::regex_search(html, std::regex("no board: [^<]*\\\\x00")));
  // Nothing outside the page, and a policy that would stop a script that got in.
  BOOST_TEST(html.find("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                       "style-src 'unsafe-inline'\">") != std::string::npos);
  BOOST_TEST(lower.find("src=") == std::string::npos);
  BOOST_TEST(lower.find("<link") == std::string::npos);
  BOOST_TEST(lower.find("http://") == html.find("http://www.w3.org/2000/svg"));
}

// A board draws only references (<use href="#…">) to drawings the page defines once, in one
// hidden <svg><defs>: the empty board of each width, each piece, each rank of pieces, each mark.
// Every reference names exactly one definition, with SVG 2's plain `href` (not only the
// deprecated xlink:href).
BOOST_AUTO_TEST_CASE(html_report_draws_boards_from_shared_definitions) {
  const std::string html = certify::html_report(hand_made_report());
  BOOST_TEST(count(html, "<defs>") == 1U);
  const std::size_t defs_begin = html.find("<defs>");
  const std::size_t defs_end = html.find("</defs>");
  BOOST_REQUIRE(defs_begin < defs_end);
  BOOST_REQUIRE(defs_end != std::string::npos);
  const std::string outside_defs = html.substr(0, defs_begin) + html.substr(defs_end);
  for (const std::string_view shape : {"<circle"sv, "<text"sv, "<rect"sv, "<path"sv})
    BOOST_TEST(count(outside_defs, shape) == 0U, shape << " drawn outside <defs>");
  BOOST_TEST(count(outside_defs, "<use href=\"#") > 0U);

  std::map<std::string, int> ids;
  const std::regex id(R"re( id="([^"]*)")re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), id); it != std::sregex_iterator();
       ++it)
    ++ids[(*it)[1].str()];
  for (const auto& [name, times] : ids) BOOST_TEST(times == 1, "id " << name << " " << times);
  const std::regex reference(R"re( href="#([^"]*)")re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), reference);
       it != std::sregex_iterator(); ++it)
    BOOST_TEST(ids.contains((*it)[1].str()), "href=\"#" << (*it)[1].str() << "\" names no id");
  BOOST_TEST(html.find("xlink:href") == std::string::npos);
  // board.all-kinds-10x8 holds every kind of piece of both colours: one glyph each.
  for (const char letter : "KQRBNPACkqrbnpac"sv)
    BOOST_TEST(ids.contains("piece-"s + letter), "no glyph for " << letter);
}

namespace {

// Many failures of full boards, half of them 8x8 Chess960 and half 10x8 Capablanca Random Chess
// start positions (each case another, so few ranks repeat between cases), answered with a pawn
// moved; every tenth with as long a stderr tail as the runner keeps. While every board drew each
// of its squares and pieces itself, the page of 500 was 21.9 MB (43,773 bytes a failure).
CertifyReport report_of_full_board_failures(int failures) {
  CertifyReport report;
  report.suite_version = "1.0.0";
  report.source = "corpus/conformance";
  report.command = "./impl";
  report.name = "impl";
  const std::size_t stderr_tail_bytes = certify::RunnerOptions{}.stderr_tail_bytes;
  std::string stderr_tail;
  while (stderr_tail.size() < stderr_tail_bytes)
    stderr_tail += "warning: record " + std::to_string(stderr_tail.size()) +
                   ": castling field <KQkq> & en passant square checked\n";
  stderr_tail.resize(stderr_tail_bytes);
  for (int i = 0; i < failures; ++i) {
    const bool wide = i % 2 == 1;
    const std::optional<xfen::Position> start =
        wide ? xfen::capablanca_random_start(i * 97 % xfen::kCapablancaRandomStarts)
             : xfen::chess960_start(i % xfen::kChess960Starts);
    BOOST_REQUIRE(start);
    xfen::Position answer = *start;
    const int file = i % answer.width;
    answer.put(xfen::make_square(file, 3), answer.at(xfen::make_square(file, 1)));
    answer.put(xfen::make_square(file, 1), xfen::Piece{});
    const std::string expected = xfen::to_string(*start).text;
    const std::string answered = xfen::to_string(answer).text;
    BOOST_REQUIRE(!expected.empty() && !answered.empty());
    CaseResult result = make_case(
        (wide ? "board.capablanca-random-" : "board.chess960-") + std::to_string(i),
        CaseClass::valid, {wide ? "10x8" : "8x8", "board"}, Expectation::accept, expected,
        expected, Answer::Kind::accepted, answered, Verdict::wrong_position, "another position");
    result.case_.index = static_cast<std::uint64_t>(i);
    if (i % 10 == 0) result.answer.stderr_tail = stderr_tail;
    report.summary.count(result.verdict);
    ++report.verdicts[static_cast<std::size_t>(result.verdict)];
    report.cases.push_back(std::move(result));
  }
  return report;
}

}  // namespace

BOOST_AUTO_TEST_CASE(html_report_of_500_full_board_failures_is_under_2_mb) {
  constexpr int kFailures = 500;
  const CertifyReport report = report_of_full_board_failures(kFailures);
  const std::string html = certify::html_report(report);
  BOOST_TEST(count(html, "<article class=\"case\"") == static_cast<std::size_t>(kFailures));
  BOOST_TEST(count(html, "class=\"board\"") == 2U * kFailures);
  // For the log (ctest -V, or Testing/Temporary/LastTest.log): the figure to quote.
  std::cout << "html_report: " << kFailures << " full-board failures: " << html.size()
            << " bytes, " << html.size() / kFailures << " bytes a failure\n";
  BOOST_TEST(html.size() < 2'000'000U);
  if (const std::filesystem::path directory = output_directory(); !directory.empty()) {
    std::filesystem::create_directories(directory);
    write_file(directory / "report-500.html", html);
  }
}

// --- a generative run (--generate): CertifyReport::generative in each report ---

namespace {

std::vector<std::string> member_names(const nlohmann::ordered_json& object) {
  std::vector<std::string> names;
  for (const auto& [name, value] : object.items()) names.push_back(name);
  return names;
}

// The exact bytes of a report's untrusted member `name`: its base64 copy when the text had to be
// escaped, else the text, which must then be the bytes.
std::string bytes_of(const nlohmann::ordered_json& object, const std::string& name) {
  if (object.contains(name + "_base64")) {
    const std::string bytes = decode_base64(object[name + "_base64"].get<std::string>());
    BOOST_TEST(unescape(object[name].get<std::string>()) == bytes);
    return bytes;
  }
  return object[name].get<std::string>();
}

// The value of the property `name` of a <properties> parent; empty when it has none.
std::string property(pugi::xml_node parent, const char* name) {
  return parent.child("properties").find_child_by_attribute("property", "name", name).attribute("value").value();
}

// The lines of `text` from the first that is `first` to the line before the next blank one.
std::string block_from(const std::string& text, const std::string& first) {
  const std::size_t begin = text.find(first + "\n");
  BOOST_REQUIRE_MESSAGE(begin != std::string::npos, "no line '" << first << "' in\n" << text);
  return text.substr(begin, text.find("\n\n", begin) + 1 - begin);
}

}  // namespace

BOOST_AUTO_TEST_CASE(json_report_has_the_generative_member_in_its_shape) {
  const CertifyReport report = generative_report();
  const std::string text = certify::json_report(report);
  BOOST_TEST(is_clean_text(text));
  const nlohmann::ordered_json json = nlohmann::ordered_json::parse(text);
  BOOST_TEST(member_names(json) == (std::vector<std::string>{"suite", "source", "date", "implementation",
                                                             "summary", "generative", "cases"}));
  const nlohmann::ordered_json& run = json["generative"];
  BOOST_TEST(member_names(run) ==
             (std::vector<std::string>{"seed", "profile", "first_record", "record_limit", "time_limit",
                                       "stale_limit", "generated", "stopped_by", "generation_seconds", "cases_per_second",
                                       "shrink_seconds", "suite_report", "groups"}));
  BOOST_TEST(run["seed"] == 42U);
  BOOST_TEST(run["profile"] == "all");
  BOOST_TEST(run["first_record"] == 0U);
  BOOST_TEST(run["record_limit"] == 1000U);
  BOOST_TEST(run["time_limit"] == 60.0);
  BOOST_TEST(run["stale_limit"] == 20000U);
  BOOST_TEST(run["generated"] == 1000U);
  BOOST_TEST(run["stopped_by"] == "the record limit");
  BOOST_TEST(run["generation_seconds"] == 2.5);
  BOOST_TEST(run["cases_per_second"] == 400.0);
  BOOST_TEST(run["shrink_seconds"] == 1.75);
  BOOST_TEST(run["suite_report"] == "suite-run.json");
  BOOST_REQUIRE(run["groups"].size() == 2U);

  // The first group's records are escaped: each text is followed by its bytes in base64.
  const nlohmann::ordered_json& bytes = run["groups"][0];
  BOOST_TEST(member_names(bytes) ==
             (std::vector<std::string>{"key", "verdict", "records", "record_index", "record_seed", "description",
                                       "record", "record_base64", "tape", "reproduced", "tape_shrunk", "tape_shrunk_base64",
                                       "minimal", "minimal_base64", "minimal_bytes", "calls",
                                       "call_bound_reached", "shrink_seconds", "case", "replay", "suite_case"}));
  BOOST_TEST(bytes["key"] == "accepted-invalid: bytes.control");
  BOOST_TEST(bytes["verdict"] == "accepted-invalid");
  BOOST_TEST(bytes["records"] == 30U);
  BOOST_TEST(bytes["record_index"] == 17U);
  BOOST_TEST(bytes["record_seed"].get<std::uint64_t>() == 12345678901234567890U);
  BOOST_TEST(bytes["description"] == "8x8, standard start, X-FEN spelling, mutation: a control byte");
  BOOST_TEST(bytes["record"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\\x01\\xc3( 0 1");
  BOOST_TEST(bytes_of(bytes, "record") == kGroupOneRecord);
  BOOST_TEST(bytes["tape"] == nlohmann::ordered_json::array({3, 0, 17, 255, 4294967295U}));
  BOOST_TEST(bytes_of(bytes, "tape_shrunk") == kGroupOneTapeShrunk);
  BOOST_TEST(bytes["minimal"] == "k\\x01\\xc3");
  BOOST_TEST(bytes_of(bytes, "minimal") == kGroupOneMinimal);
  BOOST_TEST(bytes["minimal_bytes"] == 3);
  BOOST_TEST(bytes["calls"] == 37);
  BOOST_TEST(bytes["call_bound_reached"] == false);
  BOOST_TEST(bytes["shrink_seconds"] == 0.25);
  BOOST_TEST(bytes["case"] == "group-1");
  BOOST_TEST(bytes["replay"] == "xfen certify --generate 1 --from 17 --seed 42 --profile all --impl './impl <x>'");
  BOOST_TEST(bytes["suite_case"] == nullptr);  // a disagreement only generation found
  // The second group's are clean text, and have none.
  const nlohmann::ordered_json& en_passant = run["groups"][1];
  BOOST_TEST(member_names(en_passant) ==
             (std::vector<std::string>{"key", "verdict", "records", "record_index", "record_seed", "description",
                                       "record", "tape", "reproduced", "tape_shrunk", "minimal", "minimal_bytes", "calls",
                                       "call_bound_reached", "shrink_seconds", "case", "replay", "suite_case"}));
  BOOST_TEST(en_passant["minimal"] == kGroupTwoMinimal);
  BOOST_TEST(en_passant["minimal_bytes"] == kGroupTwoMinimal.size());
  BOOST_TEST(en_passant["calls"] == 500);
  BOOST_TEST(en_passant["suite_case"] == "en-passant.e6-capturer-d5");
  BOOST_TEST(en_passant["call_bound_reached"] == true);
  BOOST_TEST(en_passant["case"] == "group-2");
  BOOST_TEST(en_passant["tape"] == nlohmann::ordered_json::array({1, 2}));
  // The case each group names is listed, with the group's minimal record as its input.
  for (const nlohmann::ordered_json& group : run["groups"]) {
    const auto listed = std::find_if(json["cases"].begin(), json["cases"].end(),
                                     [&](const nlohmann::ordered_json& c) { return c["id"] == group["case"]; });
    BOOST_REQUIRE(listed != json["cases"].end());
    BOOST_TEST(bytes_of(*listed, "input") == bytes_of(group, "minimal"));
  }

  CertifyReport untimed = report;
  untimed.generative->time_limit.reset();
  untimed.generative->generation_seconds = 0;  // nothing measured: no speed, rather than infinity
  const nlohmann::json without = nlohmann::json::parse(certify::json_report(untimed));
  BOOST_TEST(without["generative"]["time_limit"].is_null());
  BOOST_TEST(without["generative"]["cases_per_second"] == 0.0);
}

BOOST_AUTO_TEST_CASE(text_report_shows_the_generated_groups_before_their_cases) {
  CertifyReport report = generative_report();
  const std::string text = text_report(report);
  BOOST_TEST(text.rfind("generated records: seed 42, profile all, from record 0\n"
                        "  1000 records graded in 2.50 s (400.0 cases/s)\n"
                        "  stopped by the record limit (limits: 1000 records, 60.00 s, 20000 records without a "
                        "new group)\n"
                        "  2 groups, shrunk in 1.75 s\n\n",
                        0) == 0U,
             text);
  BOOST_TEST(block_from(text, "group 1: accepted-invalid: bytes.control — 30 records") ==
                 "group 1: accepted-invalid: bytes.control — 30 records\n"
                 "  first:     record 17, seed 12345678901234567890: 8x8, standard start, X-FEN spelling, "
                 "mutation: a control byte\n"
                 "             'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\\x01\\xc3( 0 1'\n"
                 "  tape:      '4k3/8/8/8/8/8/8/4K3 w - -\\x01\\xc3( 0 1' (shrunk on its choice tape)\n"
                 "  minimal:   'k\\x01\\xc3' (3 bytes)\n"
                 "  shrinking: 37 calls in 0.25 s\n"
                 "  suite:     no suite case fails this way: only generation found it\n"
                 "  replay:    xfen certify --generate 1 --from 17 --seed 42 --profile all --impl './impl <x>'\n"
                 "  listed as: group-1 (below)\n",
             text);
  BOOST_TEST(block_from(text, "group 2: wrong-position: en-passant — 15 records")
                     .find("\n  shrinking: 500 calls in 1.50 s; the call bound was reached: the minimal record "
                           "may not be 1-minimal\n  suite:     fails as suite case en-passant.e6-capturer-d5 does\n") !=
                 std::string::npos,
             text);
  // Without --suite-report, no comparison is claimed.
  CertifyReport uncompared = generative_report();
  uncompared.generative->suite_report.reset();
  BOOST_TEST(text_report(uncompared).find("  suite:  ") == std::string::npos);
  // Each group's case is listed in full after the groups, as every failure is.
  const std::size_t groups_end = text.find("\nFAIL ");
  BOOST_TEST(groups_end > text.find("group 2: "));
  BOOST_TEST(text.find("FAIL group-1 accepted-invalid: accepted a record that must be rejected\n"
                       "  input:    'k\\x01\\xc3'\n") != std::string::npos,
             text);
  BOOST_TEST(text.find("FAIL group-2 wrong-position: ") != std::string::npos, text);
  BOOST_TEST(text.find('\x01') == std::string::npos);
  // Two groups of one verdict and detail are still two blocks: their keys differ.
  report.cases[1].verdict = report.cases[0].verdict;
  report.cases[1].detail = report.cases[0].detail;
  const std::string same_detail = text_report(report);
  BOOST_TEST(same_detail.find("FAIL group-2 accepted-invalid: ") != std::string::npos, same_detail);
  BOOST_TEST(same_detail.find("more case with this verdict and detail") == std::string::npos, same_detail);
}

BOOST_AUTO_TEST_CASE(junit_report_names_each_case_s_group) {
  const CertifyReport report = generative_report();
  const std::string xml = certify::junit_report(report);
  BOOST_TEST(is_clean_text(xml));
  pugi::xml_document document;
  const pugi::xml_parse_result parsed = document.load_buffer(xml.data(), xml.size());
  BOOST_REQUIRE_MESSAGE(parsed, parsed.description());
  const pugi::xml_node suite = document.child("testsuites").child("testsuite");
  BOOST_TEST(property(suite, "seed") == "42");
  BOOST_TEST(property(suite, "profile") == "all");
  BOOST_TEST(property(suite, "generated") == "1000");
  BOOST_TEST(property(suite, "stopped_by") == "the record limit");
  BOOST_TEST(suite.attribute("tests").as_int() == 2);
  BOOST_TEST(suite.attribute("failures").as_int() == 2);
  const pugi::xml_node bytes = suite.find_child_by_attribute("testcase", "name", "group-1");
  BOOST_TEST(property(bytes, "group") == "accepted-invalid: bytes.control");
  BOOST_TEST(property(bytes, "records") == "30");
  BOOST_TEST(property(bytes, "record_seed") == "12345678901234567890");
  BOOST_TEST(property(bytes, "replay") ==
             "xfen certify --generate 1 --from 17 --seed 42 --profile all --impl './impl <x>'");
  const std::string failure = bytes.child("failure").text().get();
  BOOST_TEST(failure.rfind("group: accepted-invalid: bytes.control (30 records; the first: record 17, seed "
                           "12345678901234567890)\n"
                           "shrinking: 37 calls in 0.25 s\n"
                           "replay: xfen certify --generate 1 --from 17 --seed 42 --profile all --impl './impl "
                           "<x>'\n"
                           "input (bytes escaped: \\xNN is a byte, \\\\ a backslash): k\\x01\\xc3\n",
                           0) == 0U,
             failure);
  const pugi::xml_node en_passant = suite.find_child_by_attribute("testcase", "name", "group-2");
  BOOST_TEST(property(en_passant, "group") == "wrong-position: en-passant");
  BOOST_TEST(std::string(en_passant.child("failure").text().get()).find("the call bound was reached") !=
             std::string::npos);
}

BOOST_AUTO_TEST_CASE(html_report_tabulates_the_generated_groups) {
  const CertifyReport report = generative_report();
  const std::string html = certify::html_report(report);
  BOOST_TEST(is_clean_text(html));
  const std::size_t begin = html.find("<section class=\"generated\"><h2>Generated records</h2>");
  BOOST_REQUIRE(begin != std::string::npos);
  const std::string section = html.substr(begin, html.find("</section>", begin) - begin);
  BOOST_TEST(section.find("<span>seed 42</span><span>profile all</span>") != std::string::npos, section);
  BOOST_TEST(section.find("<span>1000 records graded in 2.50 s: 400.0 cases/s</span>") != std::string::npos);
  // Nothing is learnt before generation: every answer is held to the declared spelling.
  BOOST_TEST(section.find("spelling records") == std::string::npos);
  BOOST_TEST(section.find("<span>stopped by the record limit</span>") != std::string::npos);
  BOOST_TEST(section.find("<span>2 groups, shrunk in 1.75 s</span>") != std::string::npos);
  // Ahead of the failures, each group a row that links to its case's block.
  BOOST_TEST(begin < html.find("<section class=\"failures\">"));
  for (const certify::GeneratedGroup& group : report.generative->groups) {
    const CaseResult& listed = report.cases[group.case_index];
    const std::string anchor = "case-" + std::to_string(listed.case_.index);
    BOOST_TEST_CONTEXT(group.key) {
      BOOST_TEST(section.find("<a href=\"#" + anchor + "\">" + listed.case_.id + "</a></td><td>" + group.key +
                              "</td><td class=\"n\">" + std::to_string(group.records) + "</td>") !=
                 std::string::npos);
      BOOST_TEST(html.find("<article class=\"case\" id=\"" + anchor + "\">") != std::string::npos);
    }
  }
  BOOST_TEST(section.find("<td>37 calls in 0.25 s; no suite case fails this way: only generation found it</td>") != std::string::npos);
  BOOST_TEST(section.find("<td>500 calls in 1.50 s; the call bound was reached: the minimal record may not be "
                          "1-minimal; fails as suite case en-passant.e6-capturer-d5 does</td>") != std::string::npos);
  // The untrusted bytes as text: the control byte and the bytes that are not UTF-8 escaped, the
  // markup of the command shown, never made.
  BOOST_TEST(section.find("<code>k\\x01\\xc3</code><span class=\"escaped\">") != std::string::npos, section);
  BOOST_TEST(section.find("<code>rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\\x01\\xc3( 0 1</code>") !=
             std::string::npos);
  BOOST_TEST(section.find("--impl &#39;./impl &lt;x&gt;&#39;</code>") != std::string::npos);
  BOOST_TEST(html.find("<x>") == std::string::npos);
  // The minimal records drawn: the first is no record ("no board", with the reader's message about
  // the control byte), the second a board of its own beside the two of its case.
  BOOST_TEST(std::regex_search(section, std::regex("<figcaption>minimal record</figcaption><p class=\"no-board\">"
                                                   "no board: [^<]*\\\\x01")));
  BOOST_TEST(count(section, "<svg class=\"board\"") == 1U);
  BOOST_TEST(section.find("<svg class=\"board\" data-files=\"8\"") != std::string::npos);
  BOOST_TEST(count(html, "<svg class=\"board\"") == 1U + expected_boards(report).size());
  // One set of drawings for the whole page, every reference naming one of them.
  BOOST_TEST(count(html, "<defs>") == 1U);
  BOOST_TEST(html.find("<defs>") < begin);
}

// A report of the suite has none of it.
BOOST_AUTO_TEST_CASE(reports_of_the_suite_have_no_generated_records) {
  const CertifyReport report = hand_made_report();
  BOOST_TEST(!nlohmann::json::parse(certify::json_report(report)).contains("generative"));
  const std::string text = text_report(report);
  BOOST_TEST(text.find("generated records:") == std::string::npos);
  BOOST_TEST(text.find("\ngroup ") == std::string::npos);
  pugi::xml_document document;
  const std::string xml = certify::junit_report(report);
  BOOST_REQUIRE(document.load_buffer(xml.data(), xml.size()));
  const pugi::xml_node suite = document.child("testsuites").child("testsuite");
  for (const char* name : {"seed", "profile", "generated", "stopped_by"})
    BOOST_TEST(!suite.child("properties").find_child_by_attribute("property", "name", name), name);
  for (const pugi::xml_node testcase : suite.children("testcase")) BOOST_TEST(!testcase.child("properties"));
  BOOST_TEST(certify::html_report(report).find("Generated records") == std::string::npos);
}

// The reader of certify diff and certify matrix reads a generative report, its cases being the
// groups' minimal records.
BOOST_AUTO_TEST_CASE(report_reader_reads_a_generative_report) {
  const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                     ("certify_report_test_generative_" + std::to_string(::getpid()) + ".json");
  write_file(path, certify::json_report(generative_report()));
  const auto read = certify::read_json_report(path.string());
  std::filesystem::remove(path);
  if (const auto* error = std::get_if<certify::ReportReadError>(&read)) BOOST_FAIL(error->message);
  const certify::ReadReport& report = std::get<certify::ReadReport>(read);
  BOOST_TEST(!report.suite_version);
  BOOST_TEST(report.source == "generated records");
  BOOST_REQUIRE(report.cases.size() == 2U);
  BOOST_TEST(report.cases[0].id == "group-1");
  BOOST_TEST(report.cases[0].input == "k\\x01\\xc3");
  BOOST_TEST(report.failed == 45U);
}

// Last: the documents for the Python checks, with what they must find.
BOOST_AUTO_TEST_CASE(write_documents) {
  const std::filesystem::path directory = output_directory();
  if (directory.empty()) return;
  std::filesystem::create_directories(directory);
  const CertifyReport report = hand_made_report();
  write_file(directory / "report.json", certify::json_report(report));
  write_file(directory / "report.xml", certify::junit_report(report));
  write_file(directory / "report.html", certify::html_report(report));
  nlohmann::json expectations;
  expectations["testcases"] = report.cases.size() + 1;
  nlohmann::json failure_types = nlohmann::json::object();
  for (const CaseResult& result : report.cases)
    if (certify::tally_of(result.verdict) == certify::Tally::failed)
      failure_types[result.case_.id] = certify::verdict_name(result.verdict);
  failure_types["protocol-error"] = "protocol-error";
  expectations["failure_types"] = failure_types;
  expectations["skipped"] = 1;
  expectations["boards"] = expected_boards(report);  // number of files of each, in page order
  nlohmann::json placements = nlohmann::json::array();
  for (const xfen::Position& board : expected_board_positions(report))
    placements.push_back(placement(board));
  expectations["board_placements"] = placements;  // the pieces of each, in page order
  // The anchor of each failing case, in page order: what its link in the page's list names.
  nlohmann::json anchors = nlohmann::json::array();
  for (const CaseResult& result : report.cases)
    if (certify::tally_of(result.verdict) == certify::Tally::failed)
      anchors.push_back("case-" + std::to_string(result.case_.index));
  expectations["failure_anchors"] = anchors;
  expectations["hostile_text"] = certify::untrusted_text(kHostile.substr(3)).text;
  expectations["hostile_base64"] = certify::base64(kHostile.substr(3));
  expectations["verdict_count"] = certify::kVerdictCount;
  write_file(directory / "expectations.json", expectations.dump(2) + "\n");
  // A generative run's, for the same readers.
  const CertifyReport generative = generative_report();
  write_file(directory / "generative.json", certify::json_report(generative));
  write_file(directory / "generative.xml", certify::junit_report(generative));
  write_file(directory / "generative.html", certify::html_report(generative));
}
