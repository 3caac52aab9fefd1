// The names and sentences of what the tag reader reports (reader_diagnostic.hpp).
#include "pgn/reader_diagnostic.hpp"

#include <array>
#include <initializer_list>

#include <xfen/message.hpp>

#include "pgn/tag_reader.hpp"

namespace xfen::pgn {

namespace {

std::string number(std::uint64_t value) { return std::to_string(value); }

// The pieces, one after the other (appending, rather than operator+ on temporaries, which GCC 12
// warns about falsely: -Wrestrict, GCC bug 105329).
std::string cat(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (const std::string_view piece : pieces) out.append(piece);
  return out;
}

// "12:6"
std::string at(const SourcePosition& position) {
  return cat({number(position.line), ":", number(position.column)});
}

// A byte of the input in a sentence: 'x', or '\xNN' (xfen::printable_byte).
std::string quoted(char c) {
  std::string out = "'";
  xfen::append_printable(out, std::string_view(&c, 1));
  out += "'";
  return out;
}

// " 'FEN'", or nothing when the name is not known. Tag names are letters, digits and a few signs,
// so they are shown as they are; a long one is cut.
std::string tag_name(std::string_view name) {
  constexpr std::size_t kMaxShown = 32;
  if (name.empty()) return {};
  return cat({" '", name.substr(0, kMaxShown), name.size() > kMaxShown ? "...'" : "'"});
}

// "found 'r'" or "found the end of the line".
std::string found(const ReaderDiagnostic& diagnostic) {
  if (diagnostic.at_line_end) return "found the end of the line";
  return cat({"found ", quoted(diagnostic.byte)});
}

struct CodeName {
  ReaderCode code;
  std::string_view name;
};

constexpr std::array kNames{
    CodeName{ReaderCode::tag_name, "pgn.tag-name"},
    CodeName{ReaderCode::tag_value, "pgn.tag-value"},
    CodeName{ReaderCode::tag_close, "pgn.tag-close"},
    CodeName{ReaderCode::tag_name_too_long, "pgn.tag-name-too-long"},
    CodeName{ReaderCode::tag_value_too_long, "pgn.tag-value-too-long"},
    CodeName{ReaderCode::tag_too_long, "pgn.tag-too-long"},
    CodeName{ReaderCode::string_newline, "pgn.string-newline"},
    CodeName{ReaderCode::unterminated_tag, "pgn.unterminated-tag"},
    CodeName{ReaderCode::unterminated_comment, "pgn.unterminated-comment"},
    CodeName{ReaderCode::long_comment, "pgn.long-comment"},
    CodeName{ReaderCode::no_result, "pgn.no-result"},
};

}  // namespace

std::string_view reader_code_name(ReaderCode code) noexcept {
  for (const CodeName& entry : kNames)
    if (entry.code == code) return entry.name;
  return "pgn.unknown";
}

std::string reader_message(const ReaderDiagnostic& diagnostic) {
  const std::string opened = at(diagnostic.opened_at);
  const std::string name = tag_name(diagnostic.tag_name);
  const std::string limit = number(diagnostic.limit);
  switch (diagnostic.code) {
    case ReaderCode::tag_name:
      return cat({"expected a tag name after the '[' at ", opened, ", ", found(diagnostic)});
    case ReaderCode::tag_value:
      return cat({"expected '\"' and a tag value after the tag name", name, ", ", found(diagnostic)});
    case ReaderCode::tag_close:
      return cat({"expected ']' to close the tag pair", name, " that begins at ", opened, ", ",
                  found(diagnostic)});
    case ReaderCode::tag_name_too_long:
      return cat({"the tag name in the tag pair that begins at ", opened, " is longer than ", limit,
                  " bytes; the tag pair is ignored"});
    case ReaderCode::tag_value_too_long:
      return cat({"the value of the tag", name, " that begins at ", opened, " is longer than ",
                  limit, " bytes; the tag pair is ignored"});
    case ReaderCode::tag_too_long:
      return cat({"the tag pair that begins at ", opened, " is longer than ", limit,
                  " bytes from '[' to ']'; it is ignored"});
    case ReaderCode::string_newline:
      return cat({"the tag value that begins at ", opened, " has a line break before its closing '\"'"});
    case ReaderCode::unterminated_tag:
      if (diagnostic.byte == '"')
        return cat({"the input ends inside the tag value that begins at ", opened,
                    ", before its closing '\"'"});
      return cat({"the input ends inside the tag pair that begins at ", opened, ", before its ']'"});
    case ReaderCode::unterminated_comment:
      return cat({"the input ends inside the '{' comment that begins at ", opened});
    case ReaderCode::long_comment:
      return cat({"the '{' comment that begins at ", opened, " is longer than ", limit,
                  " bytes: is its '}' missing?"});
    case ReaderCode::no_result:
      return cat({"the game begun at ", opened, " ends without a result (1-0, 0-1, 1/2-1/2 or *) ",
                  diagnostic.byte == '[' ? "before the next game's tags" : "before the end of the input"});
  }
  return "unknown PGN reader diagnostic";
}

}  // namespace xfen::pgn
