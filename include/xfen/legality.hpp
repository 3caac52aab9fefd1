// Legality findings, separate from parsing: a record can be well-formed X-FEN and still describe
// a position that cannot arise in a game.
#pragma once

#include <string_view>

#include "xfen/diagnostic.hpp"
#include "xfen/position.hpp"

namespace xfen {

// Whether any piece of colour `by` attacks `target`, for all eight piece kinds on 8×8 and 10×8.
bool is_attacked(const Position& position, Square target, Color by) noexcept;

struct LegalityReport {
  DiagnosticList findings{};

  bool ok() const noexcept { return findings.empty(); }
  explicit operator bool() const noexcept { return ok(); }
};

// Checks: exactly one king per colour; no pawn on rank 1 or 8; the side not to move is not in
// check; an en passant square (as X-FEN writes it) implies halfmove clock 0. When `record` is
// the text the position was read from, offsets point into it (the square, or the field);
// otherwise they are 0. `finding_sink` receives every finding in order, also those beyond the
// report's capacity.
LegalityReport check_legality(const Position& position, std::string_view record = {},
                              DiagnosticSink finding_sink = {}) noexcept;

}  // namespace xfen
