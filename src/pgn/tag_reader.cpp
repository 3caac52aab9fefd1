// The streaming reader of PGN tag sections (tag_reader.hpp).
//
// Speed: in a PGN collection most bytes are movetext, which the reader does not read, only
// skips. Inside movetext a table of 256 entries names the few bytes that matter (line ends,
// comments, tag pairs, and '-' and '*', which every termination marker has), eight bytes are
// tested per step, and a marker is recognised by looking back from its '-' or '*' (the last bytes
// of a chunk are kept for that) and ahead to its end (across chunks if it must). Comments are
// skipped with memchr, short ones without leaving the movetext loop, and their line ends counted
// with std::count. Positions are computed from the line's first offset when something is
// reported, never counted per byte.
//
// Tag pairs are read one part at a time (white space, name, value), each in a tight loop bounded
// by the chunk's end and by the pair's length limit. Everything is held in fixed
// members: nothing is allocated, and any chunking gives the same events because every state the
// reader can stop in (inside a name, after a backslash, in the middle of a marker, in a byte-order
// mark) is a member.
#include "pgn/tag_reader.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

namespace xfen::pgn {

namespace {

using Table = std::array<bool, 256>;

constexpr unsigned char byte_of(char c) noexcept { return static_cast<unsigned char>(c); }

constexpr bool is_space(unsigned char c) noexcept {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

// White space between the tokens of a tag pair: no line end ('\r' alone is white space; before a
// '\n', the line end's position is taken from it).
constexpr bool is_tag_space(unsigned char c) noexcept { return c == ' ' || c == '\t' || c == '\r'; }

// What may stand before a termination marker (the start of a run of text reads as ' ').
constexpr bool delimits_before(unsigned char c) noexcept { return is_space(c) || c == '(' || c == ')'; }

// What may follow a termination marker (the end of the input does too).
constexpr bool delimits_after(unsigned char c) noexcept {
  return is_space(c) || c == '(' || c == ')' || c == '{' || c == ';' || c == '[';
}

constexpr Table table_of(std::string_view bytes) noexcept {
  Table table{};
  for (const char c : bytes) table[byte_of(c)] = true;
  return table;
}

// Movetext: what stops the scan. Line ends (counted, and a '%' line may follow), comments, tag
// pairs, and the bytes in the middle of every termination marker.
constexpr Table kMovetextStops = table_of(std::string_view("\n{;[-*", 6));

// Text outside movetext (between games, in a tag section): everything but white space stops it,
// since any other byte begins movetext.
constexpr Table kIdleStops = [] {
  Table table{};
  table.fill(true);
  for (const char c : {' ', '\t', '\r', '\v', '\f'}) table[byte_of(c)] = false;
  return table;
}();

constexpr Table kNameBytes = [] {
  Table table = table_of("_+#=:-");
  for (int c = 'a'; c <= 'z'; ++c) table[static_cast<std::size_t>(c)] = true;
  for (int c = 'A'; c <= 'Z'; ++c) table[static_cast<std::size_t>(c)] = true;
  for (int c = '0'; c <= '9'; ++c) table[static_cast<std::size_t>(c)] = true;
  return table;
}();

// Inside a tag value: what is not simply held.
constexpr Table kValueStops = table_of("\"\\\n\r");

constexpr char kBom[] = "\xEF\xBB\xBF";
constexpr std::uint8_t kBomLength = 3;

// The first byte at or after p that `stops` names, or end. Eight bytes a step: their entries
// make a mask whose lowest set bit is the first stop, so that no byte is looked at twice.
inline const char* skip(const char* p, const char* end, const Table& stops) noexcept {
  while (end - p >= 8) {
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    const unsigned mask = static_cast<unsigned>(stops[u[0]]) | static_cast<unsigned>(stops[u[1]]) << 1 |
                          static_cast<unsigned>(stops[u[2]]) << 2 | static_cast<unsigned>(stops[u[3]]) << 3 |
                          static_cast<unsigned>(stops[u[4]]) << 4 | static_cast<unsigned>(stops[u[5]]) << 5 |
                          static_cast<unsigned>(stops[u[6]]) << 6 | static_cast<unsigned>(stops[u[7]]) << 7;
    if (mask != 0) return p + std::countr_zero(mask);
    p += 8;
  }
  while (p < end && !stops[byte_of(*p)]) ++p;
  return p;
}

}  // namespace

SourcePosition Tag::source_of(std::size_t index) const noexcept {
  // Each byte written escaped before value[index] took two bytes of input.
  const auto escaped_before =
      static_cast<std::size_t>(std::lower_bound(escapes.begin(), escapes.end(), index) - escapes.begin());
  const std::uint64_t delta = index + escaped_before;
  return {value_begin.offset + delta, value_begin.line, value_begin.column + delta};
}

TagReader::TagReader(GameHandler& handler) noexcept : handler_(handler) {}

std::uint64_t TagReader::held_from() const noexcept {
  return tag_live_ ? tag_open_.offset : offset_;
}

void TagReader::read(std::span<const char> bytes) noexcept {
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  std::uint64_t base = offset_;
  if (!bom_done_) {
    // Every byte so far is a prefix of the byte-order mark.
    while (p < end && bom_matched_ < kBomLength && *p == kBom[bom_matched_]) ++p, ++bom_matched_;
    if (bom_matched_ == kBomLength) {
      bom_done_ = true;
      line_start_ = kBomLength;  // column 1 is the byte after it
    } else if (p < end) {
      bom_done_ = true;
      replay_bom_prefix();
    } else {
      offset_ = bom_matched_;
      return;
    }
    base = bom_matched_;
  }
  consume(p, end, base);
}

// The bytes taken for the start of a byte-order mark were not one: they are read as text.
void TagReader::replay_bom_prefix() noexcept {
  consume(kBom, kBom + bom_matched_, 0);
}

void TagReader::enter_text(const char* p) noexcept {
  run_from_ = p;
  tail_.fill(' ');
}

unsigned char TagReader::behind(const char* p, std::size_t back) const noexcept {
  const auto in_run = static_cast<std::size_t>(p - run_from_);
  if (back <= in_run) return byte_of(*(p - static_cast<std::ptrdiff_t>(back)));
  const std::size_t before_run = back - in_run;  // 1 is the last byte before the run
  return before_run <= tail_.size() ? tail_[tail_.size() - before_run] : ' ';
}

void TagReader::consume(const char* begin, const char* end, std::uint64_t base) noexcept {
  chunk_begin_ = begin;
  chunk_base_ = base;
  run_from_ = begin;
  const char* p = begin;
  if (marker_pending_) p = resolve_marker(p, end);
  if (at_line_start_ && p < end && mode_ == Mode::text) {
    at_line_start_ = false;
    if (*p == '%') mode_ = Mode::escape_line, ++p;
  }
  while (p < end) {
    switch (mode_) {
      case Mode::text:
        p = text(p, end);
        break;
      case Mode::comment:
        p = comment(p, end);
        break;
      case Mode::line_comment:
      case Mode::escape_line: {
        // To the line end, which is read as text (it is counted there, and a '%' may follow).
        const void* found = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
        if (found == nullptr) {
          p = end;
          break;
        }
        p = static_cast<const char*>(found);
        mode_ = Mode::text;
        enter_text(p);
        break;
      }
      default:
        p = tag(p, end);
        break;
    }
  }
  if (mode_ == Mode::text) {
    std::array<unsigned char, 4> tail{};
    for (std::size_t back = 1; back <= tail.size(); ++back) tail[tail.size() - back] = behind(end, back);
    tail_ = tail;
  }
  offset_ = at(end);
}

const char* TagReader::text(const char* p, const char* const end) noexcept {
  for (;;) {
    p = skip(p, end, movetext_ ? kMovetextStops : kIdleStops);
    if (p == end) return p;
    const unsigned char c = byte_of(*p);
    switch (c) {
      case '\n':
        ++line_;
        line_start_ = at(p) + 1;
        ++p;
        if (p == end) {
          at_line_start_ = true;
          return p;
        }
        if (*p == '%') {
          mode_ = Mode::escape_line;
          return p + 1;
        }
        continue;
      case '{': {
        // A comment that closes in this chunk (most are a few words, or a clock) is skipped here;
        // others are read in Mode::comment, which counts their length.
        const void* close = std::memchr(p + 1, '}', static_cast<std::size_t>(end - p - 1));
        if (close != nullptr &&
            static_cast<std::uint64_t>(static_cast<const char*>(close) - p - 1) <= kLongCommentLength) {
          count_lines(p + 1, static_cast<const char*>(close));
          p = static_cast<const char*>(close) + 1;
          enter_text(p);
          continue;
        }
        comment_open_ = position(at(p));
        comment_length_ = 0;
        mode_ = Mode::comment;
        return p + 1;
      }
      case ';':
        mode_ = Mode::line_comment;
        return p + 1;
      case '[': {
        const std::uint64_t here = at(p);
        offset_ = here;
        if (game_open_ && movetext_) {
          ReaderDiagnostic diagnostic;
          diagnostic.code = ReaderCode::no_result;
          diagnostic.severity = ReaderSeverity::warning;
          diagnostic.game = games_;
          diagnostic.where = position(here);
          diagnostic.opened_at = game_start_;
          diagnostic.byte = '[';
          handler_.diagnostic(diagnostic);
          end_game(GameEnding::next_game, {}, position(here));
        }
        if (!game_open_) begin_game(here);
        tag_open_ = position(here);
        tag_live_ = true;
        newline_reported_ = false;
        name_length_ = 0;
        value_length_ = 0;
        escape_count_ = 0;
        mode_ = Mode::tag_open;
        return p + 1;
      }
      default:
        break;
    }
    if (!movetext_) {
      // The first byte of movetext; the first of the game too when it has no tags.
      if (!game_open_) begin_game(at(p));
      movetext_ = true;
      continue;  // the same byte again, as movetext
    }
    // '-' or '*' in movetext: the middle of "1-0", "0-1", "1/2-1/2", or "*", when they are whole
    // tokens. Looking back settles the bytes before; resolve_marker those after.
    if (c == '-') {
      const unsigned char before = behind(p, 1);
      if ((before == '1' || before == '0') && delimits_before(behind(p, 2))) {
        marker_begin_ = at(p) - 1;
        marker_rest_ = before == '1' ? "0" : "1";
        marker_result_ = before == '1' ? "1-0" : "0-1";
        marker_pending_ = true;
      } else if (before == '2' && behind(p, 2) == '/' && behind(p, 3) == '1' &&
                 delimits_before(behind(p, 4))) {
        marker_begin_ = at(p) - 3;
        marker_rest_ = "1/2";
        marker_result_ = "1/2-1/2";
        marker_pending_ = true;
      }
    } else if (delimits_before(behind(p, 1))) {
      marker_begin_ = at(p);
      marker_rest_ = {};
      marker_result_ = "*";
      marker_pending_ = true;
    }
    ++p;
    if (marker_pending_) p = resolve_marker(p, end);
  }
}

// The bytes after a marker's '-' or '*': the rest of it, then a delimiter (not read here: it is
// text). At the chunk's end the marker stays pending.
const char* TagReader::resolve_marker(const char* p, const char* end) noexcept {
  while (!marker_rest_.empty()) {
    if (p == end) return p;
    if (*p != marker_rest_.front()) {
      marker_pending_ = false;
      return p;
    }
    marker_rest_.remove_prefix(1);
    ++p;
  }
  if (p == end) return p;
  marker_pending_ = false;
  if (delimits_after(byte_of(*p))) {
    offset_ = at(p);
    end_game(GameEnding::result, marker_result_, position(marker_begin_));
  }
  return p;
}

const char* TagReader::comment(const char* p, const char* end) noexcept {
  const void* found = std::memchr(p, '}', static_cast<std::size_t>(end - p));
  const char* const stop = found != nullptr ? static_cast<const char*>(found) : end;
  const auto length = static_cast<std::uint64_t>(stop - p);
  if (comment_length_ <= kLongCommentLength && comment_length_ + length > kLongCommentLength) {
    const char* const past = p + static_cast<std::ptrdiff_t>(kLongCommentLength - comment_length_);
    count_lines(p, past);
    report_too_long(ReaderCode::long_comment, at(past), comment_open_, kLongCommentLength + 1,
                    kLongCommentLength);
    count_lines(past, stop);
  } else {
    count_lines(p, stop);
  }
  comment_length_ += length;
  if (found == nullptr) return end;
  mode_ = Mode::text;
  enter_text(stop + 1);
  return stop + 1;
}

void TagReader::count_lines(const char* from, const char* to) noexcept {
  const auto lines = std::count(from, to, '\n');
  if (lines == 0) return;
  line_ += static_cast<std::uint64_t>(lines);
  const char* last = to - 1;
  while (*last != '\n') --last;
  line_start_ = at(last) + 1;
}

// Each round reads the bytes of one mode in a tight loop, up to `stop`: the chunk's end, or the
// byte at which a pair that may still be delivered becomes too long (reported on the next round).
const char* TagReader::tag(const char* p, const char* const end) noexcept {
  while (p < end) {
    const std::uint64_t here = at(p);
    if (tag_live_ && here - tag_open_.offset >= kMaxTagPairLength)
      report_too_long(ReaderCode::tag_too_long, here, tag_open_, here - tag_open_.offset + 1,
                      kMaxTagPairLength);
    const char* stop = end;
    if (tag_live_) {
      const std::uint64_t room = tag_open_.offset + kMaxTagPairLength - here;
      if (room < static_cast<std::uint64_t>(end - p)) stop = p + static_cast<std::ptrdiff_t>(room);
    }
    const auto skip_spaces = [&] {
      for (; p < stop && is_tag_space(byte_of(*p)); ++p)
        if (*p == '\r') last_cr_ = at(p);
      return p < stop;
    };
    switch (mode_) {
      case Mode::tag_open:
        if (!skip_spaces()) continue;
        if (kNameBytes[byte_of(*p)]) {
          mode_ = Mode::tag_name;
          continue;
        }
        report_syntax(ReaderCode::tag_name, p);
        if (mode_ == Mode::text) return p;
        continue;
      case Mode::tag_name: {
        const char* const first = p;
        while (p < stop && kNameBytes[byte_of(*p)]) ++p;
        const auto length = static_cast<std::size_t>(p - first);
        if (name_length_ + length <= kMaxTagNameLength) {
          std::copy(first, p, name_.begin() + static_cast<std::ptrdiff_t>(name_length_));
        } else if (name_length_ <= kMaxTagNameLength) {
          const std::size_t room = kMaxTagNameLength - name_length_;
          std::copy(first, first + room, name_.begin() + static_cast<std::ptrdiff_t>(name_length_));
          if (tag_live_)
            report_too_long(ReaderCode::tag_name_too_long, at(first) + room, tag_open_,
                            kMaxTagNameLength + 1, kMaxTagNameLength);
        }
        name_length_ += length;
        if (p < stop) mode_ = Mode::tag_after_name;
        continue;
      }
      case Mode::tag_after_name:
        if (!skip_spaces()) continue;
        if (*p == '"') {
          quote_ = position(at(p));
          mode_ = Mode::tag_value;
          ++p;
          continue;
        }
        report_syntax(ReaderCode::tag_value, p);
        if (mode_ == Mode::text) return p;
        continue;
      case Mode::tag_value: {
        // The bulk of the value: bytes to hold, up to a byte of kValueStops.
        while (p < stop) {
          const unsigned char b = byte_of(*p);
          if (kValueStops[b]) break;
          if (value_length_ < kMaxTagValueLength)
            value_[value_length_] = static_cast<char>(b);
          else if (value_length_ == kMaxTagValueLength && tag_live_)
            report_too_long(ReaderCode::tag_value_too_long, at(p), quote_, value_length_ + 1,
                            kMaxTagValueLength);
          ++value_length_;
          ++p;
        }
        if (p == stop) continue;
        const std::uint64_t stop_at = at(p);
        switch (*p) {
          case '"':
            value_end_ = stop_at;
            mode_ = Mode::tag_after_value;
            ++p;
            continue;
          case '\\':
            mode_ = Mode::tag_value_escape;
            ++p;
            continue;
          case '\r':
            last_cr_ = stop_at;
            append_value('\r', stop_at, false);
            ++p;
            continue;
          default: {  // '\n': the line, and the tag pair with it, ends inside the string
            const SourcePosition where = line_end_position(stop_at);
            ++line_;
            line_start_ = stop_at + 1;
            tag_live_ = false;
            if (!newline_reported_) {
              newline_reported_ = true;
              offset_ = stop_at;
              report(ReaderCode::string_newline, where, quote_);
            }
            mode_ = Mode::tag_value_line;
            ++p;
            continue;
          }
        }
      }
      case Mode::tag_value_escape: {
        mode_ = Mode::tag_value;
        const unsigned char c = byte_of(*p);
        if (c == '"' || c == '\\') {
          append_value(c, here - 1, true);
          ++p;
        } else {
          append_value('\\', here - 1, false);  // it stands for itself; c is read again
        }
        continue;
      }
      case Mode::tag_value_line:
        // A line starting with '[' inside a string: the string was never closed, and this is the
        // next tag pair. Otherwise the value goes on (a FEN wrapped over lines, say).
        if (*p == '[') {
          mode_ = Mode::text;
          enter_text(p);
          return p;
        }
        mode_ = Mode::tag_value;
        continue;
      case Mode::tag_after_value:
        if (!skip_spaces()) continue;
        if (*p == ']') {
          const std::uint64_t close = at(p);
          ++p;
          if (tag_live_) deliver(close);
          mode_ = Mode::text;
          enter_text(p);
          return p;
        }
        report_syntax(ReaderCode::tag_close, p);
        if (mode_ == Mode::text) return p;
        continue;
      case Mode::tag_skip:
        while (p < end && *p != ']' && *p != '\n') ++p;
        if (p == end) return p;
        if (*p == ']') ++p;  // a line end is read as text
        mode_ = Mode::text;
        enter_text(p);
        return p;
      case Mode::text:
      case Mode::comment:
      case Mode::line_comment:
      case Mode::escape_line:
        return p;
    }
  }
  return p;
}

void TagReader::append_value(unsigned char byte, std::uint64_t source, bool escaped) noexcept {
  if (value_length_ < kMaxTagValueLength) {
    value_[value_length_] = static_cast<char>(byte);
    if (escaped) escapes_[escape_count_++] = static_cast<std::uint16_t>(value_length_);
  } else if (value_length_ == kMaxTagValueLength && tag_live_) {
    report_too_long(ReaderCode::tag_value_too_long, source, quote_, value_length_ + 1,
                    kMaxTagValueLength);
  }
  ++value_length_;
}

void TagReader::deliver(std::uint64_t close) noexcept {
  Tag tag;
  tag.game = games_;
  tag.name = std::string_view(name_.data(), name_length_);
  tag.value = std::string_view(value_.data(), value_length_);
  tag.open_bracket = tag_open_;
  tag.value_begin = {quote_.offset + 1, quote_.line, quote_.column + 1};
  tag.value_end_offset = value_end_;
  tag.close_offset = close;
  tag.escapes = std::span<const std::uint16_t>(escapes_.data(), escape_count_);
  offset_ = close + 1;
  handler_.tag(tag);
  tag_live_ = false;
}

SourcePosition TagReader::line_end_position(std::uint64_t newline) const noexcept {
  // "\r\n" ends the line at its '\r'.
  if (newline > 0 && last_cr_ == newline - 1) return position(newline - 1);
  return position(newline);
}

void TagReader::begin_game(std::uint64_t offset) noexcept {
  ++games_;
  game_open_ = true;
  movetext_ = false;
  game_start_ = position(offset);
  offset_ = offset;
  handler_.game_begins({games_, game_start_});
}

void TagReader::end_game(GameEnding ending, std::string_view result, SourcePosition where) noexcept {
  game_open_ = false;
  movetext_ = false;
  handler_.game_ends({games_, ending, result, where});
}

void TagReader::report(ReaderCode code, SourcePosition where, SourcePosition opened_at) noexcept {
  ReaderDiagnostic diagnostic;
  diagnostic.code = code;
  diagnostic.game = current_game();
  diagnostic.where = where;
  diagnostic.opened_at = opened_at;
  if (code == ReaderCode::string_newline && name_length_ <= kMaxTagNameLength)
    diagnostic.tag_name = std::string_view(name_.data(), name_length_);
  handler_.diagnostic(diagnostic);
}

// A byte that breaks the syntax of a tag pair (or a line end): the pair is dropped, and reading
// goes on after the next ']' or at the line end.
void TagReader::report_syntax(ReaderCode code, const char* p) noexcept {
  const unsigned char c = byte_of(*p);
  const std::uint64_t here = at(p);
  ReaderDiagnostic diagnostic;
  diagnostic.code = code;
  diagnostic.game = current_game();
  diagnostic.opened_at = tag_open_;
  if (code != ReaderCode::tag_name && name_length_ <= kMaxTagNameLength)
    diagnostic.tag_name = std::string_view(name_.data(), name_length_);
  if (c == '\n') {
    diagnostic.where = line_end_position(here);
    diagnostic.at_line_end = true;
    mode_ = Mode::text;
    enter_text(p);
  } else {
    diagnostic.where = position(here);
    diagnostic.byte = static_cast<char>(c);
    mode_ = Mode::tag_skip;
  }
  tag_live_ = false;
  offset_ = here;
  handler_.diagnostic(diagnostic);
}

void TagReader::report_too_long(ReaderCode code, std::uint64_t where, SourcePosition opened_at,
                                std::uint64_t found, std::uint64_t limit) noexcept {
  ReaderDiagnostic diagnostic;
  diagnostic.code = code;
  diagnostic.game = current_game();
  diagnostic.where = position(where);
  diagnostic.opened_at = opened_at;
  diagnostic.found = found;
  diagnostic.limit = limit;
  if (code == ReaderCode::long_comment) {
    diagnostic.severity = ReaderSeverity::warning;
  } else {
    tag_live_ = false;  // dropped; read on to its end
    if (code == ReaderCode::tag_value_too_long)
      diagnostic.tag_name = std::string_view(name_.data(), std::min(name_length_, kMaxTagNameLength));
  }
  offset_ = where;
  handler_.diagnostic(diagnostic);
}

void TagReader::finish() noexcept {
  if (!bom_done_) {
    bom_done_ = true;
    if (bom_matched_ > 0) replay_bom_prefix();
  }
  if (marker_pending_) {
    marker_pending_ = false;
    if (marker_rest_.empty()) end_game(GameEnding::result, marker_result_, position(marker_begin_));
  }
  const SourcePosition end = position(offset_);
  switch (mode_) {
    case Mode::comment:
      report(ReaderCode::unterminated_comment, end, comment_open_);
      break;
    case Mode::tag_open:
    case Mode::tag_name:
    case Mode::tag_after_name:
    case Mode::tag_after_value:
    case Mode::tag_value:
    case Mode::tag_value_escape:
    case Mode::tag_value_line: {
      const bool in_value = mode_ == Mode::tag_value || mode_ == Mode::tag_value_escape ||
                            mode_ == Mode::tag_value_line;
      ReaderDiagnostic diagnostic;
      diagnostic.code = ReaderCode::unterminated_tag;
      diagnostic.game = current_game();
      diagnostic.where = end;
      diagnostic.opened_at = in_value ? quote_ : tag_open_;
      diagnostic.byte = in_value ? '"' : '[';
      if (mode_ != Mode::tag_open && mode_ != Mode::tag_name && name_length_ <= kMaxTagNameLength)
        diagnostic.tag_name = std::string_view(name_.data(), name_length_);
      handler_.diagnostic(diagnostic);
      break;
    }
    case Mode::text:
    case Mode::line_comment:
    case Mode::escape_line:
    case Mode::tag_skip:
      break;
  }
  tag_live_ = false;
  mode_ = Mode::text;
  if (game_open_) {
    ReaderDiagnostic diagnostic;
    diagnostic.code = ReaderCode::no_result;
    diagnostic.severity = ReaderSeverity::warning;
    diagnostic.game = games_;
    diagnostic.where = end;
    diagnostic.opened_at = game_start_;
    handler_.diagnostic(diagnostic);
    end_game(GameEnding::end_of_input, {}, end);
  }
}

}  // namespace xfen::pgn
