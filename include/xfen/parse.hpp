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

struct ParseOptions {
  Profile profile = Profile::strict;
  // Receives every lenient warning in input order, also those beyond `ParseResult::warnings`'
  // capacity. Errors are not sent: there is at most one, in `ParseResult::error`.
  DiagnosticSink warning_sink{};
};

// The bytes [begin, end) of one field of the record.
struct FieldSpan {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  constexpr std::uint32_t size() const noexcept { return end - begin; }
};

// Board, side to move, castling, en passant, halfmove clock, fullmove number.
inline constexpr std::size_t kRecordFields = 6;

// The white space that lenient reading accepts around and between fields (SPEC R9); strict
// reading accepts only single spaces between fields.
inline constexpr std::string_view kLenientWhiteSpace = " \t\n\v\f\r";

struct ParseResult {
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
XFEN_EXPORT ParseResult parse(std::string_view text, const ParseOptions& options = {}) noexcept;

}  // namespace xfen
