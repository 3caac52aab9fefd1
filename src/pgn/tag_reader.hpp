// A streaming reader of PGN tag sections: it finds the games of a collection and the tag pairs of
// each, and skips everything else (moves, comments, escape lines) without reading it. It is fed
// the input in chunks of any size, so a collection larger than memory is read in constant memory:
// the reader holds at most one tag name and one tag value, in fixed buffers, whatever the input,
// and allocates nothing.
//
// What it reads (PGN standard, sections 8 and 7):
// - A game is a tag section (zero or more tag pairs) and the movetext after it, ending at a game
//   termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`, as a whole movetext token). A tag pair after
//   movetext with no marker also ends the game (pgn.no-result), and starts the next one, as does
//   the end of the input. A game starts at its first tag pair, or at its first movetext token when
//   it has no tags. Comments and white space between games belong to no game.
// - A tag pair is `[` NAME `"`VALUE`"` `]`, with spaces or tabs allowed between the tokens and no
//   line break. NAME is letters, digits and `_+#=:-`. In VALUE, `\"` stands for `"` and `\\` for
//   `\`; a backslash before any other byte stands for itself.
// - `{` to `}` and `;` to the end of the line are comments, in movetext and between tag pairs; a
//   `[` inside a comment starts nothing. A line starting with `%` is an escape line, skipped.
// - A UTF-8 byte-order mark at the start of the input is skipped; lines end at "\n" or "\r\n".
// - Movetext is every other byte outside tag pairs and comments: `(` and `)` too. A marker is a
//   whole token: white space, `(`, `)`, a comment or a tag pair (or the input's start) before it,
//   white space, `(`, `)`, `{`, `;`, `[` or the input's end after it.
//
// A tag pair is delivered when its `]` is read, and only when it is whole and within the limits;
// otherwise it is reported and dropped, and reading goes on after it (see ReaderCode).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "pgn/reader_diagnostic.hpp"
#include "pgn/source_position.hpp"

namespace xfen::pgn {

// Tag names longer than this are reported, not held.
inline constexpr std::size_t kMaxTagNameLength = 255;
// Tag values (unescaped) longer than this are reported, not held: an X-FEN record is at most a
// few hundred bytes, and this matches the xfen command's line limit.
inline constexpr std::size_t kMaxTagValueLength = 4096;
// A tag pair, `[` to `]`, spans at most this many bytes (every value escaped, and room for
// spaces), so that a program rewriting tag values holds a bounded number of bytes (held_from()).
inline constexpr std::size_t kMaxTagPairLength = 3 * kMaxTagValueLength;
// A `{` comment longer than this is reported once (a warning): reading goes on inside it.
inline constexpr std::size_t kLongCommentLength = std::size_t{1} << 20;

struct GameStart {
  std::uint64_t game = 0;  // 1-based, in input order, counting every game of the input
  SourcePosition where;    // its first tag pair's '[', or its first movetext byte
};

enum class GameEnding : std::uint8_t {
  result,        // a game termination marker
  next_game,     // a tag pair after movetext, with no marker before it
  end_of_input,  // the input ended, with no marker
};

struct GameEnd {
  std::uint64_t game = 0;
  GameEnding ending = GameEnding::result;
  std::string_view result;  // "1-0", "0-1", "1/2-1/2" or "*"; empty without a marker
  SourcePosition where;     // the marker's first byte; the next tag pair's '['; the input's end
};

struct Tag {
  std::uint64_t game = 0;
  std::string_view name;   // valid during the call only
  std::string_view value;  // unescaped; valid during the call only
  SourcePosition open_bracket;       // the '['
  SourcePosition value_begin;        // the first byte after the opening '"'
  std::uint64_t value_end_offset = 0;  // the closing '"'
  std::uint64_t close_offset = 0;      // the ']'
  // The indexes in `value` of the bytes that were written escaped (`\"` or `\\`), ascending.
  std::span<const std::uint16_t> escapes;

  // Where the byte value[index] stands in the input (index == value.size(): the closing '"'),
  // escapes accounted for: for a byte written escaped, its backslash. A value holds no line
  // break, so the line is value_begin's.
  SourcePosition source_of(std::size_t index) const noexcept;
};

// What a reader reports to, in input order: game_begins, then that game's tags, then game_ends;
// diagnostics where they are found. Every game begun is ended exactly once, before the next
// begins, the last one by TagReader::finish(). Callbacks must not throw.
class GameHandler {
 public:
  virtual ~GameHandler() = default;
  virtual void game_begins(const GameStart& start) = 0;
  virtual void tag(const Tag& tag) = 0;
  virtual void game_ends(const GameEnd& end) = 0;
  virtual void diagnostic(const ReaderDiagnostic& diagnostic) = 0;

 protected:
  GameHandler() = default;
  GameHandler(const GameHandler&) = default;
  GameHandler& operator=(const GameHandler&) = default;
};

class TagReader {
 public:
  explicit TagReader(GameHandler& handler) noexcept;  // not owned
  TagReader(const TagReader&) = delete;
  TagReader& operator=(const TagReader&) = delete;

  // The next bytes of the input, in any chunks: the same events come out however it is split.
  void read(std::span<const char> bytes) noexcept;
  void read(std::string_view bytes) noexcept { read(std::span<const char>(bytes.data(), bytes.size())); }

  // The input has ended: reports what was left open and ends the last game. Call once, last.
  void finish() noexcept;

  // The offset of the first byte that a tag delivered later may still point into: the '[' of a
  // tag pair being read, else the next byte to be read. A program that rewrites tag values (and
  // copies every other byte) may write out all bytes before it. offset() - held_from() is at most
  // kMaxTagPairLength. Inside a callback, offset() is where the event was found (for tag(), just
  // past its ']', and held_from() is still its '[').
  std::uint64_t held_from() const noexcept;

  // Bytes read so far, and games begun so far.
  std::uint64_t offset() const noexcept { return offset_; }
  std::uint64_t games() const noexcept { return games_; }

 private:
  // What the reader is inside of. Text is everything outside tag pairs and comments: white space
  // and movetext, between games or inside one.
  enum class Mode : std::uint8_t {
    text,
    comment,            // '{' ... '}'
    line_comment,       // ';' ... line end
    escape_line,        // '%' in the first column ... line end
    tag_open,           // after '[': white space, then the name
    tag_name,
    tag_after_name,     // white space, then '"'
    tag_value,          // inside the '"' string
    tag_value_escape,   // after a backslash inside the string
    tag_value_line,     // at the start of a line inside the string: '[' ends it
    tag_after_value,    // white space, then ']'
    tag_skip,           // after a syntax error: up to ']' or the line end
  };

  void consume(const char* begin, const char* end, std::uint64_t base) noexcept;
  const char* text(const char* p, const char* end) noexcept;
  const char* tag(const char* p, const char* end) noexcept;
  const char* comment(const char* p, const char* end) noexcept;
  const char* resolve_marker(const char* p, const char* end) noexcept;
  void replay_bom_prefix() noexcept;
  void enter_text(const char* p) noexcept;
  void count_lines(const char* from, const char* to) noexcept;
  unsigned char behind(const char* p, std::size_t back) const noexcept;
  std::uint64_t at(const char* p) const noexcept {
    return chunk_base_ + static_cast<std::uint64_t>(p - chunk_begin_);
  }
  SourcePosition position(std::uint64_t offset) const noexcept {
    return {offset, line_, offset - line_start_ + 1};
  }
  SourcePosition line_end_position(std::uint64_t newline) const noexcept;
  void begin_game(std::uint64_t offset) noexcept;
  void end_game(GameEnding ending, std::string_view result, SourcePosition where) noexcept;
  void report(ReaderCode code, SourcePosition where, SourcePosition opened_at) noexcept;
  void report_syntax(ReaderCode code, const char* p) noexcept;
  void report_too_long(ReaderCode code, std::uint64_t where, SourcePosition opened_at,
                       std::uint64_t found, std::uint64_t limit) noexcept;
  void append_value(unsigned char byte, std::uint64_t source, bool escaped) noexcept;
  void deliver(std::uint64_t close) noexcept;
  std::uint64_t current_game() const noexcept { return game_open_ ? games_ : 0; }

  GameHandler& handler_;
  std::uint64_t offset_ = 0;
  std::uint64_t games_ = 0;
  std::array<char, kMaxTagNameLength> name_{};
  std::array<char, kMaxTagValueLength> value_{};
  std::array<std::uint16_t, kMaxTagValueLength> escapes_{};

  // The chunk being read (valid inside read() only): at(p) is the offset of *p.
  const char* chunk_begin_ = nullptr;
  std::uint64_t chunk_base_ = 0;
  // Where the current run of text began in this chunk, and the 4 bytes before it (' ' where the
  // run began at a token boundary): a termination marker is recognised by looking back.
  const char* run_from_ = nullptr;
  std::array<unsigned char, 4> tail_{' ', ' ', ' ', ' '};

  std::uint64_t line_ = 1;
  std::uint64_t line_start_ = 0;  // offset of the first byte of the current line
  std::uint64_t last_cr_ = ~std::uint64_t{0};  // a '\r' read inside a tag pair, for line ends
  SourcePosition game_start_{};
  SourcePosition tag_open_{};      // the '[' of the tag pair being read
  SourcePosition quote_{};         // its opening '"'
  std::uint64_t value_end_ = 0;    // its closing '"'
  SourcePosition comment_open_{};  // the '{' of the comment being read
  std::uint64_t comment_length_ = 0;
  std::size_t name_length_ = 0;    // counted past the limit, held up to it
  std::size_t value_length_ = 0;
  std::size_t escape_count_ = 0;
  // A termination marker read up to its '-' or '*': the bytes still expected, then a delimiter.
  std::uint64_t marker_begin_ = 0;
  std::string_view marker_rest_;
  std::string_view marker_result_;

  Mode mode_ = Mode::text;
  std::uint8_t bom_matched_ = 0;
  bool bom_done_ = false;
  bool game_open_ = false;
  bool movetext_ = false;          // the open game has movetext
  bool at_line_start_ = true;      // the last byte read in text was a line end (or none was)
  bool marker_pending_ = false;
  bool tag_live_ = false;          // the tag pair being read may still be delivered
  bool newline_reported_ = false;  // pgn.string-newline, once per tag pair
};

}  // namespace xfen::pgn
