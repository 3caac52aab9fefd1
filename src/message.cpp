#include "xfen/message.hpp"

#include <array>
#include <cstdint>

#include "sentence.hpp"

namespace xfen {
namespace {

using detail::Sentence;

// The value a sentence quotes: the diagnostic's own value when it has one (a diagnostic about a
// position), else the bytes of the record it points at.
struct Token {
  std::string_view bytes;
  bool cut = false;  // the record's bytes go on beyond what is shown
};

Token token_of(const Diagnostic& d, std::string_view record) noexcept {
  constexpr std::size_t kMaxShown = 24;
  if (const std::string_view value = d.value_text(); !value.empty()) return {value};
  const std::size_t begin = d.offset < record.size() ? d.offset : record.size();
  const std::size_t available = record.size() - begin;
  std::size_t shown = d.length < kMaxShown ? d.length : kMaxShown;
  if (shown > available) shown = available;
  return {record.substr(begin, shown), d.length > shown};
}

// Input bytes go into sentences that end up on terminals, in JSON and in one-line protocol
// answers: printable_byte keeps them one line, and the quote that delimits the token unambiguous.
Sentence& operator<<(Sentence& out, const Token& token) noexcept {
  out << '\'';
  for (const char c : token.bytes) {
    std::array<char, kMaxPrintableByteSize> shown{};
    out << std::string_view(shown.data(), printable_byte(c, shown));
  }
  if (token.cut) out << "...";
  return out << '\'';
}

struct SquareName {
  Square square;
};
Sentence& operator<<(Sentence& out, SquareName name) noexcept {
  return out << name.square.file_letter() << (name.square.rank + 1);
}

struct Squares {  // "1 square", "9 squares"
  std::int32_t count;
};
Sentence& operator<<(Sentence& out, Squares squares) noexcept {
  return out << squares.count << (squares.count == 1 ? " square" : " squares");
}

std::string_view plural_s(std::int32_t count) noexcept { return count == 1 ? "" : "s"; }
std::string_view color_name(Color color) noexcept { return color == Color::white ? "White" : "Black"; }
std::string_view color_adjective(Color color) noexcept {
  return color == Color::white ? "white" : "black";
}

std::string_view whitespace_name(char c) noexcept {
  switch (c) {
    case '\t': return "tab";
    case '\n': return "line feed";
    case '\r': return "carriage return";
    case '\v': return "vertical tab";
    case '\f': return "form feed";
    default: return "space";
  }
}

std::string_view field_description(std::int32_t index) noexcept {
  constexpr std::array<std::string_view, 6> kNames = {
      "board", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"};
  return index >= 0 && index < 6 ? kNames[static_cast<std::size_t>(index)] : "field";
}

// A record of `fields` fields as a sentence names it: by RecordFields' counts (1, 4, 6), any
// other count being the full record's.
struct RecordLayout {
  std::int32_t count;
  std::string_view kind;          // "an EPD record"
  std::string_view fields;        // "four fields"
  std::string_view next_ordinal;  // the first field too many: "fifth"
};

RecordLayout record_layout(std::int32_t fields) noexcept {
  switch (fields) {
    case 1: return {1, "a board-only record", "one field", "second"};
    case 4: return {4, "an EPD record", "four fields", "fifth"};
    default: return {6, "a record", "six fields", "seventh"};
  }
}

void castling_no_rook(Sentence& out, const Diagnostic& d, const Token& token) {
  // A castling token is one letter, whatever length the diagnostic carries.
  const Token letter_token{token.bytes.substr(0, 1), token.bytes.empty() && token.cut};
  const char letter = token.bytes.empty() ? '?' : token.bytes.front();
  out << "castling token " << letter_token << " names no rook: ";
  if (letter == 'K' || letter == 'k' || letter == 'Q' || letter == 'q') {
    const bool h_side = letter == 'K' || letter == 'k';
    out << "no " << color_adjective(d.color) << " rook stands on the "
        << (h_side ? "h-side" : "a-side") << " of the king on " << SquareName{d.square};
    return;
  }
  out << SquareName{d.square} << " holds no " << color_adjective(d.color) << " rook";
}

void error_sentence(Sentence& out, const Diagnostic& d, std::string_view record) {
  const Token token = token_of(d, record);
  switch (d.code) {
    case Code::ok: out << "no problem"; return;
    case Code::record_empty: out << "the record is empty"; return;
    case Code::record_whitespace:
      out << "unexpected "
          << whitespace_name(d.offset < record.size() ? record[d.offset] : ' ') << " at byte "
          << d.offset << ": fields are separated by single spaces";
      return;
    case Code::record_separator:
      out << "empty field at byte " << d.offset
          << ": fields are separated by exactly one space, with none before the first field or "
             "after the last";
      return;
    case Code::record_missing_field: {
      const RecordLayout layout = record_layout(d.limit);
      out << "the record ends after " << d.found << " field" << plural_s(d.found) << "; the "
          << field_description(d.found) << " field is missing (" << layout.kind << " has "
          << layout.fields << ')';
      return;
    }
    case Code::record_extra_field: {
      const RecordLayout layout = record_layout(d.limit);
      out << "unexpected " << layout.next_ordinal << " field " << token << ": " << layout.kind
          << " has exactly " << layout.fields;
      return;
    }
    case Code::board_bad_char:
      out << token << " is not a piece letter (KQRBNPAC, kqrbnpac), an empty-square count or '/'";
      return;
    case Code::board_bad_count:
      out << "empty-square count " << token
          << " is not a number from 1 to 10 without leading zero";
      return;
    case Code::board_rank_count:
      if (d.found > d.limit)
        out << "the board has more than " << d.limit << " ranks";
      else
        out << "the board has " << d.found << " rank" << plural_s(d.found) << ", not " << d.limit;
      return;
    case Code::board_width:
      if (d.found > d.limit)
        out << "rank 8 is more than 10 squares wide; a board has 8 or 10 files";
      else
        out << "rank 8 is " << Squares{d.found} << " wide; a board has 8 or 10 files";
      return;
    case Code::board_rank_width:
      out << "rank " << (d.square.rank + 1);
      if (d.found > d.limit)
        out << " is more than " << Squares{d.limit};
      else
        out << " is " << Squares{d.found};
      out << " wide, but rank 8 is " << d.limit;
      return;
    case Code::board_off_board:
      out << token << " on " << SquareName{d.square} << " stands beyond the last file of this "
          << d.limit << "-file board";
      return;
    case Code::side_invalid: out << "side to move " << token << " is neither 'w' nor 'b'"; return;
    case Code::castling_bad_char:
      out << token
          << " cannot stand here in the castling field: it is '-' alone, or an optional prefix "
             "'s' or 'm' followed by tokens K, Q, k, q or file letters";
      return;
    case Code::castling_file_off_board:
      out << "castling file " << token << " is beyond the last file of this " << d.limit
          << "-file board";
      return;
    case Code::castling_empty_prefix:
      out << "castling prefix " << token << " has no castling token after it";
      return;
    case Code::castling_no_king:
      out << "castling token " << token << " needs exactly one " << color_adjective(d.color)
          << " king on rank " << (d.color == Color::white ? '1' : '8') << ", found " << d.found;
      return;
    case Code::castling_no_rook: castling_no_rook(out, d, token); return;
    case Code::castling_duplicate:
      out << "castling token " << token << " names the rook on " << SquareName{d.square}
          << " again";
      return;
    case Code::castling_same_side:
      out << "castling token " << token << " gives " << color_name(d.color)
          << " a second right on the same side of the king (rook " << SquareName{d.square}
          << ", besides the rook on " << SquareName{d.other_square} << ")";
      return;
    case Code::en_passant_syntax:
      out << "en passant field " << token << " is neither '-' nor a square such as 'e3'";
      return;
    case Code::en_passant_off_board:
      out << "en passant square " << token << " is beyond the last file of this " << d.limit
          << "-file board";
      return;
    case Code::en_passant_wrong_rank:
      out << "en passant square " << token << " must be on rank " << d.limit << " with "
          << (d.limit == 6 ? "White" : "Black") << " to move";
      return;
    case Code::en_passant_no_pawn:
      out << "en passant square " << token << " needs a " << color_adjective(d.color)
          << " pawn on " << SquareName{d.square} << " that has just moved two squares";
      return;
    case Code::en_passant_occupied:
      out << "en passant square " << token << " needs " << SquareName{d.square}
          << " to be empty: the pawn has just passed it";
      return;
    case Code::halfmove_syntax:
      out << "halfmove clock " << token << " is not a decimal number without sign or leading zero";
      return;
    case Code::halfmove_range: out << "halfmove clock " << token << " is above 2147483647"; return;
    case Code::fullmove_syntax:
      out << "fullmove number " << token
          << " is not a decimal number without sign or leading zero";
      return;
    case Code::fullmove_range:
      out << "fullmove number " << token << " is outside 1..2147483647";
      return;
    case Code::write_buffer_too_small:
      out << "the output buffer holds " << d.found << " bytes; the record needs " << d.limit;
      return;
    case Code::write_needs_file_letter:
      out << "classic FEN cannot write the castling right of the inner rook on "
          << SquareName{d.square} << "; use X-FEN or Shredder-FEN";
      return;
    case Code::write_castling_prefix:
      out << "classic FEN cannot write a castling prefix; use X-FEN or Shredder-FEN";
      return;
    case Code::legal_king_count:
      out << color_name(d.color) << " has " << d.found
          << " kings; a legal position has exactly one per colour";
      return;
    case Code::legal_pawn_on_back_rank:
      out << color_adjective(d.color) << " pawn on " << SquareName{d.square}
          << ": pawns never stand on rank 1 or 8";
      return;
    case Code::legal_opponent_in_check:
      out << color_name(d.color) << "'s king on " << SquareName{d.square}
          << " is in check, but it is " << color_name(opposite(d.color)) << " to move";
      return;
    case Code::legal_en_passant_clock:
      out << "en passant square " << SquareName{d.square}
          << " means a pawn has just moved, so the halfmove clock must be 0, not " << d.found;
      return;
    case Code::record_too_long:
      out << "the record is longer than 4294967294 bytes, the most that 32-bit offsets can "
             "point into";
      return;
    case Code::input_too_long:
      out << "the line is longer than " << d.limit << " bytes; it is skipped unread";
      return;
  }
  out << code_summary(d.code);
}

// A warning says what lenient reading did instead of failing.
void warning_sentence(Sentence& out, const Diagnostic& d, std::string_view record) {
  const Token token = token_of(d, record);
  switch (d.code) {
    case Code::record_separator:
    case Code::record_whitespace:
      out << "white space " << token << " at byte " << d.offset
          << " accepted; strict X-FEN has exactly one space between fields and none around them";
      return;
    case Code::record_missing_field: {
      // The defaults of the fields after the board, in order; only the layout's are missing.
      constexpr std::array<std::string_view, 5> kDefaults = {"w", "-", "-", "0", "1"};
      out << "the record ends after " << d.found << " field" << plural_s(d.found)
          << "; the missing ones are read as '";
      const std::int32_t first = d.found > 1 ? d.found : 1;
      for (std::int32_t field = first; field < record_layout(d.limit).count; ++field)
        out << (field > first ? " " : "") << kDefaults[static_cast<std::size_t>(field - 1)];
      out << '\'';
      return;
    }
    case Code::board_bad_count:
      out << "empty-square count " << token << " read as " << d.found << " (its digits summed)";
      return;
    case Code::fullmove_range: out << "fullmove number " << token << " read as 1"; return;
    case Code::castling_no_rook:
    case Code::castling_no_king:
    case Code::castling_duplicate:
    case Code::en_passant_wrong_rank:
    case Code::en_passant_no_pawn:
    case Code::en_passant_occupied:
      error_sentence(out, d, record);
      out << "; dropped";
      return;
    default: error_sentence(out, d, record); return;
  }
}

}  // namespace

std::size_t format_message(const Diagnostic& diagnostic, std::string_view record,
                           std::span<char> out) noexcept {
  Sentence sentence(out);
  if (diagnostic.severity == Severity::warning)
    warning_sentence(sentence, diagnostic, record);
  else
    error_sentence(sentence, diagnostic, record);
  return sentence.size();
}

std::string message(const Diagnostic& diagnostic, std::string_view record) {
  std::array<char, kMaxMessageSize> buffer;
  const std::size_t size = format_message(diagnostic, record, buffer);
  return std::string(buffer.data(), size < buffer.size() ? size : buffer.size());
}

void append_printable(std::string& out, std::string_view bytes) {
  std::array<char, kMaxPrintableByteSize> shown{};
  for (const char c : bytes) out.append(shown.data(), printable_byte(c, shown));
}

std::string printable(std::string_view bytes) {
  std::string text;
  append_printable(text, bytes);
  return text;
}

}  // namespace xfen
