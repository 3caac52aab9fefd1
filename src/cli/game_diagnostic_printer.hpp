// How the pgn commands print a diagnostic about a game: through the one funnel of
// diagnostic_printer.hpp, at its line and column in the file, with the game number in JSON.
#pragma once

#include <string_view>

#include "cli/diagnostic_printer.hpp"
#include "io/output_buffer.hpp"
#include "pgn/game_diagnostic.hpp"

namespace xfen::cli {

void print_game_diagnostic(io::OutputBuffer& out, DiagnosticFormat format, std::string_view file,
                           const xfen::pgn::GameDiagnostic& diagnostic);

}  // namespace xfen::cli
