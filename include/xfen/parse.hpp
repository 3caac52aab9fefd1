// Reading an X-FEN record into a Position, without heap allocation and without exceptions.
#pragma once

#include <string_view>

#include "xfen/diagnostic.hpp"
#include "xfen/position.hpp"

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

struct ParseResult {
  Position position{};        // meaningful only when ok()
  Diagnostic error{};         // code is Code::ok when the record was read
  DiagnosticList warnings{};  // lenient relaxations that were applied, in input order

  constexpr bool ok() const noexcept { return error.code == Code::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }
};

// Reads one record. The record is the whole of `text`: a line terminator is the caller's to
// strip (strict) or is surrounding white space (lenient).
ParseResult parse(std::string_view text, const ParseOptions& options = {}) noexcept;

}  // namespace xfen
