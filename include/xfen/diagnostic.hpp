// One diagnostic type for the whole library: parse errors, lenient warnings, writer refusals
// and legality findings all carry a stable code, the field, a byte offset and a sentence.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
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

// Every code. Each has a stable name (code_name: "castling.no-rook"), the field it is about
// (code_field) and a one-line meaning (code_summary); docs/SPEC.md's appendix lists them all. The
// names are public API: tools, reports and the conformance suite compare them, so they never
// change once released. The enumerators' numbers may change between minor versions before 1.0.
enum class Code : std::uint8_t {
  ok,
  // The record as a whole.
  record_empty,
  record_missing_field,
  record_extra_field,
  record_separator,
  record_whitespace,
  // The board.
  board_bad_char,
  board_bad_count,
  board_rank_count,
  board_width,
  board_rank_width,
  board_off_board,  // only from validate(): a piece beyond the width of a position built by hand
  side_invalid,
  // The castling field, and castling rights that do not match the board.
  castling_bad_char,
  castling_file_off_board,
  castling_empty_prefix,
  castling_no_king,
  castling_no_rook,
  castling_duplicate,
  castling_same_side,
  // The en passant field, and an en passant square that does not match the board.
  en_passant_syntax,
  en_passant_off_board,
  en_passant_wrong_rank,
  en_passant_no_pawn,
  en_passant_occupied,
  // The counters.
  halfmove_syntax,
  halfmove_range,
  fullmove_syntax,
  fullmove_range,
  // What only the writer refuses: the rest of a position it cannot write is validate()'s.
  write_buffer_too_small,
  write_needs_file_letter,
  write_castling_prefix,
  // Legality findings (check_legality), not errors of the notation.
  legal_king_count,
  legal_pawn_on_back_rank,
  legal_opponent_in_check,
  legal_en_passant_clock,
  // Limits of the library and of the command.
  record_too_long,
  input_too_long,
};

enum class Severity : std::uint8_t { error, warning };

struct [[nodiscard]] Diagnostic {
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
  // The offending value as the record would spell it ("K", "d5", "0"), for a diagnostic about a
  // position rather than a record (validate, the writer), so that its sentence is complete
  // without one. Empty for diagnostics about a record: the bytes at `offset` are the value.
  std::array<char, 12> value{};

  constexpr std::string_view value_text() const noexcept {
    std::size_t size = 0;
    while (size < value.size() && value[size] != '\0') ++size;
    return {value.data(), size};
  }

  constexpr explicit operator bool() const noexcept { return code != Code::ok; }
};

// Stable name ("castling.no-rook"), field and one-line summary of a code.
[[nodiscard]] XFEN_EXPORT std::string_view code_name(Code code) noexcept;
[[nodiscard]] XFEN_EXPORT std::string_view code_summary(Code code) noexcept;
[[nodiscard]] XFEN_EXPORT Field code_field(Code code) noexcept;
[[nodiscard]] XFEN_EXPORT std::string_view field_name(Field field) noexcept;
// The code with a given name; nothing for any other text.
[[nodiscard]] XFEN_EXPORT std::optional<Code> code_from_name(std::string_view name) noexcept;
// Every code that names a problem (all but Code::ok), in declaration order.
[[nodiscard]] XFEN_EXPORT std::span<const Code> all_codes() noexcept;

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
    for (std::size_t i = 0; i < other.size_; ++i) items_[i] = other.items_[i];
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
