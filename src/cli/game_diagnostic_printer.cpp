#include "cli/game_diagnostic_printer.hpp"

namespace xfen::cli {

void print_game_diagnostic(io::OutputBuffer& out, DiagnosticFormat format, std::string_view file,
                           const xfen::pgn::GameDiagnostic& diagnostic) {
  print_located_diagnostic(
      out, format,
      {.file = file,
       .line = diagnostic.where.line,
       .column = diagnostic.where.column,
       .offset = diagnostic.where.offset,
       .game = diagnostic.game,
       .severity = diagnostic.severity == xfen::pgn::GameSeverity::warning ? xfen::Severity::warning
                                                                           : xfen::Severity::error,
       .code = diagnostic.code,
       .field = diagnostic.field,
       .message = diagnostic.message});
}

}  // namespace xfen::cli
