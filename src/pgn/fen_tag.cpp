#include "pgn/fen_tag.hpp"

#include <string>
#include <utility>

#include <xfen/message.hpp>

namespace xfen::pgn {

namespace {

struct SinkContext {
  const Tag* tag;
  const GameDiagnosticSink* sink;
};

void receive_warning(void* context, const xfen::Diagnostic& diagnostic) noexcept {
  const auto& [tag, sink] = *static_cast<SinkContext*>(context);
  report_fen_diagnostic(*tag, diagnostic, GameSeverity::warning, *sink);
}

}  // namespace

xfen::ParseResult read_fen_tag(const Tag& tag, const xfen::ParseOptions& options,
                               const GameDiagnosticSink& sink) {
  SinkContext context{&tag, &sink};
  xfen::ParseOptions with_sink = options;
  with_sink.warning_sink = {receive_warning, &context};
  const xfen::ParseResult result = xfen::parse(tag.value, with_sink);
  if (!result.ok()) report_fen_diagnostic(tag, result.error, GameSeverity::error, sink);
  return result;
}

void report_fen_diagnostic(const Tag& tag, const xfen::Diagnostic& diagnostic,
                           GameSeverity severity, const GameDiagnosticSink& sink) {
  std::string message = "game ";
  message += std::to_string(tag.game);
  message += ": FEN tag: ";
  message += xfen::message(diagnostic, tag.value);
  sink({.severity = severity,
        .code = xfen::code_name(diagnostic.code),
        .field = xfen::field_name(xfen::code_field(diagnostic.code)),
        .game = tag.game,
        .where = tag.source_of(diagnostic.offset),
        .message = std::move(message)});
}

}  // namespace xfen::pgn
