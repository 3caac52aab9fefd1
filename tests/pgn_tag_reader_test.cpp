// The streaming PGN tag-section reader (src/pgn/tag_reader.hpp): a table of inputs and the events
// they give, one line per event, read whole, in every split into two chunks and byte by byte. Every
// event is also checked against the input bytes: each position's line and column against its
// offset, each tag's value against the bytes between its quotes, source_of against the byte that
// spelled each value byte. Then the limits, held_from(), and the sentences of reader_message.
#define BOOST_TEST_MODULE pgn_tag_reader_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "../testing/escaped_bytes.hpp"
#include "pgn/reader_diagnostic.hpp"
#include "pgn/tag_reader.hpp"

namespace {

using namespace xfen::pgn;
using xfen::testing::escaped;

constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The line and column of each offset of an input, computed from its bytes (SourcePosition's
// rules), independently of the reader.
class Lines {
 public:
  explicit Lines(std::string_view input) : bom_(input.starts_with(kBom)) {
    for (std::size_t i = input.find('\n'); i != std::string_view::npos; i = input.find('\n', i + 1))
      starts_.push_back(i + 1);
  }
  std::string at(std::uint64_t offset) const {
    // The number of line starts at or before offset.
    const auto line = static_cast<std::uint64_t>(
        std::upper_bound(starts_.begin(), starts_.end(), offset) - starts_.begin());
    std::uint64_t start = line == 0 ? (bom_ ? kBom.size() : 0) : starts_[line - 1];
    return std::to_string(line + 1) + ":" + std::to_string(offset - start + 1);
  }

 private:
  bool bom_;
  std::vector<std::uint64_t> starts_;  // offsets after each '\n'
};

std::string line_column(const SourcePosition& position) {
  return std::to_string(position.line) + ":" + std::to_string(position.column);
}

std::string_view ending_name(GameEnding ending) {
  switch (ending) {
    case GameEnding::result: return "result";
    case GameEnding::next_game: return "next-game";
    case GameEnding::end_of_input: return "end-of-input";
  }
  return "?";
}

// The unescaped bytes between a tag's quotes, recomputed from the input.
std::string unescape(std::string_view spelled) {
  std::string out;
  for (std::size_t i = 0; i < spelled.size(); ++i) {
    if (spelled[i] == '\\' && i + 1 < spelled.size() && (spelled[i + 1] == '"' || spelled[i + 1] == '\\')) ++i;
    out += spelled[i];
  }
  return out;
}

// Writes one line per event, and a "PROBLEM" line for every position or value that disagrees with
// the input's bytes.
class Recorder : public GameHandler {
 public:
  explicit Recorder(std::string_view input) : input_(input), lines_(input) {}

  std::string transcript;
  std::vector<Tag> tags;  // names and values invalid after the call: positions only
  std::vector<ReaderDiagnostic> diagnostics;  // tag_name invalid after the call
  std::vector<std::string> messages;          // reader_message of each, made during the call

  void game_begins(const GameStart& start) override {
    check(start.where, "game start");
    line("begin " + std::to_string(start.game) + " " + line_column(start.where));
  }

  void tag(const Tag& tag) override {
    tags.push_back(tag);
    check(tag.open_bracket, "tag '['");
    check(tag.value_begin, "tag value");
    if (byte_at(tag.open_bracket.offset) != '[') problem("open_bracket is not a '['");
    if (byte_at(tag.value_begin.offset - 1) != '"') problem("value_begin does not follow a '\"'");
    if (byte_at(tag.value_end_offset) != '"') problem("value_end_offset is not a '\"'");
    if (byte_at(tag.close_offset) != ']') problem("close_offset is not a ']'");
    const std::string_view spelled = input_.substr(
        static_cast<std::size_t>(tag.value_begin.offset),
        static_cast<std::size_t>(tag.value_end_offset - tag.value_begin.offset));
    if (unescape(spelled) != tag.value) problem("the value is not the unescaped bytes between the quotes");
    const std::string_view name = input_.substr(static_cast<std::size_t>(tag.open_bracket.offset) + 1);
    if (name.find(tag.name) == std::string_view::npos || name.find(tag.name) > 16)
      problem("the name is not after the '['");
    for (std::size_t i = 0; i <= tag.value.size(); ++i) {
      const SourcePosition at = tag.source_of(i);
      check(at, "source_of");
      const char spelled_as = byte_at(at.offset);
      const bool escaped_here = std::binary_search(tag.escapes.begin(), tag.escapes.end(), i);
      if (i == tag.value.size()) {
        if (at.offset != tag.value_end_offset) problem("source_of(size) is not the closing quote");
      } else if (escaped_here ? spelled_as != '\\' || byte_at(at.offset + 1) != tag.value[i]
                              : spelled_as != tag.value[i]) {
        problem("source_of(" + std::to_string(i) + ") is not the byte that spells it");
      }
    }
    line("tag " + std::to_string(tag.game) + " " + std::string(tag.name) + "=\"" +
         escaped(tag.value) + "\" @" + line_column(tag.open_bracket));
  }

  void game_ends(const GameEnd& end) override {
    check(end.where, "game end");
    std::string text = "end " + std::to_string(end.game) + " " + std::string(ending_name(end.ending));
    if (!end.result.empty()) {
      text += " " + std::string(end.result);
      if (input_.substr(static_cast<std::size_t>(end.where.offset), end.result.size()) != end.result)
        problem("the result is not spelled where the end is");
    }
    line(text + " @" + line_column(end.where));
  }

  void diagnostic(const ReaderDiagnostic& diagnostic) override {
    diagnostics.push_back(diagnostic);
    messages.push_back(reader_message(diagnostic));
    check(diagnostic.where, "diagnostic");
    // A too long pair is dropped at its byte number kMaxTagPairLength + 1.
    if (diagnostic.code == ReaderCode::tag_too_long &&
        diagnostic.where.offset - diagnostic.opened_at.offset != kMaxTagPairLength)
      problem("pgn.tag-too-long is not at the byte that passes the limit");
    check(diagnostic.opened_at, "diagnostic opened_at");
    line(std::string(diagnostic.severity == ReaderSeverity::error ? "error " : "warning ") +
         std::string(reader_code_name(diagnostic.code)) + " " + std::to_string(diagnostic.game) +
         " @" + line_column(diagnostic.where) + " from " + line_column(diagnostic.opened_at));
  }

 private:
  char byte_at(std::uint64_t offset) const {
    return offset < input_.size() ? input_[static_cast<std::size_t>(offset)] : '\0';
  }
  void check(const SourcePosition& position, std::string_view what) {
    if (position.offset > input_.size() || line_column(position) != lines_.at(position.offset))
      problem(std::string(what) + " at offset " + std::to_string(position.offset) + " says " +
              line_column(position) + ", the input says " + lines_.at(position.offset));
  }
  void problem(const std::string& text) { line("PROBLEM " + text); }
  void line(const std::string& text) { transcript += text + "\n"; }

  std::string_view input_;
  Lines lines_;
};

// The transcript of `input` read in chunks ending at each offset of `cuts` (ascending).
std::string read_in_chunks(std::string_view input, const std::vector<std::size_t>& cuts) {
  Recorder recorder(input);
  TagReader reader(recorder);
  std::size_t from = 0;
  for (const std::size_t cut : cuts) {
    reader.read(input.substr(from, cut - from));
    from = cut;
  }
  reader.read(input.substr(from));
  reader.finish();
  return recorder.transcript;
}

std::string read_whole(std::string_view input) { return read_in_chunks(input, {}); }

struct Case {
  std::string_view name;
  std::string input;
  std::string_view transcript;
};

std::string repeated(char c, std::size_t count) { return std::string(count, c); }

const std::vector<Case>& cases() {
  static const std::vector<Case> kCases = {
      {"two games", "[Event \"A\"]\n[Site \"B\"]\n\n1. e4 e5 1-0\n\n[Event \"C\"]\n\n1. d4 0-1\n",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\ntag 1 Site=\"B\" @2:1\nend 1 result 1-0 @4:10\n"
       "begin 2 6:1\ntag 2 Event=\"C\" @6:1\nend 2 result 0-1 @8:7\n"},
      {"games without tags", "1. e4 *\n1. d4 1/2-1/2\n",
       "begin 1 1:1\nend 1 result * @1:7\nbegin 2 2:1\nend 2 result 1/2-1/2 @2:7\n"},
      {"a result alone is a game", "1-0", "begin 1 1:1\nend 1 result 1-0 @1:1\n"},
      {"comments hold no tags and no results",
       "[Event \"A\"]\n{ a comment with [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"] and 1-0 inside }\n"
       "1. e4 ; line comment [Site \"x\"] 0-1\ne5 {another 1/2-1/2} *\n",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\nend 1 result * @4:22\n"},
      {"a comment between tag pairs",
       "[Event \"A\"] {x}\n; y\n[Site \"B\"] ; z\n*",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\ntag 1 Site=\"B\" @3:1\nend 1 result * @4:1\n"},
      {"comments between games belong to no game", "{before}\n[Event \"A\"]\n*\n{after} ; and\n",
       "begin 1 2:1\ntag 1 Event=\"A\" @2:1\nend 1 result * @3:1\n"},
      {"a result in a tag value is not one", "[Result \"1-0\"]\n[White \"*\"]\n1. e4 *",
       "begin 1 1:1\ntag 1 Result=\"1-0\" @1:1\ntag 1 White=\"*\" @2:1\nend 1 result * @3:7\n"},
      {"escape lines", "%escape [Event \"no\"] 1-0\n[Event \"A\"]\n%another 0-1\n1. e4 % 1-0\n",
       "begin 1 2:1\ntag 1 Event=\"A\" @2:1\nend 1 result 1-0 @4:9\n"},
      {"an escape line at the input's start, after a game", "%x\n1-0\n%y [A \"b\"]\n",
       "begin 1 2:1\nend 1 result 1-0 @2:1\n"},
      {"escaped quotes and backslashes",
       "[Event \"a \\\"quoted\\\" \\\\ back\\slash\\n\"]\n*",
       "begin 1 1:1\ntag 1 Event=\"a \\\"quoted\\\" \\\\ back\\\\slash\\\\n\" @1:1\nend 1 result * @2:1\n"},
      {"an escaped quote at the end", "[A \"\\\"\"] [B \"\\\\\"]*",
       "begin 1 1:1\ntag 1 A=\"\\\"\" @1:1\ntag 1 B=\"\\\\\" @1:10\nend 1 result * @1:18\n"},
      {"a path ending in a backslash escapes the closing quote",
       "[Annotator \"C:\\\"]\n[Event \"x\"]\n*",
       "begin 1 1:1\nerror pgn.string-newline 1 @1:18 from 1:12\ntag 1 Event=\"x\" @2:1\n"
       "end 1 result * @3:1\n"},
      {"spaces and tabs between a pair's tokens", "[ \tEvent\t \"A\" \t] 1-0",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\nend 1 result 1-0 @1:18\n"},
      {"empty value, odd names", "[A_+#=:-9 \"\"]\n*", "begin 1 1:1\ntag 1 A_+#=:-9=\"\" @1:1\nend 1 result * @2:1\n"},
      {"a byte-order mark", std::string(kBom) + "[Event \"A\"]\n1-0\n",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\nend 1 result 1-0 @2:1\n"},
      {"a byte-order mark then an escape line", std::string(kBom) + "%x 1-0\n*",
       "begin 1 2:1\nend 1 result * @2:1\n"},
      {"a byte-order mark alone", std::string(kBom), ""},
      {"the start of a byte-order mark is movetext", "\xEF\xBB[",
       "begin 1 1:1\nwarning pgn.no-result 1 @1:3 from 1:1\nend 1 next-game @1:3\nbegin 2 1:3\n"
       "error pgn.unterminated-tag 2 @1:4 from 1:3\nwarning pgn.no-result 2 @1:4 from 1:3\n"
       "end 2 end-of-input @1:4\n"},
      {"a byte-order mark later is movetext", " \xEF\xBB\xBF 1-0",
       "begin 1 1:2\nend 1 result 1-0 @1:6\n"},
      {"CRLF line ends", "[Event \"A\"]\r\n[Site \"B\"]\r\n\r\n1. e4\r\n1-0\r\n",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\ntag 1 Site=\"B\" @2:1\nend 1 result 1-0 @5:1\n"},
      {"a lone CR is white space", "1. e4\r1-0\r[A \"b\"\r]\r*",
       "begin 1 1:1\nend 1 result 1-0 @1:7\nbegin 2 1:11\ntag 2 A=\"b\" @1:11\nend 2 result * @1:20\n"},
      {"a line break in a value, then a tag pair", "[Event \"A\n[Site \"B\"]\n1-0\n",
       "begin 1 1:1\nerror pgn.string-newline 1 @1:10 from 1:8\ntag 1 Site=\"B\" @2:1\n"
       "end 1 result 1-0 @3:1\n"},
      {"a line break in a value, CRLF", "[Event \"A\r\n[Site \"B\"]\r\n1-0\r\n",
       "begin 1 1:1\nerror pgn.string-newline 1 @1:10 from 1:8\ntag 1 Site=\"B\" @2:1\n"
       "end 1 result 1-0 @3:1\n"},
      {"a FEN wrapped over two lines",
       "[FEN \"rnbqkbnr/pppppppp/8/8/\n8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[Event \"A\"]\n*\n",
       "begin 1 1:1\nerror pgn.string-newline 1 @1:29 from 1:6\ntag 1 Event=\"A\" @3:1\n"
       "end 1 result * @4:1\n"},
      {"a value over three lines is reported once", "[C \"a\nb\nc\" x]\n[D \"d\"]\n*",
       "begin 1 1:1\nerror pgn.string-newline 1 @1:6 from 1:4\nerror pgn.tag-close 1 @3:4 from 1:1\n"
       "tag 1 D=\"d\" @4:1\nend 1 result * @5:1\n"},
      {"a string left open at the end", "[Event \"abc",
       "begin 1 1:1\nerror pgn.unterminated-tag 1 @1:12 from 1:8\n"
       "warning pgn.no-result 1 @1:12 from 1:1\nend 1 end-of-input @1:12\n"},
      {"a string left open at a line end at the end", "[Event \"abc\n",
       "begin 1 1:1\nerror pgn.string-newline 1 @1:12 from 1:8\n"
       "error pgn.unterminated-tag 1 @2:1 from 1:8\nwarning pgn.no-result 1 @2:1 from 1:1\n"
       "end 1 end-of-input @2:1\n"},
      {"a tag pair left open at the end", "*\n[Event \"abc\" ",
       "begin 1 1:1\nend 1 result * @1:1\nbegin 2 2:1\nerror pgn.unterminated-tag 2 @2:14 from 2:1\n"
       "warning pgn.no-result 2 @2:14 from 2:1\nend 2 end-of-input @2:14\n"},
      {"an unterminated comment", "1. e4 {abc\n",
       "begin 1 1:1\nerror pgn.unterminated-comment 1 @2:1 from 1:7\n"
       "warning pgn.no-result 1 @2:1 from 1:1\nend 1 end-of-input @2:1\n"},
      {"an unterminated comment between games", "1-0\n{abc",
       "begin 1 1:1\nend 1 result 1-0 @1:1\nerror pgn.unterminated-comment 0 @2:5 from 2:1\n"},
      {"truncated in movetext", "[Event \"A\"]\n1. e4 e5",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\nwarning pgn.no-result 1 @2:9 from 1:1\n"
       "end 1 end-of-input @2:9\n"},
      {"tags and no movetext", "[Event \"A\"]\n",
       "begin 1 1:1\ntag 1 Event=\"A\" @1:1\nwarning pgn.no-result 1 @2:1 from 1:1\n"
       "end 1 end-of-input @2:1\n"},
      {"a tag pair after movetext ends the game", "1. e4\n[Event \"B\"]\n*",
       "begin 1 1:1\nwarning pgn.no-result 1 @2:1 from 1:1\nend 1 next-game @2:1\nbegin 2 2:1\n"
       "tag 2 Event=\"B\" @2:1\nend 2 result * @3:1\n"},
      {"tag sections one after another are one game", "[A \"1\"]\n\n[B \"2\"]\n*",
       "begin 1 1:1\ntag 1 A=\"1\" @1:1\ntag 1 B=\"2\" @3:1\nend 1 result * @4:1\n"},
      {"no tag name", "[ \"x\"] [A \"b\"]\n*",
       "begin 1 1:1\nerror pgn.tag-name 1 @1:3 from 1:1\ntag 1 A=\"b\" @1:8\nend 1 result * @2:1\n"},
      {"an empty tag pair", "[]\n*", "begin 1 1:1\nerror pgn.tag-name 1 @1:2 from 1:1\nend 1 result * @2:1\n"},
      {"no tag name before the line end", "[\n*",
       "begin 1 1:1\nerror pgn.tag-name 1 @1:2 from 1:1\nend 1 result * @2:1\n"},
      {"no quote after the name", "[Event A\"] [Site \"B\"]\n*",
       "begin 1 1:1\nerror pgn.tag-value 1 @1:8 from 1:1\ntag 1 Site=\"B\" @1:12\nend 1 result * @2:1\n"},
      {"a second name", "[Event Site \"B\"]\n*",
       "begin 1 1:1\nerror pgn.tag-value 1 @1:8 from 1:1\nend 1 result * @2:1\n"},
      {"no value before the line end, CRLF", "[Event \r\n[Site \"B\"]\r\n*",
       "begin 1 1:1\nerror pgn.tag-value 1 @1:8 from 1:1\ntag 1 Site=\"B\" @2:1\nend 1 result * @3:1\n"},
      {"no ']' after the value", "[Event \"A\" x] [Site \"B\"] 1-0",
       "begin 1 1:1\nerror pgn.tag-close 1 @1:12 from 1:1\ntag 1 Site=\"B\" @1:15\n"
       "end 1 result 1-0 @1:26\n"},
      {"no ']' before the line end", "[Event \"A\"\n[Site \"B\"]\n1-0",
       "begin 1 1:1\nerror pgn.tag-close 1 @1:11 from 1:1\ntag 1 Site=\"B\" @2:1\nend 1 result 1-0 @3:1\n"},
      {"no ']' before the line end, CRLF", "[Event \"A\"  \r\n*",
       "begin 1 1:1\nerror pgn.tag-close 1 @1:13 from 1:1\nend 1 result * @2:1\n"},
      {"a line end ends the skipping", "[Event x y z\n[Site \"B\"]\n*",
       "begin 1 1:1\nerror pgn.tag-value 1 @1:8 from 1:1\ntag 1 Site=\"B\" @2:1\nend 1 result * @3:1\n"},
      {"what follows a skipped ']' is read", "[A x] 1-0",
       "begin 1 1:1\nerror pgn.tag-value 1 @1:4 from 1:1\nend 1 result 1-0 @1:7\n"},
      {"markers glued to parentheses", "1. e4 (1. d4)1-0\n(*)",
       "begin 1 1:1\nend 1 result 1-0 @1:14\nbegin 2 2:1\nend 2 result * @2:2\nbegin 3 2:3\n"
       "warning pgn.no-result 3 @2:4 from 2:3\nend 3 end-of-input @2:4\n"},
      {"a marker before a comment, a tag pair, a ';'", "1-0{c}0-1[A \"b\"]1/2-1/2;x\n* ",
       "begin 1 1:1\nend 1 result 1-0 @1:1\nbegin 2 1:7\nend 2 result 0-1 @1:7\nbegin 3 1:10\n"
       "tag 3 A=\"b\" @1:10\nend 3 result 1/2-1/2 @1:17\nbegin 4 2:1\nend 4 result * @2:1\n"},
      {"not markers", "11-0 1-00 x1-0 1-0x 0-0 1/2-1/3 1/2-1/2x 2/2-1/2 e4* *x 1-0} -1-0 1-",
       "begin 1 1:1\nwarning pgn.no-result 1 @1:69 from 1:1\nend 1 end-of-input @1:69\n"},
      {"a marker at the very end", "1. e4 1/2-1/2",
       "begin 1 1:1\nend 1 result 1/2-1/2 @1:7\n"},
      {"a marker cut at the end", "1. e4 1/2-1/",
       "begin 1 1:1\nwarning pgn.no-result 1 @1:13 from 1:1\nend 1 end-of-input @1:13\n"},
      {"stray bytes between games begin a game", "*\n} x\n*",
       "begin 1 1:1\nend 1 result * @1:1\nbegin 2 2:1\nend 2 result * @3:1\n"},
      {"a '[' in movetext", "1. e4 [ *",
       "begin 1 1:1\nwarning pgn.no-result 1 @1:7 from 1:1\nend 1 next-game @1:7\nbegin 2 1:7\n"
       "error pgn.tag-name 2 @1:9 from 1:7\nwarning pgn.no-result 2 @1:10 from 1:7\n"
       "end 2 end-of-input @1:10\n"},
      {"a tag name too long", "[" + repeated('N', 256) + " \"v\"]\n[A \"b\"]\n*",
       "begin 1 1:1\nerror pgn.tag-name-too-long 1 @1:257 from 1:1\ntag 1 A=\"b\" @2:1\n"
       "end 1 result * @3:1\n"},
      {"a tag value too long", "[V \"" + repeated('x', 4097) + "\"]\n[A \"b\"]\n*",
       "begin 1 1:1\nerror pgn.tag-value-too-long 1 @1:4101 from 1:4\ntag 1 A=\"b\" @2:1\n"
       "end 1 result * @3:1\n"},
      {"a tag value too long by an escape", "[V \"" + repeated('x', 4096) + "\\\"\"]*",
       "begin 1 1:1\nerror pgn.tag-value-too-long 1 @1:4101 from 1:4\nend 1 result * @1:4105\n"},
      {"a tag pair too long", "[V" + repeated(' ', 12300) + "\"x\"]\n*",
       "begin 1 1:1\nerror pgn.tag-too-long 1 @1:12289 from 1:1\nend 1 result * @2:1\n"},
      {"a too long tag pair is read to its end", "[V \"" + repeated('x', 12300) + " ] [\"]1-0",
       "begin 1 1:1\nerror pgn.tag-value-too-long 1 @1:4101 from 1:4\nend 1 result 1-0 @1:12311\n"},
      {"a long comment", "{" + repeated('c', 1 << 20) + "x}*",
       "warning pgn.long-comment 0 @1:1048578 from 1:1\nbegin 1 1:1048580\nend 1 result * @1:1048580\n"},
  };
  return kCases;
}

// Cases whose transcripts are easier to build than to write out.
std::vector<Case> built_cases() {
  std::vector<Case> built;
  static const std::string kNameAtLimit = "[" + repeated('N', 255) + " \"v\"]*";
  static const std::string kNameAtLimitTranscript =
      "begin 1 1:1\ntag 1 " + repeated('N', 255) + "=\"v\" @1:1\nend 1 result * @1:262\n";
  built.push_back({"a tag name at the limit", kNameAtLimit, kNameAtLimitTranscript});
  static const std::string kValueAtLimit = "[V \"" + repeated('x', 4096) + "\"]*";
  static const std::string kValueAtLimitTranscript =
      "begin 1 1:1\ntag 1 V=\"" + repeated('x', 4096) + "\" @1:1\nend 1 result * @1:4103\n";
  built.push_back({"a tag value at the limit", kValueAtLimit, kValueAtLimitTranscript});
  std::string escapes;
  for (int i = 0; i < 4096; ++i) escapes += "\\\"";
  static const std::string kEscapedAtLimit = "[V \"" + escapes + "\"]*";
  static const std::string kEscapedAtLimitTranscript =
      "begin 1 1:1\ntag 1 V=\"" + escaped(repeated('"', 4096)) + "\" @1:1\nend 1 result * @1:8199\n";
  built.push_back({"a tag value of escapes at the limit", kEscapedAtLimit, kEscapedAtLimitTranscript});
  static const std::string kPairAtLimit = "[V" + repeated(' ', 12282) + "\"x\"]*";
  built.push_back({"a tag pair at the limit", kPairAtLimit,
                   "begin 1 1:1\ntag 1 V=\"x\" @1:1\nend 1 result * @1:12289\n"});
  // Line ends inside the long comment, and across the byte that passes the limit.
  std::string lines;
  while (lines.size() < (1u << 20) + 100) lines += repeated('c', 99) + "\n";
  static const std::string kLongLines = "1. e4 {" + lines + "}\n1-0";
  // The comment's byte number 2^20 + 1 is on line 1 + 2^20 / 100 (the '{' is on line 1, its
  // first 99 bytes with it), at column (2^20 % 100) + 1 of that line.
  static const std::string kLongLinesTranscript =
      "begin 1 1:1\nwarning pgn.long-comment 1 @" + std::to_string(1 + (1 << 20) / 100) + ":" +
      std::to_string((1 << 20) % 100 + 1) + " from 1:7\nend 1 result 1-0 @" +
      std::to_string(2 + lines.size() / 100) + ":1\n";
  built.push_back({"a long comment over lines", kLongLines, kLongLinesTranscript});
  return built;
}

std::vector<Case> all_cases() {
  std::vector<Case> all;
  for (const Case& c : cases()) all.push_back(c);
  for (const Case& c : built_cases()) all.push_back(c);
  return all;
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_input_gives_its_events) {
  for (const Case& c : all_cases()) {
    BOOST_TEST_CONTEXT(c.name) {
      const std::string got = read_whole(c.input);
      BOOST_TEST(got == c.transcript);
    }
  }
}

// The law the fuzz target keeps too: how the input is cut into chunks changes nothing.
BOOST_AUTO_TEST_CASE(any_chunking_gives_the_same_events) {
  for (const Case& c : all_cases()) {
    BOOST_TEST_CONTEXT(c.name) {
      const std::string whole = read_whole(c.input);
      const std::size_t size = c.input.size();
      if (size <= 2000) {
        for (std::size_t cut = 0; cut <= size; ++cut) {
          BOOST_TEST_CONTEXT("cut at " << cut) { BOOST_TEST(read_in_chunks(c.input, {cut}) == whole); }
        }
        std::vector<std::size_t> every;
        for (std::size_t cut = 1; cut < size; ++cut) every.push_back(cut);
        BOOST_TEST(read_in_chunks(c.input, every) == whole, "byte by byte");
      } else {
        // Long inputs: every cut near the start and the end, 64 between, and every 7 bytes.
        std::vector<std::size_t> sevens;
        for (std::size_t cut = 7; cut < size; cut += 7) sevens.push_back(cut);
        BOOST_TEST(read_in_chunks(c.input, sevens) == whole, "every 7 bytes");
        for (std::size_t cut = 0; cut <= size; cut += (cut < 300 || size - cut < 300) ? 1 : size / 64) {
          BOOST_TEST_CONTEXT("cut at " << cut) { BOOST_TEST(read_in_chunks(c.input, {cut}) == whole); }
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(source_of_points_at_each_spelled_byte) {
  const std::string input = "[Event \"a\\\"b\\\\c\\d\"]";
  Recorder recorder(input);
  TagReader reader(recorder);
  reader.read(std::string_view(input));
  reader.finish();
  BOOST_TEST_REQUIRE(recorder.tags.size() == 1u);
  const Tag& tag = recorder.tags[0];
  BOOST_TEST(tag.value_begin.offset == 8u);
  BOOST_TEST(tag.value_begin.column == 9u);
  BOOST_TEST(tag.value_end_offset == 17u);
  BOOST_TEST(tag.close_offset == 18u);
  BOOST_TEST_REQUIRE(tag.escapes.size() == 2u);
  BOOST_TEST(tag.escapes[0] == 1u);
  BOOST_TEST(tag.escapes[1] == 3u);
  // The value a"b\c\d: a at 8, \" at 9, b at 11, \\ at 12, c at 14, \ at 15, d at 16; '"' at 17.
  const std::uint64_t offsets[] = {8, 9, 11, 12, 14, 15, 16, 17};
  for (std::size_t i = 0; i < std::size(offsets); ++i) {
    BOOST_TEST_CONTEXT("index " << i) {
      BOOST_TEST(tag.source_of(i).offset == offsets[i]);
      BOOST_TEST(tag.source_of(i).column == offsets[i] + 1);
      BOOST_TEST(tag.source_of(i).line == 1u);
    }
  }
  BOOST_TEST(recorder.transcript.find("PROBLEM") == std::string::npos, recorder.transcript);
}

BOOST_AUTO_TEST_CASE(source_of_after_a_byte_order_mark_and_lines) {
  const std::string input = std::string(kBom) + "\n\n  [A \"x\\\\y\"]";
  Recorder recorder(input);
  TagReader reader(recorder);
  reader.read(std::string_view(input));
  reader.finish();
  BOOST_TEST_REQUIRE(recorder.tags.size() == 1u);
  const Tag& tag = recorder.tags[0];
  BOOST_TEST(tag.open_bracket.line == 3u);
  BOOST_TEST(tag.open_bracket.column == 3u);
  BOOST_TEST(tag.source_of(2).offset == 14u);  // y, after the escaped backslash at 12
  BOOST_TEST(tag.source_of(2).column == 10u);
  BOOST_TEST(recorder.transcript.find("PROBLEM") == std::string::npos, recorder.transcript);
}

BOOST_AUTO_TEST_CASE(diagnostics_carry_what_their_sentences_need) {
  const std::string input =
      "[FEN r]\n[Event \"x\" y]\n[" + repeated('N', 300) + " \"v\"]\n[V \"" + repeated('v', 5000) +
      "\"]\n1. e4\n[A \"b\"]\n1-0 {" + repeated('c', (1 << 20) + 1) + "} e4 {open";
  Recorder recorder(input);
  TagReader reader(recorder);
  reader.read(std::string_view(input));
  reader.finish();
  const auto& d = recorder.diagnostics;
  BOOST_TEST_REQUIRE(d.size() == 8u, recorder.transcript);
  BOOST_TEST((d[0].code == ReaderCode::tag_value));
  BOOST_TEST(d[0].byte == 'r');
  BOOST_TEST(!d[0].at_line_end);
  BOOST_TEST(recorder.messages[0] == "expected '\"' and a tag value after the tag name 'FEN', found 'r'");
  BOOST_TEST((d[1].code == ReaderCode::tag_close));
  BOOST_TEST(recorder.messages[1] ==
             "expected ']' to close the tag pair 'Event' that begins at 2:1, found 'y'");
  BOOST_TEST((d[2].code == ReaderCode::tag_name_too_long));
  BOOST_TEST(d[2].found == 256u);
  BOOST_TEST(d[2].limit == 255u);
  BOOST_TEST(recorder.messages[2] ==
             "the tag name in the tag pair that begins at 3:1 is longer than 255 bytes; the tag pair is ignored");
  BOOST_TEST((d[3].code == ReaderCode::tag_value_too_long));
  BOOST_TEST(d[3].found == 4097u);
  BOOST_TEST(d[3].limit == 4096u);
  BOOST_TEST(recorder.messages[3] ==
             "the value of the tag 'V' that begins at 4:4 is longer than 4096 bytes; the tag pair is ignored");
  BOOST_TEST((d[4].code == ReaderCode::no_result));
  BOOST_TEST((d[4].severity == ReaderSeverity::warning));
  BOOST_TEST(d[4].game == 1u);
  BOOST_TEST(recorder.messages[4] ==
             "the game begun at 1:1 ends without a result (1-0, 0-1, 1/2-1/2 or *) before the next game's tags");
  BOOST_TEST((d[5].code == ReaderCode::long_comment));
  BOOST_TEST((d[5].severity == ReaderSeverity::warning));
  BOOST_TEST(d[5].game == 0u);
  BOOST_TEST(d[5].found == (1u << 20) + 1);
  BOOST_TEST(recorder.messages[5] ==
             "the '{' comment that begins at 7:5 is longer than 1048576 bytes: is its '}' missing?");
  BOOST_TEST((d[6].code == ReaderCode::unterminated_comment));
  BOOST_TEST(recorder.messages[6] == "the input ends inside the '{' comment that begins at 7:1048588");
  BOOST_TEST((d[7].code == ReaderCode::no_result));
  BOOST_TEST(d[7].game == 3u);
  BOOST_TEST(recorder.messages[7] ==
             "the game begun at 7:1048585 ends without a result (1-0, 0-1, 1/2-1/2 or *) before the end of the input");
  BOOST_TEST(recorder.transcript.find("PROBLEM") == std::string::npos);
}

// One sentence per code (and per variant of a code), word for word.
BOOST_AUTO_TEST_CASE(each_code_has_a_name_and_a_sentence) {
  struct Row {
    std::string_view input;
    std::string_view code;
    std::string_view sentence;
  };
  const Row rows[] = {
      {"[\x01]", "pgn.tag-name", "expected a tag name after the '[' at 1:1, found '\\x01'"},
      {" [ '", "pgn.tag-name", "expected a tag name after the '[' at 1:2, found '\\x27'"},
      {"[\n", "pgn.tag-name", "expected a tag name after the '[' at 1:1, found the end of the line"},
      {"[A \\]", "pgn.tag-value", "expected '\"' and a tag value after the tag name 'A', found '\\x5c'"},
      {"[A\r\n", "pgn.tag-value", "expected '\"' and a tag value after the tag name 'A', found the end of the line"},
      {"[A \"b\"\n", "pgn.tag-close", "expected ']' to close the tag pair 'A' that begins at 1:1, found the end of the line"},
      {"[A \"b\" \xff", "pgn.tag-close", "expected ']' to close the tag pair 'A' that begins at 1:1, found '\\xff'"},
      {"[A \"b\n", "pgn.string-newline", "the tag value that begins at 1:4 has a line break before its closing '\"'"},
      {"[A \"b", "pgn.unterminated-tag", "the input ends inside the tag value that begins at 1:4, before its closing '\"'"},
      {"\n [A", "pgn.unterminated-tag", "the input ends inside the tag pair that begins at 2:2, before its ']'"},
      {"{", "pgn.unterminated-comment", "the input ends inside the '{' comment that begins at 1:1"},
      {"e4", "pgn.no-result", "the game begun at 1:1 ends without a result (1-0, 0-1, 1/2-1/2 or *) before the end of the input"},
  };
  for (const Row& row : rows) {
    BOOST_TEST_CONTEXT(escaped(row.input)) {
      Recorder recorder(row.input);
      TagReader reader(recorder);
      reader.read(row.input);
      reader.finish();
      BOOST_TEST_REQUIRE(!recorder.diagnostics.empty());
      BOOST_TEST(reader_code_name(recorder.diagnostics[0].code) == row.code);
      BOOST_TEST(recorder.messages[0] == row.sentence);
    }
  }
  ReaderDiagnostic too_long;
  too_long.code = ReaderCode::tag_too_long;
  too_long.opened_at = {0, 3, 1};
  too_long.limit = kMaxTagPairLength;
  BOOST_TEST(reader_code_name(too_long.code) == "pgn.tag-too-long");
  BOOST_TEST(reader_message(too_long) ==
             "the tag pair that begins at 3:1 is longer than 12288 bytes from '[' to ']'; it is ignored");
}

// held_from(): the '[' of a tag pair that may still be delivered, otherwise offset(); never more
// than kMaxTagPairLength behind.
BOOST_AUTO_TEST_CASE(held_from_holds_a_live_tag_pair_only) {
  struct Quiet : GameHandler {
    void game_begins(const GameStart&) override {}
    void tag(const Tag&) override {}
    void game_ends(const GameEnd&) override {}
    void diagnostic(const ReaderDiagnostic&) override {}
  } quiet;
  const std::string input = "1-0 [Event \"x\"] [Bad x] [V" + repeated(' ', 20000) + "\"v\"] [" +
                            repeated('N', 300) + " \"v\"] [W \"a\nb\"] [Z \"" +
                            repeated('z', 10000) + "\"]";
  TagReader reader(quiet);
  std::uint64_t widest = 0;
  for (std::size_t i = 0; i < input.size(); ++i) {
    reader.read(std::string_view(input).substr(i, 1));
    BOOST_TEST_REQUIRE(reader.offset() == i + 1);
    BOOST_TEST_REQUIRE(reader.held_from() <= reader.offset());
    widest = std::max(widest, reader.offset() - reader.held_from());
    if (i >= 4 && i < 14) BOOST_TEST_REQUIRE(reader.held_from() == 4u);  // [Event "x" is held
    if (i == 14) BOOST_TEST_REQUIRE(reader.held_from() == 15u);          // delivered: released
    if (i >= 21 && i < 24) BOOST_TEST_REQUIRE(reader.held_from() == i + 1);  // dropped at 'x'
  }
  BOOST_TEST(widest == kMaxTagPairLength);
  // The last pair, 10005 bytes and held whole, is delivered at its ']'.
  reader.finish();
  BOOST_TEST(reader.held_from() == reader.offset());
  BOOST_TEST(reader.games() == 2u);
}
