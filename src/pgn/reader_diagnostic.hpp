// What the tag reader reports about the PGN text itself, as opposed to the X-FEN records in it.
// The codes are stable names, like the core library's: `xfen pgn lint` prints them and tests and
// users match on them.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "pgn/source_position.hpp"

namespace xfen::pgn {

enum class ReaderCode : std::uint8_t {
  tag_name,             // "pgn.tag-name": '[' is not followed by a tag name
  tag_value,            // "pgn.tag-value": the tag name is not followed by a '"' string
  tag_close,            // "pgn.tag-close": the tag value is not followed by ']' on its line
  tag_name_too_long,    // "pgn.tag-name-too-long": more than kMaxTagNameLength bytes
  tag_value_too_long,   // "pgn.tag-value-too-long": more than kMaxTagValueLength bytes unescaped
  tag_too_long,         // "pgn.tag-too-long": more than kMaxTagPairLength bytes from '[' to ']'
  string_newline,       // "pgn.string-newline": a line ends inside a tag value
  unterminated_tag,     // "pgn.unterminated-tag": the input ends inside a tag pair
  unterminated_comment, // "pgn.unterminated-comment": the input ends inside a '{' comment
  long_comment,         // "pgn.long-comment" (warning): a '{' comment longer than
                        // kLongCommentLength bytes, most likely a '}' that is missing
  no_result,            // "pgn.no-result" (warning): a game ends without a termination marker
                        // (1-0, 0-1, 1/2-1/2 or *), at the next tag section or the input's end
};

enum class ReaderSeverity : std::uint8_t { error, warning };

struct ReaderDiagnostic {
  ReaderCode code = ReaderCode::tag_name;
  ReaderSeverity severity = ReaderSeverity::error;
  std::uint64_t game = 0;    // the game it is found in, 1-based; 0 between games
  SourcePosition where;      // the offending byte, or where the input ended
  SourcePosition opened_at;  // what was left open or is too long: the tag pair's '[', the
                             // string's '"', the comment's '{'; the game's start for no_result
  std::uint64_t found = 0;   // too long: how many bytes were counted when the limit was passed
  std::uint64_t limit = 0;   // too long: the limit
  char byte = 0;             // tag_name, tag_value, tag_close: the unexpected byte (0 at the end
                             // of the input or of the line, see `at_line_end`);
                             // unterminated_tag: '"' when the input ends inside the tag value,
                             // '[' elsewhere in the pair; no_result: '[' when the next game's tag
                             // pair ends the game, 0 at the end of the input
  bool at_line_end = false;  // tag_name, tag_value, tag_close: the line ended instead
  std::string_view tag_name; // tag_value, tag_close, tag_value_too_long, string_newline,
                             // unterminated_tag: the tag's name when it was read whole (empty
                             // otherwise); valid during the call only
};

// "pgn.tag-name", ...
std::string_view reader_code_name(ReaderCode code) noexcept;

// One line naming what was found and where the open thing began, e.g.
// "the tag value that begins at 12:6 has a line break before its closing '\"'". Bytes that are not
// printable ASCII are shown as \xNN.
std::string reader_message(const ReaderDiagnostic& diagnostic);

}  // namespace xfen::pgn
