// Fuzz target `pgn_tags`: arbitrary bytes as a PGN file through the streaming tag reader
// (src/pgn/tag_reader.hpp), read whole and read again in chunks.
//
// The text read is the input, with one expansion so that the limits (a 4,096-byte value, a
// 12,288-byte tag pair) are in reach of inputs libFuzzer keeps short: the bytes 0xFF 0xFF k stand
// for the byte before them repeated 64 * (k + 1) times (at most 16,384; the text stops growing at
// 64 KiB). Every law is about the text.
//
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang" (the sanitizers and libFuzzer):
//   - every game found is reported exactly once: games are numbered 1..N in order, game_begins and
//     game_ends alternate, each game ends once (finish() ends the last), games() is N; each tag's
//     game is the open game, each diagnostic's the open game or 0 between games;
//   - a game ends where it says: a result is spelled at its position, the next game's tags begin
//     at a '[', the end of the input is at the text's end; a game begins at a '[' or a byte that is
//     not white space;
//   - the value of every delivered tag is the unescaped bytes between its quotes, recomputed here
//     from value_begin.offset and value_end_offset (`\"` is '"', `\\` is '\', any other backslash
//     stays), and its closing quote is the first unescaped one; its name is the bytes after its
//     '[' (and white space), its '[' '"' '"' ']' are where it says, and it is within the limits;
//   - source_of(i) points at the byte that spelled value[i] (its backslash when it was escaped, the
//     closing quote for i == size);
//   - every SourcePosition's line and column agree with its offset, recomputed from the text
//     (lines end at '\n', a UTF-8 byte-order mark is not a column);
//   - the events (every field of every one) are the same whether the text is read whole or in
//     chunks whose sizes are drawn from the input itself;
//   - offset() is the number of bytes read, and held_from() is at most offset() and never more
//     than kMaxTagPairLength behind it, after every read() and in every callback;
//   - a limit passed is reported at the first byte past it: `found` is `limit` + 1, and a tag pair
//     too long is reported at the byte kMaxTagPairLength after its '['.
//
// max_len (pgn_tags.options) is 4,096: a few games with their tags, and room for the expansions.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "pgn/reader_diagnostic.hpp"
#include "pgn/tag_reader.hpp"

namespace {

using namespace xfen::pgn;

constexpr std::string_view kTarget = "pgn_tags";
constexpr std::size_t kMaxText = 64 * 1024;
constexpr std::string_view kBom = "\xEF\xBB\xBF";

// The text the input stands for (the expansion in the header comment).
void expand(std::string_view input, std::string& text) {
  text.clear();
  for (std::size_t i = 0; i < input.size() && text.size() < kMaxText; ++i) {
    if (input[i] == '\xFF' && i + 2 < input.size() && input[i + 1] == '\xFF' && !text.empty()) {
      const std::size_t count = 64 * (static_cast<std::size_t>(static_cast<unsigned char>(input[i + 2])) + 1);
      text.append(std::min(count, kMaxText - text.size()), text.back());
      i += 2;
      continue;
    }
    text += input[i];
  }
}

std::string number(std::uint64_t n) { return std::to_string(n); }

bool is_name_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("_+#=:-").find(c) != std::string_view::npos;
}

std::string position_text(const SourcePosition& position) {
  return number(position.offset) + "=" + number(position.line) + ":" + number(position.column);
}

class Checker : public GameHandler {
 public:
  Checker(std::string_view input, std::string_view text, const TagReader* const& reader)
      : input_(input), text_(text), reader_(reader) {
    for (std::size_t i = text.find('\n'); i != std::string_view::npos; i = text.find('\n', i + 1))
      line_starts_.push_back(i + 1);
  }

  std::string transcript;  // every field of every event, one line each

  // After finish(): every game begun was ended.
  void check_finished(const TagReader& reader) {
    if (open_) broken("finish() ends the last game", "no open game", "game " + number(games_) + " open");
    if (reader.games() != games_)
      broken("games() counts the games begun", number(games_), number(reader.games()));
  }

  void game_begins(const GameStart& start) override {
    check_reader();
    check_position(start.where, "game start");
    if (open_) broken("game_begins and game_ends alternate", "game_ends", "game_begins");
    if (start.game != games_ + 1)
      broken("games are numbered 1..N in order", number(games_ + 1), number(start.game));
    const char first = byte_at(start.where.offset);
    if (start.where.offset >= text_.size() || first == ' ' || first == '\t' || first == '\n' ||
        first == '\r' || first == '{' || first == ';' || first == '\v' || first == '\f')
      broken("a game begins at a '[' or at movetext", "such a byte", position_text(start.where));
    games_ = start.game;
    open_ = true;
    transcript += "begin " + number(start.game) + " " + position_text(start.where) + "\n";
  }

  void tag(const Tag& tag) override {
    check_reader();
    if (!open_ || tag.game != games_)
      broken("a tag's game is the open game", open_ ? number(games_) : "no game", number(tag.game));
    check_position(tag.open_bracket, "open_bracket");
    check_position(tag.value_begin, "value_begin");
    if (byte_at(tag.open_bracket.offset) != '[' || tag.value_begin.offset == 0 ||
        byte_at(tag.value_begin.offset - 1) != '"' || byte_at(tag.value_end_offset) != '"' ||
        byte_at(tag.close_offset) != ']' || tag.value_end_offset < tag.value_begin.offset ||
        tag.close_offset <= tag.value_end_offset || tag.value_begin.offset <= tag.open_bracket.offset)
      broken("a tag's '[' '\"' '\"' ']' are where it says", "[ \" \" ]",
             position_text(tag.open_bracket) + " " + position_text(tag.value_begin) + " " +
                 number(tag.value_end_offset) + " " + number(tag.close_offset));
    if (tag.close_offset - tag.open_bracket.offset + 1 > kMaxTagPairLength ||
        tag.value.size() > kMaxTagValueLength || tag.name.size() > kMaxTagNameLength ||
        tag.name.empty())
      broken("a delivered tag is within the limits", "within", number(tag.close_offset - tag.open_bracket.offset + 1));

    // The name: after the '[' and white space, followed by white space and the quote.
    std::size_t at = static_cast<std::size_t>(tag.open_bracket.offset) + 1;
    while (at < text_.size() && (text_[at] == ' ' || text_[at] == '\t' || text_[at] == '\r')) ++at;
    if (text_.substr(at, tag.name.size()) != tag.name)
      broken("a tag's name is the bytes after its '['", std::string(text_.substr(at, tag.name.size())), tag.name);

    // The value, unescaped here from the bytes between the quotes.
    const std::string_view spelled = text_.substr(
        static_cast<std::size_t>(tag.value_begin.offset),
        static_cast<std::size_t>(tag.value_end_offset - tag.value_begin.offset));
    std::string value;
    std::vector<std::uint16_t> escapes;
    for (std::size_t i = 0; i < spelled.size(); ++i) {
      if (spelled[i] == '\\' && i + 1 == spelled.size())
        broken("a value ends at its first unescaped quote", "a closing quote", "an escaped quote");
      if (spelled[i] == '"')
        broken("a value ends at its first unescaped quote", "the quote at " + number(i), "a later one");
      if (spelled[i] == '\\' && (spelled[i + 1] == '"' || spelled[i + 1] == '\\')) {
        escapes.push_back(static_cast<std::uint16_t>(value.size()));
        ++i;
      }
      value += spelled[i];
    }
    if (value != tag.value)
      broken("a tag's value is the unescaped bytes between its quotes", value, tag.value);
    if (!std::equal(escapes.begin(), escapes.end(), tag.escapes.begin(), tag.escapes.end()))
      broken("escapes lists the bytes written escaped", number(escapes.size()), number(tag.escapes.size()));

    for (std::size_t i = 0; i <= tag.value.size(); ++i) {
      const SourcePosition source = tag.source_of(i);
      check_position(source, "source_of");
      bool right;
      if (i == tag.value.size())
        right = source.offset == tag.value_end_offset;
      else if (std::binary_search(escapes.begin(), escapes.end(), i))
        right = byte_at(source.offset) == '\\' && byte_at(source.offset + 1) == tag.value[i];
      else
        right = byte_at(source.offset) == tag.value[i];
      if (!right)
        broken("source_of(i) points at the byte that spelled value[i]", "index " + number(i),
               position_text(source));
    }

    transcript += "tag " + number(tag.game) + " " + std::string(tag.name) + " " +
                  std::string(tag.value) + " " + position_text(tag.open_bracket) + " " +
                  position_text(tag.value_begin) + " " + number(tag.value_end_offset) + " " +
                  number(tag.close_offset) + "\n";
  }

  void game_ends(const GameEnd& end) override {
    check_reader();
    check_position(end.where, "game end");
    if (!open_ || end.game != games_)
      broken("each game ends once, the open one", open_ ? number(games_) : "no game", number(end.game));
    switch (end.ending) {
      case GameEnding::result:
        if (end.result != "1-0" && end.result != "0-1" && end.result != "1/2-1/2" && end.result != "*")
          broken("a result is a termination marker", "1-0, 0-1, 1/2-1/2 or *", end.result);
        if (text_.substr(static_cast<std::size_t>(end.where.offset), end.result.size()) != end.result)
          broken("a result is spelled where the game ends", end.result, position_text(end.where));
        break;
      case GameEnding::next_game:
        if (!end.result.empty() || byte_at(end.where.offset) != '[')
          broken("the next game's tags begin where the game ends", "'['", position_text(end.where));
        break;
      case GameEnding::end_of_input:
        if (!end.result.empty() || end.where.offset != text_.size())
          broken("the end of the input is where the game ends", number(text_.size()), position_text(end.where));
        break;
    }
    open_ = false;
    transcript += "end " + number(end.game) + " " + number(static_cast<unsigned>(end.ending)) + " " +
                  std::string(end.result) + " " + position_text(end.where) + "\n";
  }

  void diagnostic(const ReaderDiagnostic& diagnostic) override {
    check_reader();
    check_position(diagnostic.where, "diagnostic");
    check_position(diagnostic.opened_at, "diagnostic opened_at");
    const std::uint64_t game = open_ ? games_ : 0;
    if (diagnostic.game != game)
      broken("a diagnostic's game is the open game, or 0 between games", number(game),
             number(diagnostic.game));
    if (diagnostic.opened_at.offset > diagnostic.where.offset)
      broken("what is open was opened before it is reported", position_text(diagnostic.where),
             position_text(diagnostic.opened_at));
    const bool too_long = diagnostic.code == ReaderCode::tag_name_too_long ||
                          diagnostic.code == ReaderCode::tag_value_too_long ||
                          diagnostic.code == ReaderCode::tag_too_long ||
                          diagnostic.code == ReaderCode::long_comment;
    if (too_long && diagnostic.found != diagnostic.limit + 1)
      broken("a limit is reported at the first byte past it", number(diagnostic.limit + 1),
             number(diagnostic.found));
    if (diagnostic.code == ReaderCode::tag_too_long &&
        (diagnostic.limit != kMaxTagPairLength ||
         diagnostic.where.offset - diagnostic.opened_at.offset != kMaxTagPairLength))
      broken("a tag pair too long is reported at its byte kMaxTagPairLength + 1",
             number(diagnostic.opened_at.offset + kMaxTagPairLength), position_text(diagnostic.where));
    if (diagnostic.code == ReaderCode::tag_name_too_long &&
        (diagnostic.limit != kMaxTagNameLength || !is_name_byte(byte_at(diagnostic.where.offset)) ||
         diagnostic.where.offset - diagnostic.opened_at.offset <= kMaxTagNameLength))
      broken("a tag name too long is reported at a byte past the limit", "a name byte",
             position_text(diagnostic.where));
    const std::string message = reader_message(diagnostic);
    if (message.empty() || message.find('\n') != std::string::npos)
      broken("a diagnostic's message is one line", "one line", message);
    for (const char c : message)
      if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f)
        broken("a diagnostic's message is printable ASCII", "printable", message);
    transcript += "diagnostic " + std::string(reader_code_name(diagnostic.code)) + " " +
                  number(static_cast<unsigned>(diagnostic.severity)) + " " + number(diagnostic.game) +
                  " " + position_text(diagnostic.where) + " " + position_text(diagnostic.opened_at) +
                  " " + number(diagnostic.found) + " " + number(diagnostic.limit) + " " +
                  number(static_cast<unsigned char>(diagnostic.byte)) + " " +
                  number(diagnostic.at_line_end) + " " + std::string(diagnostic.tag_name) + " " +
                  message + "\n";
  }

  // The law on held_from(), also checked between reads.
  void check_reader() {
    if (reader_ == nullptr) return;
    const std::uint64_t offset = reader_->offset();
    const std::uint64_t held = reader_->held_from();
    if (held > offset || offset - held > kMaxTagPairLength)
      broken("held_from() is at most offset() and within kMaxTagPairLength of it",
             "<= " + number(kMaxTagPairLength) + " behind " + number(offset), number(held));
  }

  [[noreturn]] void broken(std::string_view law, std::string_view expected, std::string_view actual) const {
    xfen::fuzz::law_broken(kTarget, law, input_, expected, actual);
  }

 private:
  char byte_at(std::uint64_t offset) const {
    return offset < text_.size() ? text_[static_cast<std::size_t>(offset)] : '\0';
  }

  void check_position(const SourcePosition& position, std::string_view what) const {
    if (position.offset > text_.size())
      broken("a position lies inside the input", "<= " + number(text_.size()), position_text(position));
    const auto line = static_cast<std::uint64_t>(
        std::upper_bound(line_starts_.begin(), line_starts_.end(), position.offset) - line_starts_.begin());
    std::uint64_t start = line == 0 ? 0 : line_starts_[line - 1];
    if (line == 0 && text_.starts_with(kBom)) start = kBom.size();
    if (position.line != line + 1 || position.column != position.offset - start + 1)
      broken("a position's line and column agree with its offset",
             std::string(what) + " " + number(position.offset) + "=" + number(line + 1) + ":" +
                 number(position.offset - start + 1),
             position_text(position));
  }

  std::string_view input_;
  std::string_view text_;
  const TagReader* const& reader_;
  std::vector<std::uint64_t> line_starts_;
  std::uint64_t games_ = 0;
  bool open_ = false;
};

// Reads the text in chunks of the sizes `next_size` gives (0: the rest), checking the reader
// between chunks; returns the transcript.
template <typename NextSize>
std::string read_text(std::string_view input, std::string_view text, NextSize next_size) {
  const TagReader* watched = nullptr;
  Checker checker(input, text, watched);
  TagReader reader(checker);
  watched = &reader;
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t size = next_size();
    if (size == 0 || size > text.size() - from) size = text.size() - from;
    reader.read(text.substr(from, size));
    from += size;
    if (reader.offset() != from)
      checker.broken("offset() is the number of bytes read", number(from), number(reader.offset()));
    checker.check_reader();
  }
  reader.finish();
  checker.check_finished(reader);
  return checker.transcript;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::string text;
  const std::string_view input = xfen::fuzz::as_text(data, size);
  expand(input, text);

  const std::string whole = read_text(input, text, [] { return std::size_t{0}; });

  // Chunk sizes from the input's bytes, in turn: mostly short (1 to 16 bytes, so that every state
  // is cut through), sometimes long.
  std::size_t turn = 0;
  const std::string chunked = read_text(input, text, [&]() -> std::size_t {
    if (input.empty()) return 0;
    const auto byte = static_cast<unsigned char>(input[turn++ % input.size()]);
    return byte < 0xF0 ? 1 + (byte & 0x0F) : 64 * (byte & 0x0F) + 17;
  });
  if (chunked != whole)
    xfen::fuzz::law_broken(kTarget, "reading in chunks gives the same events as reading whole",
                           input, whole, chunked);
  return 0;
}
