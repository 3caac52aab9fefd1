#include "xfen/diagnostic.hpp"

#include <array>

namespace xfen {
namespace {

struct CodeInfo {
  Code code;
  std::string_view name;
  Field field;
  std::string_view summary;
};

// Indexed by the code: the static_assert below holds the order to the enumeration's.
constexpr auto kCodes = std::to_array<CodeInfo>({
    {Code::ok, "ok", Field::record,
     "no problem"},
    {Code::record_empty, "record.empty", Field::record,
     "the record is empty"},
    {Code::record_missing_field, "record.missing-field", Field::record,
     "fewer fields than the layout has: six, four in EPD"},
    {Code::record_extra_field, "record.extra-field", Field::record,
     "more fields than the layout has: six, four in EPD, one for a board alone"},
    {Code::record_separator, "record.separator", Field::record,
     "fields must be separated by exactly one space, with nothing before or after"},
    {Code::record_whitespace, "record.whitespace", Field::record,
     "a tab, CR, LF, VT or FF in the record"},
    {Code::board_bad_char, "board.bad-char", Field::board,
     "not a piece letter, a digit or '/'"},
    {Code::board_bad_count, "board.bad-count", Field::board,
     "an empty-square count that is not a decimal 1..10 without leading zero"},
    {Code::board_rank_count, "board.rank-count", Field::board,
     "the board does not have exactly 8 ranks"},
    {Code::board_width, "board.width", Field::board,
     "rank 8 is neither 8 nor 10 squares wide"},
    {Code::board_rank_width, "board.rank-width", Field::board,
     "a rank is not as wide as rank 8"},
    {Code::board_off_board, "board.off-board", Field::board,
     "a piece beyond the board's last file (a position built by hand)"},
    {Code::side_invalid, "side.invalid", Field::side_to_move,
     "the side to move is not 'w' or 'b'"},
    {Code::castling_bad_char, "castling.bad-char", Field::castling,
     "not '-', a prefix 's'/'m' at the start, K, Q, k, q or a file letter"},
    {Code::castling_file_off_board, "castling.file-off-board", Field::castling,
     "a file letter beyond the board's last file"},
    {Code::castling_empty_prefix, "castling.empty-prefix", Field::castling,
     "a prefix with no token"},
    {Code::castling_no_king, "castling.no-king", Field::castling,
     "the colour's back rank does not hold exactly one king of that colour"},
    {Code::castling_no_rook, "castling.no-rook", Field::castling,
     "the token names no rook"},
    {Code::castling_duplicate, "castling.duplicate", Field::castling,
     "the token names a rook already named"},
    {Code::castling_same_side, "castling.same-side", Field::castling,
     "a second right on the same side of the king for one colour"},
    {Code::en_passant_syntax, "en-passant.syntax", Field::en_passant,
     "not '-' or a lower-case file followed by a rank digit 1..8"},
    {Code::en_passant_off_board, "en-passant.off-board", Field::en_passant,
     "the file is beyond the board's last file"},
    {Code::en_passant_wrong_rank, "en-passant.wrong-rank", Field::en_passant,
     "the rank is not 6 with White to move or 3 with Black to move"},
    {Code::en_passant_no_pawn, "en-passant.no-pawn", Field::en_passant,
     "no pawn of the side not to move stands directly beyond the square"},
    {Code::en_passant_occupied, "en-passant.occupied", Field::en_passant,
     "the square, or the square the pawn came from, is not empty"},
    {Code::halfmove_syntax, "halfmove.syntax", Field::halfmove_clock,
     "not a decimal number without sign or leading zero"},
    {Code::halfmove_range, "halfmove.range", Field::halfmove_clock,
     "above 2147483647"},
    {Code::fullmove_syntax, "fullmove.syntax", Field::fullmove_number,
     "not a decimal number without sign or leading zero"},
    {Code::fullmove_range, "fullmove.range", Field::fullmove_number,
     "0, or above 2147483647"},
    {Code::write_buffer_too_small, "write.buffer-too-small", Field::position,
     "the output buffer cannot hold the record"},
    {Code::write_needs_file_letter, "write.needs-file-letter", Field::position,
     "classic FEN cannot name an inner rook"},
    {Code::write_castling_prefix, "write.castling-prefix", Field::position,
     "classic FEN has no castling prefix"},
    {Code::legal_king_count, "legal.king-count", Field::position,
     "a colour does not have exactly one king"},
    {Code::legal_pawn_on_back_rank, "legal.pawn-on-back-rank", Field::position,
     "a pawn stands on rank 1 or rank 8"},
    {Code::legal_opponent_in_check, "legal.opponent-in-check", Field::position,
     "the side not to move is in check"},
    {Code::legal_en_passant_clock, "legal.en-passant-clock", Field::position,
     "an en passant square with a halfmove clock other than 0"},
    {Code::record_too_long, "record.too-long", Field::record,
     "a record of 4294967295 bytes or more, beyond what 32-bit offsets can point into"},
    {Code::input_too_long, "input.too-long", Field::input,
     "a line longer than the xfen command's 4096 bytes"},
});

consteval bool in_enumeration_order() {
  for (std::size_t i = 0; i < kCodes.size(); ++i)
    if (static_cast<std::size_t>(kCodes[i].code) != i) return false;
  return true;
}
static_assert(in_enumeration_order(), "kCodes lists the codes in the order of enum class Code");
static_assert(kCodes.back().code == Code::input_too_long, "every code has its entry");

constexpr std::array kEveryCode = [] {
  std::array<Code, kCodes.size()> codes{};
  for (std::size_t i = 0; i < kCodes.size(); ++i) codes[i] = kCodes[i].code;
  return codes;
}();
// The codes that name a problem: all but the first, Code::ok.
constexpr std::span<const Code> kProblemCodes(kEveryCode.data() + 1, kEveryCode.size() - 1);

// A Code made by casting an out-of-range number reads as `ok` rather than out of bounds.
const CodeInfo& info(Code code) noexcept {
  const auto index = static_cast<std::size_t>(code);
  return index < kCodes.size() ? kCodes[index] : kCodes[0];
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

}  // namespace xfen
