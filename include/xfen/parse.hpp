// Reading an X-FEN record into a Position, without heap allocation and without exceptions.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xfen/diagnostic.hpp"
#include "xfen/position.hpp"
#include "xfen/export.hpp"

namespace xfen {

enum class Profile : std::uint8_t {
  strict,   // the reference notation: anything else is an error
  lenient,  // real-world data: a fixed list of relaxations, each reported as a warning
};

// Which fields a record has. EPD and bare boards are the same notation cut short, so one reader
// and one writer serve all three; the fields a layout lacks take their defaults when read.
enum class RecordFields : std::uint8_t {
  full,   // the six fields of FEN
  epd,    // board, side to move, castling, en passant; the counters read as 0 and 1
  board,  // the board alone; White to move, no castling, no en passant, 0 and 1
};

// How many fields a record of that layout has: 6, 4 or 1.
constexpr std::size_t field_count(RecordFields fields) noexcept {
  switch (fields) {
    case RecordFields::epd: return 4;
    case RecordFields::board: return 1;
    case RecordFields::full: break;
  }
  return 6;
}

struct ParseOptions {
  Profile profile = Profile::strict;
  // Receives every lenient warning in input order, also those beyond `ParseResult::warnings`'
  // capacity. Errors are not sent: there is at most one, in `ParseResult::error`.
  DiagnosticSink warning_sink{};
  RecordFields fields = RecordFields::full;
};

// The bytes [begin, end) of one field of the record.
struct FieldSpan {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  constexpr std::uint32_t size() const noexcept { return end - begin; }
};

// Board, side to move, castling, en passant, halfmove clock, fullmove number: the most fields
// a record of any layout has.
inline constexpr std::size_t kRecordFields = field_count(RecordFields::full);

// The white space that lenient reading accepts around and between fields (SPEC R9); strict
// reading accepts only single spaces between fields.
inline constexpr std::string_view kLenientWhiteSpace = " \t\n\v\f\r";

struct [[nodiscard]] ParseResult {
  Position position{};        // meaningful only when ok()
  Diagnostic error{};         // code is Code::ok when the record was read
  DiagnosticList warnings{};  // lenient relaxations that were applied, in input order
  // Where each field stands in the record, for diagnostics about the position read (such as
  // legality findings): the first `field_count` are set when ok(). A field that lenient reading
  // filled in with its default is missing from them.
  std::array<FieldSpan, kRecordFields> fields{};
  std::uint8_t field_count = 0;

  constexpr bool ok() const noexcept { return error.code == Code::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }
};

// Reads one record. The record is the whole of `text`: a line terminator is the caller's to
// strip (strict) or is surrounding white space (lenient).
[[nodiscard]] XFEN_EXPORT ParseResult parse(std::string_view text, const ParseOptions& options = {}) noexcept;

// The length of the four fields that begin an EPD line: up to the end of its fourth run of bytes
// that are not white space (kLenientWhiteSpace), or all of it when it has fewer. What follows is
// EPD's operations (`bm e4; id "x";`), which xfen does not read: pass the prefix to parse() with
// RecordFields::epd, and the rest to whatever reads operations.
XFEN_EXPORT std::size_t epd_fields_size(std::string_view line) noexcept;

}  // namespace xfen
