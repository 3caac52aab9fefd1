#include "xfen/diagnostic.hpp"

#include <algorithm>
#include <array>
#include <string>

namespace xfen {
namespace {

struct CodeInfo {
  std::string_view name;
  Field field;
  std::string_view summary;
};

constexpr std::array kCodes = {
#define XFEN_CODE_INFO(id, name, field, summary) CodeInfo{name, Field::field, summary},
    XFEN_DIAGNOSTIC_CODES(XFEN_CODE_INFO)
#undef XFEN_CODE_INFO
};

constexpr std::array kEveryCode = {
#define XFEN_CODE_VALUE(id, name, field, summary) Code::id,
    XFEN_DIAGNOSTIC_CODES(XFEN_CODE_VALUE)
#undef XFEN_CODE_VALUE
};
static_assert(kEveryCode[0] == Code::ok);
// The codes that name a problem: all but the first, Code::ok.
constexpr std::span<const Code> kProblemCodes(kEveryCode.data() + 1, kEveryCode.size() - 1);

// A Code made by casting an out-of-range number reads as `ok` rather than out of bounds.
const CodeInfo& info(Code code) noexcept {
  const auto index = static_cast<std::size_t>(code);
  return index < kCodes.size() ? kCodes[index] : kCodes[0];
}

// Input bytes go into sentences that end up on terminals, in JSON and in one-line protocol
// answers, so anything but printable ASCII is escaped and long tokens are cut.
std::string quoted(std::string_view record, std::uint32_t offset, std::uint32_t length) {
  constexpr std::uint32_t kMaxShown = 24;
  std::string out = "'";
  const std::size_t begin = offset < record.size() ? offset : record.size();
  const std::size_t shown = std::min<std::size_t>({std::size_t{length}, std::size_t{kMaxShown}, record.size() - begin});
  for (const char c : record.substr(begin, shown)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f && c != '\\' && c != '\'') {
      out += c;
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0x0f];
    }
  }
  if (length > shown) out += "...";
  out += "'";
  return out;
}

std::string square_name(Square square) {
  return std::string{square.file_letter()} + std::to_string(square.rank + 1);
}

std::string squares(int count) { return std::to_string(count) + (count == 1 ? " square" : " squares"); }

std::string_view color_name(Color color) { return color == Color::white ? "White" : "Black"; }
std::string_view color_adjective(Color color) { return color == Color::white ? "white" : "black"; }

std::string_view whitespace_name(char c) {
  switch (c) {
    case '\t': return "tab";
    case '\n': return "line feed";
    case '\r': return "carriage return";
    case '\v': return "vertical tab";
    case '\f': return "form feed";
    default: return "space";
  }
}

std::string_view field_description(std::int32_t index) {
  constexpr std::array<std::string_view, 6> kNames = {
      "board", "side to move", "castling", "en passant", "halfmove clock", "fullmove number"};
  return index >= 0 && index < 6 ? kNames[static_cast<std::size_t>(index)] : "field";
}

// A record of `fields` fields as a sentence names it: by RecordFields' counts (1, 4, 6), any
// other count being the full record's.
struct RecordLayout {
  std::size_t count;
  std::string_view kind;          // "an EPD record"
  std::string_view fields;        // "four fields"
  std::string_view next_ordinal;  // the first field too many: "fifth"
};

RecordLayout record_layout(std::int32_t fields) {
  switch (fields) {
    case 1: return {1, "a board-only record", "one field", "second"};
    case 4: return {4, "an EPD record", "four fields", "fifth"};
    default: return {6, "a record", "six fields", "seventh"};
  }
}

std::string castling_no_rook(const Diagnostic& d, std::string_view record) {
  const char token = d.offset < record.size() ? record[d.offset] : '?';
  const std::string colour(color_adjective(d.color));
  std::string text = "castling token " + quoted(record, d.offset, 1) + " names no rook: ";
  if (token == 'K' || token == 'k' || token == 'Q' || token == 'q') {
    const bool h_side = token == 'K' || token == 'k';
    return text + "no " + colour + " rook stands on the " + (h_side ? "h-side" : "a-side") +
           " of the king on " + square_name(d.square);
  }
  return text + square_name(d.square) + " holds no " + colour + " rook";
}

std::string error_sentence(const Diagnostic& d, std::string_view record) {
  const auto token = [&] { return quoted(record, d.offset, d.length); };
  switch (d.code) {
    case Code::ok: return "no problem";
    case Code::record_empty: return "the record is empty";
    case Code::record_whitespace:
      return "unexpected " + std::string(whitespace_name(d.offset < record.size() ? record[d.offset] : ' ')) +
             " at byte " + std::to_string(d.offset) + ": fields are separated by single spaces";
    case Code::record_separator:
      return "empty field at byte " + std::to_string(d.offset) +
             ": fields are separated by exactly one space, with none before the first field or "
             "after the last";
    case Code::record_missing_field: {
      const RecordLayout layout = record_layout(d.limit);
      return "the record ends after " + std::to_string(d.found) + " field" +
             (d.found == 1 ? "" : "s") + "; the " + std::string(field_description(d.found)) +
             " field is missing (" + std::string(layout.kind) + " has " +
             std::string(layout.fields) + ")";
    }
    case Code::record_extra_field: {
      const RecordLayout layout = record_layout(d.limit);
      return "unexpected " + std::string(layout.next_ordinal) + " field " + token() + ": " +
             std::string(layout.kind) + " has exactly " + std::string(layout.fields);
    }
    case Code::board_bad_char:
      return token() + " is not a piece letter (KQRBNPAC, kqrbnpac), an empty-square count or '/'";
    case Code::board_bad_count:
      return "empty-square count " + token() + " is not a number from 1 to 10 without leading zero";
    case Code::board_rank_count:
      return d.found > d.limit ? "the board has more than " + std::to_string(d.limit) + " ranks"
                               : "the board has " + std::to_string(d.found) + " rank" +
                                     (d.found == 1 ? "" : "s") + ", not " +
                                     std::to_string(d.limit);
    case Code::board_width:
      return d.found > d.limit
                 ? std::string("rank 8 is more than 10 squares wide; a board has 8 or 10 files")
                 : "rank 8 is " + squares(d.found) + " wide; a board has 8 or 10 files";
    case Code::board_rank_width:
      return "rank " + std::to_string(d.square.rank + 1) +
             (d.found > d.limit ? " is more than " + squares(d.limit) : " is " + squares(d.found)) +
             " wide, but rank 8 is " + std::to_string(d.limit);
    case Code::side_invalid: return "side to move " + token() + " is neither 'w' nor 'b'";
    case Code::castling_bad_char:
      return token() +
             " cannot stand here in the castling field: it is '-' alone, or an optional prefix "
             "'s' or 'm' followed by tokens K, Q, k, q or file letters";
    case Code::castling_file_off_board:
      return "castling file " + token() + " is beyond the last file of this " +
             std::to_string(d.limit) + "-file board";
    case Code::castling_empty_prefix:
      return "castling prefix " + token() + " has no castling token after it";
    case Code::castling_no_king:
      return "castling token " + token() + " needs exactly one " +
             std::string(color_adjective(d.color)) + " king on rank " +
             (d.color == Color::white ? "1" : "8") + ", found " + std::to_string(d.found);
    case Code::castling_no_rook: return castling_no_rook(d, record);
    case Code::castling_duplicate:
      return "castling token " + token() + " names the rook on " + square_name(d.square) +
             " again";
    case Code::castling_same_side:
      return "castling token " + token() + " gives " +
             std::string(color_name(d.color)) +
             " a second right on the same side of the king (rook " + square_name(d.square) +
             ", besides the rook on " +
             square_name(d.other_square) + ")";
    case Code::en_passant_syntax:
      return "en passant field " + token() + " is neither '-' nor a square such as 'e3'";
    case Code::en_passant_off_board:
      return "en passant square " + token() + " is beyond the last file of this " +
             std::to_string(d.limit) + "-file board";
    case Code::en_passant_wrong_rank:
      return "en passant square " + token() + " must be on rank " + std::to_string(d.limit) +
             " with " + (d.limit == 6 ? "White" : "Black") + " to move";
    case Code::en_passant_no_pawn:
      return "en passant square " + token() + " needs a " +
             std::string(color_adjective(d.color)) + " pawn on " + square_name(d.square) +
             " that has just moved two squares";
    case Code::en_passant_occupied:
      return "en passant square " + token() + " needs " + square_name(d.square) +
             " to be empty: the pawn has just passed it";
    case Code::halfmove_syntax:
      return "halfmove clock " + token() + " is not a decimal number without sign or leading zero";
    case Code::halfmove_range: return "halfmove clock " + token() + " is above 2147483647";
    case Code::fullmove_syntax:
      return "fullmove number " + token() + " is not a decimal number without sign or leading zero";
    case Code::fullmove_range:
      return "fullmove number " + token() + " is outside 1..2147483647";
    case Code::write_buffer_too_small:
      return "the output buffer holds " + std::to_string(d.found) + " bytes; the record needs " +
             std::to_string(d.limit);
    case Code::write_needs_file_letter:
      return "classic FEN cannot write the castling right of the inner rook on " +
             square_name(d.square) + "; use X-FEN or Shredder-FEN";
    case Code::write_castling_prefix:
      return "classic FEN cannot write a castling prefix; use X-FEN or Shredder-FEN";
    case Code::write_inconsistent_castling:
      return "the castling right of the rook on " + square_name(d.square) +
             " does not match the board: its king or rook is not on the back rank on that side";
    case Code::legal_king_count:
      return std::string(color_name(d.color)) + " has " + std::to_string(d.found) +
             " kings; a legal position has exactly one per colour";
    case Code::legal_pawn_on_back_rank:
      return std::string(color_adjective(d.color)) + " pawn on " + square_name(d.square) +
             ": pawns never stand on rank 1 or 8";
    case Code::legal_opponent_in_check:
      return std::string(color_name(d.color)) + "'s king on " + square_name(d.square) +
             " is in check, but it is " + std::string(color_name(opposite(d.color))) + " to move";
    case Code::legal_en_passant_clock:
      return "en passant square " + square_name(d.square) +
             " means a pawn has just moved, so the halfmove clock must be 0, not " +
             std::to_string(d.found);
    case Code::record_too_long:
      return "the record is longer than 4294967294 bytes, the most that 32-bit offsets can "
             "point into";
    case Code::input_too_long:
      return "the line is longer than " + std::to_string(d.limit) +
             " bytes; it is skipped unread";
  }
  return std::string(code_summary(d.code));
}

// A warning says what lenient reading did instead of failing.
std::string warning_sentence(const Diagnostic& d, std::string_view record) {
  const auto token = [&] { return quoted(record, d.offset, d.length); };
  switch (d.code) {
    case Code::record_separator:
    case Code::record_whitespace:
      return "white space " + token() + " at byte " + std::to_string(d.offset) +
             " accepted; strict X-FEN has exactly one space between fields and none around them";
    case Code::record_missing_field: {
      // The defaults of the fields after the board, in order; only the layout's are missing.
      constexpr std::array<std::string_view, 5> kDefaults = {"w", "-", "-", "0", "1"};
      const std::size_t fields = record_layout(d.limit).count;
      std::string defaults;
      for (auto field = static_cast<std::size_t>(std::max(d.found, 1)); field < fields; ++field)
        defaults += std::string(defaults.empty() ? "" : " ") + std::string(kDefaults[field - 1]);
      return "the record ends after " + std::to_string(d.found) + " field" +
             (d.found == 1 ? "" : "s") + "; the missing ones are read as '" + defaults + "'";
    }
    case Code::board_bad_count:
      return "empty-square count " + token() + " read as " + std::to_string(d.found) +
             " (its digits summed)";
    case Code::fullmove_range: return "fullmove number " + token() + " read as 1";
    case Code::castling_no_rook:
    case Code::castling_no_king:
    case Code::castling_duplicate:
    case Code::en_passant_wrong_rank:
    case Code::en_passant_no_pawn:
    case Code::en_passant_occupied:
      return error_sentence(d, record) + "; dropped";
    default: return error_sentence(d, record);
  }
}

}  // namespace

std::string_view code_name(Code code) noexcept { return info(code).name; }
std::string_view code_summary(Code code) noexcept { return info(code).summary; }
Field code_field(Code code) noexcept { return info(code).field; }

std::string_view field_name(Field field) noexcept {
  switch (field) {
    case Field::record: return "record";
    case Field::board: return "board";
    case Field::side_to_move: return "side-to-move";
    case Field::castling: return "castling";
    case Field::en_passant: return "en-passant";
    case Field::halfmove_clock: return "halfmove-clock";
    case Field::fullmove_number: return "fullmove-number";
    case Field::position: return "position";
    case Field::input: return "input";
  }
  return "record";
}

std::optional<Code> code_from_name(std::string_view name) noexcept {
  for (const Code code : kEveryCode)
    if (code_name(code) == name) return code;
  return std::nullopt;
}

std::span<const Code> all_codes() noexcept { return kProblemCodes; }

std::string message(const Diagnostic& diagnostic, std::string_view record) {
  return diagnostic.severity == Severity::warning ? warning_sentence(diagnostic, record)
                                                  : error_sentence(diagnostic, record);
}

}  // namespace xfen
