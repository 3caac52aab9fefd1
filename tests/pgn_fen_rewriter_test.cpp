// The FEN rewriter of `xfen pgn canon` (src/pgn/fen_rewriter.hpp), apart from files: the output is
// the input with the FEN values replaced, every other byte as it was, however the input is cut
// into chunks; the counts; the diagnostics and where they point; the bounded carry.
#define BOOST_TEST_MODULE pgn_fen_rewriter_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "pgn/fen_rewriter.hpp"

namespace {

using xfen::pgn::FenRewriteCounts;
using xfen::pgn::FenRewriter;
using xfen::pgn::GameDiagnostic;

// Records and their canonical forms (as `xfen canon` writes them).
constexpr std::string_view kShredder960 = "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1";
constexpr std::string_view kCanon960 = "bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1";
constexpr std::string_view kShredderStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view kCapablanca =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1";
constexpr std::string_view kCanonCapablanca =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
// e3 with no black pawn beside e4: X-FEN drops it.
constexpr std::string_view kIdleEnPassant =
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
constexpr std::string_view kCanonIdleEnPassant =
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
constexpr std::string_view kBadChar = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1";
constexpr std::string_view kInner = "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1";

// A PGN text and what the rewriter must make of it, built side by side.
struct Pgn {
  std::string input;
  std::string expected;

  Pgn& text(std::string_view bytes) {
    input += bytes;
    expected += bytes;
    return *this;
  }
  Pgn& fen(std::string_view before, std::string_view after) {
    input += before;
    expected += after;
    return *this;
  }
  Pgn& fen(std::string_view unchanged) { return fen(unchanged, unchanged); }
};

struct Output final : xfen::pgn::RewriteOutput {
  std::string text;
  std::size_t writes = 0;
  void write(std::string_view bytes) override {
    text += bytes;
    ++writes;
  }
};

struct Result {
  std::string output;
  FenRewriteCounts counts;
  std::vector<std::string> diagnostics;  // "LINE:COL @OFFSET severity[code] game N: message"
  std::size_t carry_before = 0;
  std::size_t carry_after = 0;
};

std::string describe(const GameDiagnostic& diagnostic) {
  std::string text = std::to_string(diagnostic.where.line) + ":" +
                     std::to_string(diagnostic.where.column) + " @" +
                     std::to_string(diagnostic.where.offset) + " " +
                     (diagnostic.severity == xfen::pgn::GameSeverity::error ? "error" : "warning") +
                     "[" + std::string(diagnostic.code) + "] field=" + std::string(diagnostic.field) +
                     " game=" + std::to_string(diagnostic.game) + " " + diagnostic.message;
  return text;
}

// The input cut at `cuts` (ascending offsets), each piece read in turn.
Result rewrite(std::string_view input, std::span<const std::size_t> cuts,
               const xfen::ParseOptions& parse = {}, const xfen::WriteOptions& write = {}) {
  Output output;
  Result result;
  FenRewriter rewriter(output, parse, write, [&result](const GameDiagnostic& diagnostic) {
    result.diagnostics.push_back(describe(diagnostic));
  });
  result.carry_before = rewriter.carry_capacity();
  std::size_t from = 0;
  for (const std::size_t cut : cuts) {
    rewriter.read(input.substr(from, cut - from));
    from = cut;
  }
  rewriter.read(input.substr(from));
  rewriter.finish();
  result.output = std::move(output.text);
  result.counts = rewriter.counts();
  result.carry_after = rewriter.carry_capacity();
  return result;
}

Result rewrite_whole(std::string_view input, const xfen::ParseOptions& parse = {},
                     const xfen::WriteOptions& write = {}) {
  return rewrite(input, {}, parse, write);
}

Result rewrite_bytewise(std::string_view input) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = 1; i < input.size(); ++i) cuts.push_back(i);
  return rewrite(input, cuts);
}

bool same_counts(const FenRewriteCounts& a, const FenRewriteCounts& b) {
  return a.canonical == b.canonical && a.rewritten == b.rewritten &&
         a.unreadable == b.unreadable && a.unwritable == b.unwritable &&
         a.other_variant == b.other_variant && a.reader_errors == b.reader_errors &&
         a.reader_warnings == b.reader_warnings;
}

// Every way of cutting the input in two (and in bytes) gives what reading it whole gives.
void check_every_split(std::string_view input, const Result& whole) {
  for (std::size_t cut = 0; cut <= input.size(); ++cut) {
    const std::size_t cuts[] = {cut};
    const Result split = rewrite(input, cuts);
    BOOST_TEST_CONTEXT("cut at byte " << cut) {
      BOOST_TEST(split.output == whole.output);
      BOOST_TEST(same_counts(split.counts, whole.counts));
      BOOST_TEST(split.diagnostics == whole.diagnostics, boost::test_tools::per_element());
    }
    if (split.output != whole.output) break;  // one failure tells enough
  }
  const Result bytes = rewrite_bytewise(input);
  BOOST_TEST(bytes.output == whole.output);
  BOOST_TEST(same_counts(bytes.counts, whole.counts));
  BOOST_TEST(bytes.diagnostics == whole.diagnostics, boost::test_tools::per_element());
}

// A collection with everything the rewriter must copy: a BOM, CRLF line ends, escapes in another
// tag, a comment holding a FEN tag, a `%` escape line, a broken tag, an unreadable FEN, a game of
// another variant, a game without tags.
Pgn mixed_collection() {
  Pgn pgn;
  pgn.text("\xEF\xBB\xBF[Event \"A \\\"quoted\\\" event, C:\\\\games\"]\r\n")
      .text("[Variant \"Chess960\"]\r\n[SetUp \"1\"]\r\n[FEN \"")
      .fen(kShredder960, kCanon960)
      .text("\"]\r\n\r\n1. e4 {a comment: [FEN \"")
      .fen(kShredderStart)  // inside a comment: not a tag, left alone
      .text("\"]} e5 1-0\r\n\r\n")
      .text("% an escape line [FEN \"")
      .fen(kShredderStart)
      .text("\"]\r\n")
      .text("[Event \"capablanca\"]\r\n[Variant \"Capablanca\"]\r\n[FEN \"")
      .fen(kCapablanca, kCanonCapablanca)
      .text("\"]\r\n\r\n*\r\n\r\n")
      .text("[FEN \"")
      .fen(kIdleEnPassant, kCanonIdleEnPassant)
      .text("\"]  [SetUp \"1\"]\r\n; a rest-of-line comment [FEN \"x\"]\r\n1... d5 0-1\r\n\r\n")
      .text("[Site \"broken\r\n[FEN \"")
      .fen(kBadChar)  // unreadable: left as it was
      .text("\"]\r\n\r\n1/2-1/2\r\n\r\n")
      .text("[Variant \"Crazyhouse\"]\r\n[FEN\t\"")
      .fen(kShredderStart)  // another variant: not read
      .text("\"]\r\n\r\n*\r\n\r\n")
      .text("[FEN \"")
      .fen(kShredderStart, kStart)  // a Variant tag after the FEN comes too late to count
      .text("\"]\r\n[Variant \"Crazyhouse\"]\r\n\r\n*\r\n")
      .text("[FEN \"")
      .fen(kStart)  // already canonical
      .text("\"]\r\n1. e4 e5 *\r\n");
  return pgn;
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_fen_value_is_rewritten_and_every_other_byte_copied) {
  const Pgn pgn = mixed_collection();
  const Result whole = rewrite_whole(pgn.input);
  BOOST_TEST(whole.output == pgn.expected);
  BOOST_TEST(whole.counts.rewritten == 4U);
  BOOST_TEST(whole.counts.canonical == 1U);
  BOOST_TEST(whole.counts.unreadable == 1U);
  BOOST_TEST(whole.counts.unwritable == 0U);
  BOOST_TEST(whole.counts.other_variant == 1U);
  BOOST_TEST(whole.counts.fen_tags() == 7U);
  BOOST_TEST(whole.counts.reader_errors == 1U);  // the broken Site tag
}

BOOST_AUTO_TEST_CASE(diagnostics_point_at_their_bytes_in_the_file) {
  const Pgn pgn = mixed_collection();
  const Result whole = rewrite_whole(pgn.input);
  // The unreadable FEN's 'X': its line, and its column counted from the line's start.
  const std::size_t value = pgn.input.find(kBadChar);
  const std::size_t x = value + kBadChar.find('X');
  const std::size_t line_start = pgn.input.rfind('\n', x) + 1;
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(
                                   pgn.input.begin(), pgn.input.begin() + static_cast<std::ptrdiff_t>(x), '\n'));
  const std::string at = std::to_string(line) + ":" + std::to_string(x - line_start + 1) + " @" +
                         std::to_string(x) + " error[board.bad-char] field=board game=";
  const auto found = std::find_if(whole.diagnostics.begin(), whole.diagnostics.end(),
                                  [&](const std::string& d) { return d.starts_with(at); });
  BOOST_TEST_INFO("looking for " << at);
  BOOST_TEST((found != whole.diagnostics.end()));
  if (found != whole.diagnostics.end()) {
    BOOST_TEST(found->find("game=4 game 4: FEN tag: 'X' is not a piece letter") != std::string::npos);
  }
  // The broken tag is the reader's, field pgn, with "game N: " before its sentence in a game.
  const auto broken = std::find_if(whole.diagnostics.begin(), whole.diagnostics.end(),
                                   [](const std::string& d) {
                                     return d.find("error[pgn.string-newline] field=pgn game=") !=
                                            std::string::npos;
                                   });
  BOOST_TEST((broken != whole.diagnostics.end()));
  if (broken != whole.diagnostics.end()) {
    const std::size_t game = broken->find("game=") + 5;
    const std::string number = broken->substr(game, broken->find(' ', game) - game);
    BOOST_TEST_INFO(*broken);
    BOOST_TEST((number == "0" ? broken->find("game=0 game ") == std::string::npos
                              : broken->find("game=" + number + " game " + number + ": ") !=
                                    std::string::npos));
  }
  for (const std::string& d : whole.diagnostics) BOOST_TEST_MESSAGE(d);
}

BOOST_AUTO_TEST_CASE(the_same_output_however_the_input_is_cut) {
  const Pgn pgn = mixed_collection();
  const Result whole = rewrite_whole(pgn.input);
  BOOST_TEST(whole.output == pgn.expected);
  check_every_split(pgn.input, whole);
}

BOOST_AUTO_TEST_CASE(small_inputs_in_every_split) {
  for (const std::string_view input : {
           std::string_view(""),
           std::string_view("\xEF\xBB\xBF"),
           std::string_view("1. e4 *"),
           std::string_view("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]"),
           std::string_view("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\""),
           std::string_view("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"),
           std::string_view("[FEN \"\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*"),
           std::string_view("{ unterminated [FEN \"x\"]"),
       }) {
    BOOST_TEST_CONTEXT("input: " << input) {
      const Result whole = rewrite_whole(input);
      check_every_split(input, whole);
    }
  }
  // A tag pair left open at the end of the input is copied as it was.
  const std::string_view open = "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
  BOOST_TEST(rewrite_whole(open).output == open);
  const std::string_view closed =
      "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1\"]";
  BOOST_TEST(rewrite_whole(closed).output ==
             "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]");
}

BOOST_AUTO_TEST_CASE(a_variant_x_fen_does_not_describe_leaves_the_fen_alone) {
  Pgn pgn;
  pgn.text("[Variant \"crazy-house\"]\n[FEN \"").fen(kShredderStart).text("\"]\n*\n\n");
  // The first Variant tag counts, as in lint.
  pgn.text("[Variant \"Atomic\"]\n[Variant \"Chess960\"]\n[FEN \"").fen(kShredder960).text("\"]\n*\n\n");
  pgn.text("[Variant \"Chess960\"]\n[Variant \"Atomic\"]\n[FEN \"")
      .fen(kShredder960, kCanon960)
      .text("\"]\n*\n\n");
  // A new game forgets the last one's variant.
  pgn.text("[FEN \"").fen(kShredderStart, kStart).text("\"]\n*\n");
  const Result whole = rewrite_whole(pgn.input);
  BOOST_TEST(whole.output == pgn.expected);
  BOOST_TEST(whole.counts.other_variant == 2U);
  BOOST_TEST(whole.counts.rewritten == 2U);
  BOOST_TEST(whole.diagnostics.empty());
  check_every_split(pgn.input, whole);
}

BOOST_AUTO_TEST_CASE(lenient_reading_rewrites_what_strict_reading_leaves) {
  const std::string_view spaced = "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1 ";
  Pgn pgn;
  pgn.text("[FEN \"").fen(spaced, kStart).text("\"]\n*\n");
  const Result strict = rewrite_whole(pgn.input);
  BOOST_TEST(strict.output == pgn.input);
  BOOST_TEST(strict.counts.unreadable == 1U);
  BOOST_TEST(strict.diagnostics.size() == 1U);

  xfen::ParseOptions lenient;
  lenient.profile = xfen::Profile::lenient;
  const Result relaxed = rewrite_whole(pgn.input, lenient);
  BOOST_TEST(relaxed.output == pgn.expected);
  BOOST_TEST(relaxed.counts.rewritten == 1U);
  BOOST_TEST(relaxed.diagnostics.size() == 3U);  // a warning for each stretch of white space
  for (const std::string& d : relaxed.diagnostics)
    BOOST_TEST(d.find("warning[record.separator] field=record game=1 game 1: FEN tag: ") !=
               std::string::npos);
  // The first warning points at the value's first byte: line 1, column 7.
  BOOST_TEST(relaxed.diagnostics.front().starts_with("1:7 @6 "));
}

BOOST_AUTO_TEST_CASE(write_styles_and_a_record_that_cannot_be_written_as_asked) {
  Pgn pgn;
  pgn.text("[FEN \"").fen(kStart, kShredderStart).text("\"]\n*\n\n");
  pgn.text("[FEN \"").fen(kInner).text("\"]\n*\n");
  xfen::WriteOptions shredder;
  shredder.castling = xfen::CastlingStyle::shredder;
  const Result as_shredder = rewrite_whole(pgn.input, {}, shredder);
  BOOST_TEST(as_shredder.counts.rewritten == 2U);

  xfen::WriteOptions classic;
  classic.castling = xfen::CastlingStyle::classic;
  const Result as_classic = rewrite_whole(pgn.input, {}, classic);
  BOOST_TEST(as_classic.output == pgn.input);
  BOOST_TEST(as_classic.counts.canonical == 1U);
  BOOST_TEST(as_classic.counts.unwritable == 1U);
  BOOST_TEST(as_classic.diagnostics.size() == 1U);
  if (!as_classic.diagnostics.empty())
    BOOST_TEST(as_classic.diagnostics.front().find("error[write.needs-file-letter]") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_carry_holds_one_tag_pair_at_most_whatever_the_input) {
  // Tag pairs as long as the reader allows, and longer, read a byte at a time: the carry never
  // grows past what the rewriter reserved, and every byte comes out.
  std::string input = "[FEN \"" + std::string(kShredderStart) + "\"]\n";
  input += "[Annotator \"" + std::string(xfen::pgn::kMaxTagValueLength, 'a') + "\"]\n";
  input += "[Annotator \"" + std::string(xfen::pgn::kMaxTagValueLength + 10, 'b') + "\"]\n";
  std::string quotes;
  for (std::size_t i = 0; i < xfen::pgn::kMaxTagValueLength; ++i) quotes += "\\\"";
  input += "[Annotator \"" + quotes + "\"]\n";
  input += "[Long \"" + std::string(xfen::pgn::kMaxTagPairLength * 3, '\\') + "\"]\n";
  input += "[Open \"" + std::string(xfen::pgn::kMaxTagPairLength * 2, 'c');
  const Result bytes = rewrite_bytewise(input);
  BOOST_TEST(bytes.carry_after == bytes.carry_before);
  BOOST_TEST(bytes.output.substr(6 + kStart.size()) == input.substr(6 + kStart.size()));
  BOOST_TEST(bytes.output.starts_with("[FEN \"" + std::string(kStart) + "\"]"));
  const Result whole = rewrite_whole(input);
  BOOST_TEST(whole.output == bytes.output);
  BOOST_TEST(whole.carry_after == whole.carry_before);
}

BOOST_AUTO_TEST_CASE(output_is_written_as_the_input_comes) {
  // Everything before an open tag pair is out when read() returns: a pipe sees games as they come.
  Output output;
  FenRewriter rewriter(output, {}, {}, {});
  rewriter.read(std::string_view("1. e4 e5 *\n\n[Event \"x"));
  BOOST_TEST(output.text == "1. e4 e5 *\n\n");
  rewriter.read(std::string_view("\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha"));
  BOOST_TEST(output.text == "1. e4 e5 *\n\n[Event \"x\"]\n");
  rewriter.read(std::string_view(" - 0 1\"]\n"));
  rewriter.finish();
  BOOST_TEST(output.text ==
             "1. e4 e5 *\n\n[Event \"x\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
             "KQkq - 0 1\"]\n");
}
