#include "pgn/reader_report.hpp"

#include <string>
#include <utility>

namespace xfen::pgn {

GameDiagnostic from_reader(const ReaderDiagnostic& diagnostic) {
  std::string message;
  if (diagnostic.game != 0) {
    message = "game ";
    message += std::to_string(diagnostic.game);
    message += ": ";
  }
  message += reader_message(diagnostic);
  return {.severity = diagnostic.severity == ReaderSeverity::warning ? GameSeverity::warning
                                                                       : GameSeverity::error,
          .code = reader_code_name(diagnostic.code),
          .field = kPgnField,
          .game = diagnostic.game,
          .where = diagnostic.where,
          .message = std::move(message)};
}

}  // namespace xfen::pgn
