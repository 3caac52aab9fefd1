// Legality findings, separate from parsing: a record can be well-formed X-FEN and still describe
// a position that cannot arise in a game.
#pragma once

#include <string_view>

#include "xfen/diagnostic.hpp"
#include "xfen/parse.hpp"
#include "xfen/position.hpp"
#include "xfen/export.hpp"

namespace xfen {

struct [[nodiscard]] LegalityReport {
  DiagnosticList findings{};

  bool ok() const noexcept { return findings.empty(); }
  explicit operator bool() const noexcept { return ok(); }
};

// Checks: exactly one king per colour; no pawn on rank 1 or 8; the side not to move is not in
// check; an en passant square (as X-FEN writes it) implies halfmove clock 0. Offsets are 0.
// `finding_sink` receives every finding in order, also those beyond the report's capacity.
// Legality is asked of a valid position (validate.hpp, which a position read always is): of a
// position built by hand, ask validate first; its width, castling rights and en passant square
// are validate's to judge, not this.
[[nodiscard]] XFEN_EXPORT LegalityReport check_legality(const Position& position,
                                                        DiagnosticSink finding_sink = {}) noexcept;

// The same checks on a position read from `record` (`read` being parse's result for it, with
// ok()): the offsets point into the record, at the square's letter or the field (SPEC R10).
[[nodiscard]] XFEN_EXPORT LegalityReport check_legality(const ParseResult& read, std::string_view record,
                              DiagnosticSink finding_sink = {}) noexcept;

}  // namespace xfen
