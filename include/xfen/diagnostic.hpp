// One diagnostic type for the whole library: parse errors, lenient warnings, writer refusals
// and legality findings all carry a stable code, the field, a byte offset and a sentence.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <string_view>

#include "xfen/geometry.hpp"
#include "xfen/export.hpp"

namespace xfen {

// The part of a record a diagnostic is about.
enum class Field : std::uint8_t {
  record,
  board,
  side_to_move,
  castling,
  en_passant,
  halfmove_clock,
  fullmove_number,
  position,  // the whole position: legality findings and writer refusals
  input,     // the bytes around a record: line too long
};

// Every code, its stable name, its field, and what it means. The names are public API: tools,
// reports and the conformance suite compare them, so they never change once released.
#define XFEN_DIAGNOSTIC_CODES(X)                                                               \
  X(ok, "ok", record, "no problem")                                                            \
  X(record_empty, "record.empty", record, "the record is empty")                               \
  X(record_missing_field, "record.missing-field", record,                                      \
    "fewer fields than the layout has: six, four in EPD")                                      \
  X(record_extra_field, "record.extra-field", record,                                          \
    "more fields than the layout has: six, four in EPD, one for a board alone")                \
  X(record_separator, "record.separator", record,                                              \
    "fields must be separated by exactly one space, with nothing before or after")             \
  X(record_whitespace, "record.whitespace", record, "a tab, CR, LF, VT or FF in the record")   \
  X(board_bad_char, "board.bad-char", board, "not a piece letter, a digit or '/'")             \
  X(board_bad_count, "board.bad-count", board,                                                 \
    "an empty-square count that is not a decimal 1..10 without leading zero")                  \
  X(board_rank_count, "board.rank-count", board, "the board does not have exactly 8 ranks")    \
  X(board_width, "board.width", board, "rank 8 is neither 8 nor 10 squares wide")              \
  X(board_rank_width, "board.rank-width", board, "a rank is not as wide as rank 8")            \
  X(side_invalid, "side.invalid", side_to_move, "the side to move is not 'w' or 'b'")          \
  X(castling_bad_char, "castling.bad-char", castling,                                          \
    "not '-', a prefix 's'/'m' at the start, K, Q, k, q or a file letter")                     \
  X(castling_file_off_board, "castling.file-off-board", castling,                              \
    "a file letter beyond the board's last file")                                              \
  X(castling_empty_prefix, "castling.empty-prefix", castling, "a prefix with no token")        \
  X(castling_no_king, "castling.no-king", castling,                                            \
    "the colour's back rank does not hold exactly one king of that colour")                    \
  X(castling_no_rook, "castling.no-rook", castling, "the token names no rook")                 \
  X(castling_duplicate, "castling.duplicate", castling, "the token names a rook already named") \
  X(castling_same_side, "castling.same-side", castling,                                        \
    "a second right on the same side of the king for one colour")                              \
  X(en_passant_syntax, "en-passant.syntax", en_passant,                                        \
    "not '-' or a lower-case file followed by a rank digit 1..8")                              \
  X(en_passant_off_board, "en-passant.off-board", en_passant,                                  \
    "the file is beyond the board's last file")                                                \
  X(en_passant_wrong_rank, "en-passant.wrong-rank", en_passant,                                \
    "the rank is not 6 with White to move or 3 with Black to move")                            \
  X(en_passant_no_pawn, "en-passant.no-pawn", en_passant,                                      \
    "no pawn of the side not to move stands directly beyond the square")                       \
  X(en_passant_occupied, "en-passant.occupied", en_passant,                                    \
    "the square, or the square the pawn came from, is not empty")                              \
  X(halfmove_syntax, "halfmove.syntax", halfmove_clock,                                        \
    "not a decimal number without sign or leading zero")                                       \
  X(halfmove_range, "halfmove.range", halfmove_clock, "above 2147483647")                      \
  X(fullmove_syntax, "fullmove.syntax", fullmove_number,                                       \
    "not a decimal number without sign or leading zero")                                       \
  X(fullmove_range, "fullmove.range", fullmove_number, "0, or above 2147483647")               \
  X(write_buffer_too_small, "write.buffer-too-small", position,                                \
    "the output buffer cannot hold the record")                                                \
  X(write_needs_file_letter, "write.needs-file-letter", position,                              \
    "classic FEN cannot name an inner rook")                                                   \
  X(write_castling_prefix, "write.castling-prefix", position,                                  \
    "classic FEN has no castling prefix")                                                      \
  X(write_inconsistent_castling, "write.inconsistent-castling", position,                      \
    "a castling right whose king or rook is not on the back rank")                             \
  X(legal_king_count, "legal.king-count", position, "a colour does not have exactly one king") \
  X(legal_pawn_on_back_rank, "legal.pawn-on-back-rank", position,                              \
    "a pawn stands on rank 1 or rank 8")                                                       \
  X(legal_opponent_in_check, "legal.opponent-in-check", position,                              \
    "the side not to move is in check")                                                        \
  X(legal_en_passant_clock, "legal.en-passant-clock", position,                                \
    "an en passant square with a halfmove clock other than 0")                                 \
  X(record_too_long, "record.too-long", record,                                                \
    "a record of 4294967295 bytes or more, beyond what 32-bit offsets can point into")         \
  X(input_too_long, "input.too-long", input, "a line longer than the xfen command's 4096 bytes")

enum class Code : std::uint8_t {
#define XFEN_CODE_ENUMERATOR(id, name, field, summary) id,
  XFEN_DIAGNOSTIC_CODES(XFEN_CODE_ENUMERATOR)
#undef XFEN_CODE_ENUMERATOR
};

enum class Severity : std::uint8_t { error, warning };

struct Diagnostic {
  Code code = Code::ok;
  Severity severity = Severity::error;
  std::uint32_t offset = 0;  // 0-based byte offset of the offending bytes in the record
  std::uint32_t length = 0;  // how many bytes they span (0: a position, such as the end)
  // What the sentence names besides the bytes at `offset`. Each slot has one meaning for every
  // code; a code that has nothing for a slot leaves it at its default. SPEC's appendix lists
  // which codes fill which slot.
  Square square{};           // the square the finding is about: a rook, a king, a pawn, a square
                             // that must be empty, a rank (its file is 0)
  Square other_square{};     // a second square: the rook that already holds a right
  Color color = Color::white;  // the colour the finding is about
  std::int32_t found = 0;    // a number found: a width, a count of ranks, fields or kings, a digit
                             // sum, a clock, a buffer's size; past a limit, what was counted
                             // when reading stopped
  std::int32_t limit = 0;    // the number allowed or required: a width, a rank, a field or king
                             // count, the size a buffer needs, a line length

  constexpr explicit operator bool() const noexcept { return code != Code::ok; }
};

// Stable name ("castling.no-rook"), field and one-line summary of a code.
XFEN_EXPORT std::string_view code_name(Code code) noexcept;
XFEN_EXPORT std::string_view code_summary(Code code) noexcept;
XFEN_EXPORT Field code_field(Code code) noexcept;
XFEN_EXPORT std::string_view field_name(Field field) noexcept;
// The code with a given name; nothing for any other text.
XFEN_EXPORT std::optional<Code> code_from_name(std::string_view name) noexcept;
// Every code that names a problem (all but Code::ok), in declaration order.
XFEN_EXPORT std::span<const Code> all_codes() noexcept;

// The sentence for a diagnostic, naming the token or square. `record` is the text the diagnostic
// was found in; bytes that are not printable ASCII are shown as \xNN so the sentence is one safe
// line.
XFEN_EXPORT std::string message(const Diagnostic& diagnostic, std::string_view record);

// Where a caller can have every diagnostic delivered as it is found, those a DiagnosticList has
// no room for included. A function pointer and a context rather than a std::function, so that
// passing one neither allocates nor throws; `receive` must not throw either.
struct DiagnosticSink {
  void (*receive)(void* context, const Diagnostic& diagnostic) noexcept = nullptr;
  void* context = nullptr;

  void operator()(const Diagnostic& diagnostic) const noexcept {
    if (receive != nullptr) receive(context, diagnostic);
  }
};

// A fixed-capacity list of diagnostics, so that reporting never allocates. When more were
// reported than fit, the first ones are kept and `total()` still counts them all.
class DiagnosticList {
 public:
  static constexpr std::size_t kCapacity = 8;

  DiagnosticList() noexcept {}  // leaves the slots unset: every parse makes one of these
  DiagnosticList(const DiagnosticList& other) noexcept { *this = other; }
  DiagnosticList& operator=(const DiagnosticList& other) noexcept {
    std::copy(other.begin(), other.end(), items_);
    size_ = other.size_;
    total_ = other.total_;
    return *this;
  }

  void push(const Diagnostic& diagnostic) noexcept {
    if (size_ < kCapacity) items_[size_++] = diagnostic;
    ++total_;
  }
  const Diagnostic* begin() const noexcept { return items_; }
  const Diagnostic* end() const noexcept { return items_ + size_; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return total_ == 0; }
  std::size_t total() const noexcept { return total_; }
  const Diagnostic& operator[](std::size_t i) const noexcept { return items_[i]; }

 private:
  // A union member is not initialised by default, so the slots cost nothing until used.
  union {
    Diagnostic items_[kCapacity];
  };
  std::uint8_t size_ = 0;
  std::uint32_t total_ = 0;
};

}  // namespace xfen
