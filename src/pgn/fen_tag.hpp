// Reading the X-FEN record in a FEN tag's value, with every diagnostic placed at its byte in the
// PGN file (escapes accounted for): what lint, extract and canon share.
#pragma once

#include <xfen/parse.hpp>

#include "pgn/game_diagnostic.hpp"
#include "pgn/tag_reader.hpp"

namespace xfen::pgn {

// xfen::parse of the tag's value. The error (if any) and each lenient warning go to `sink`, as
// "game N: FEN tag: <the X-FEN message>", with the X-FEN code and field.
xfen::ParseResult read_fen_tag(const Tag& tag, const xfen::ParseOptions& options,
                               const GameDiagnosticSink& sink);

// The same for a diagnostic about the record read from `tag` (a legality finding, a writer
// refusal), with the severity given.
void report_fen_diagnostic(const Tag& tag, const xfen::Diagnostic& diagnostic,
                           GameSeverity severity, const GameDiagnosticSink& sink);

}  // namespace xfen::pgn
