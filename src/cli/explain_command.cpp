#include "cli/explain_command.hpp"

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include <xfen/en_passant.hpp>
#include <xfen/en_passant_analysis.hpp>
#include <xfen/legality.hpp>
#include <xfen/square_name.hpp>
#include <xfen/write.hpp>

#include "cli/board_diagram.hpp"
#include "cli/command_output.hpp"
#include "cli/diagnostic_collector.hpp"
#include "cli/diagnostic_printer.hpp"
#include "io/output_buffer.hpp"

namespace xfen::cli {

namespace {

// Diagnostics about the command-line record are located like a one-line file of that name.
constexpr std::string_view kRecordName = "<record>";
constexpr std::size_t kLabelWidth = 17;

constexpr std::string_view kSublabelIndent = "  ";

// Pads labels so that all values, of fields and of their details, start in one column.
void padded_label(io::OutputBuffer& out, std::string_view indent, std::string_view name) {
  const std::size_t used = indent.size() + name.size();
  out.write(indent);
  out.write(name);
  out.write(std::string(used < kLabelWidth ? kLabelWidth - used : 1, ' '));
}

void label(io::OutputBuffer& out, std::string_view name) { padded_label(out, "", name); }

void sublabel(io::OutputBuffer& out, std::string_view name) {
  padded_label(out, kSublabelIndent, name);
}

std::string_view color_name(xfen::Color color) {
  return color == xfen::Color::white ? "white" : "black";
}

void print_diagnostic_with_excerpt(io::OutputBuffer& out, xfen::Severity severity,
                                   const xfen::Diagnostic& diagnostic, std::string_view record) {
  print_diagnostic(out, DiagnosticFormat::text, SourceLocation{kRecordName, 1}, severity,
                   diagnostic, record);
  print_caret_excerpt(out, record, diagnostic.offset);
}

void print_castling_mode(io::OutputBuffer& out, xfen::CastlingMode mode) {
  switch (mode) {
    case xfen::CastlingMode::standard:
      out.write("no prefix (standard castling)\n");
      return;
    case xfen::CastlingMode::symmetric:
      out.write("prefix s (symmetric castling)\n");
      return;
    case xfen::CastlingMode::modern:
      out.write("prefix m (modern castling)\n");
      return;
  }
}

// `K -> rook h1, h-side of king e1 (...)`: which rook the right names and why X-FEN spells it
// as it does.
void print_castling_right(io::OutputBuffer& out, const xfen::Position& position, xfen::Color color,
                          xfen::CastlingSide side, int rook_file) {
  const bool white = color == xfen::Color::white;
  const int rank = xfen::back_rank(color);
  const bool h_side = side == xfen::CastlingSide::h_side;
  const char direction_letter = h_side ? (white ? 'K' : 'k') : (white ? 'Q' : 'q');
  const char file_letter = static_cast<char>((white ? 'A' : 'a') + rook_file);
  const std::optional<int> outermost = xfen::outermost_rook_file(position, color, side);
  const std::optional<int> king = xfen::castling_king_file(position, color);
  const bool is_outermost = outermost == rook_file;

  out.write(kSublabelIndent);
  out.put(is_outermost ? direction_letter : file_letter);
  out.write(" -> rook ");
  out.write(xfen::square_name(xfen::make_square(rook_file, rank)));
  out.write(h_side ? ", h-side" : ", a-side");
  if (king) {
    out.write(" of king ");
    out.write(xfen::square_name(xfen::make_square(*king, rank)));
  }
  if (is_outermost) {
    out.write(" (the outermost rook on that side, so ");
    out.put(direction_letter);
    out.write("; Shredder-FEN ");
    out.put(file_letter);
    out.write(")\n");
    return;
  }
  out.write(" (an inner rook");
  if (outermost) {
    out.write(": ");
    out.put(direction_letter);
    out.write(" would name ");
    out.write(xfen::square_name(xfen::make_square(*outermost, rank)));
  }
  out.write(", so the file letter ");
  out.put(file_letter);
  out.write(")\n");
}

void print_castling(io::OutputBuffer& out, const xfen::Position& position) {
  label(out, "castling");
  print_castling_mode(out, position.castling.mode);
  if (!position.castling.any()) {
    out.write(kSublabelIndent);
    out.write("no rights\n");
    return;
  }
  for (const xfen::Color color : {xfen::Color::white, xfen::Color::black})
    for (const xfen::CastlingSide side : {xfen::CastlingSide::h_side, xfen::CastlingSide::a_side})
      if (const std::optional<int> rook_file = position.castling.rook_file(color, side))
        print_castling_right(out, position, color, side, *rook_file);
}

void print_style_verdict(io::OutputBuffer& out, std::string_view style, bool written,
                         std::string_view square, std::string_view reason) {
  sublabel(out, style);
  out.write("writes ");
  out.write(written ? square : std::string_view("-"));
  out.write(": ");
  out.write(reason);
  out.put('\n');
}

// A square the lenient reader dropped (R9) was read all the same: say which and why.
void print_dropped_en_passant(io::OutputBuffer& out, const xfen::Diagnostic& warning,
                              std::string_view record) {
  write_escaped(out, record.substr(warning.offset, warning.length));
  out.write(" read, dropped: ");
  out.write(xfen::code_name(warning.code));
  out.write(": ");
  out.write(xfen::code_summary(warning.code));
  out.write("; every style writes -\n");
}

void print_en_passant(io::OutputBuffer& out, const xfen::Position& position,
                      std::span<const xfen::Diagnostic> warnings, std::string_view record) {
  const xfen::EnPassantAnalysis analysis = xfen::analyze_en_passant(position);
  label(out, "en passant");
  if (!analysis.as_read) {
    for (const xfen::Diagnostic& warning : warnings)
      if (xfen::code_field(warning.code) == xfen::Field::en_passant)
        return print_dropped_en_passant(out, warning, record);
    out.write("- (no square read; every style writes -)\n");
    return;
  }
  const xfen::Square square = *analysis.as_read;
  const std::string_view name = xfen::square_name(square);
  const xfen::Color mover = position.side_to_move;
  const xfen::Color pusher = xfen::opposite(mover);
  const int step = mover == xfen::Color::white ? -1 : 1;  // from the square to the pushed pawn
  out.write(name);
  out.write(", as read\n");

  sublabel(out, "geometry");
  if (analysis.geometry == xfen::Code::ok) {
    out.write("ok: a ");
    out.write(color_name(pusher));
    out.write(" pawn just moved from ");
    out.write(xfen::square_name(xfen::make_square(square.file, square.rank - step)));
    out.write(" to ");
    out.write(xfen::square_name(xfen::make_square(square.file, square.rank + step)));
  } else {
    out.write(xfen::code_name(analysis.geometry));
    out.write(": ");
    out.write(xfen::code_summary(analysis.geometry));
  }
  out.put('\n');

  sublabel(out, "capturers");
  bool any_capturer = false;
  for (std::size_t i = 0; i < analysis.capturers.size(); ++i) {
    if (!analysis.capturers[i]) continue;
    out.write(any_capturer ? ", " : "");
    out.write(xfen::square_name(*analysis.capturers[i]));
    out.write(analysis.capture_is_legal[i] ? " (capture legal)"
                                           : " (capture leaves its king in check)");
    any_capturer = true;
  }
  out.write(any_capturer ? "\n" : "none\n");

  const std::string mover_pawn = std::string("a ") + std::string(color_name(mover)) + " pawn";
  print_style_verdict(out, "style xfen", analysis.written_by_xfen(), name,
                      analysis.written_by_xfen() ? mover_pawn + " stands beside the pushed pawn"
                                                 : "no " + std::string(color_name(mover)) +
                                                       " pawn stands beside the pushed pawn to "
                                                       "capture it (X-FEN writes the square only "
                                                       "when one does)");
  print_style_verdict(out, "style always", true, name, "the square as read");
  print_style_verdict(out, "style legal", analysis.written_by_legal(), name,
                      analysis.written_by_legal() ? "an en passant capture is legal"
                      : analysis.written_by_xfen()
                          ? "every en passant capture would leave the capturer's king in check"
                          : "no pawn can capture en passant");
}

// Each one with the record and a caret under it.
void print_with_excerpts(io::OutputBuffer& out, xfen::Severity severity,
                         std::span<const xfen::Diagnostic> diagnostics, std::string_view record) {
  for (const xfen::Diagnostic& diagnostic : diagnostics)
    print_diagnostic_with_excerpt(out, severity, diagnostic, record);
}

void print_warnings(io::OutputBuffer& out, std::span<const xfen::Diagnostic> warnings,
                    std::string_view record) {
  label(out, "warnings");
  if (warnings.empty()) {
    out.write("none\n");
    return;
  }
  out.write_number(warnings.size());
  out.put('\n');
  print_with_excerpts(out, xfen::Severity::warning, warnings, record);
}

void print_legality(io::OutputBuffer& out, const xfen::ParseResult& read, std::string_view record) {
  DiagnosticCollector findings;
  const xfen::LegalityReport report = xfen::check_legality(read, record, findings.sink());
  label(out, "legality");
  if (report.ok()) {
    out.write("ok\n");
    return;
  }
  const std::span<const xfen::Diagnostic> found = findings.diagnostics();
  out.write_number(found.size());
  out.write(found.size() == 1 ? " finding\n" : " findings\n");
  print_with_excerpts(out, xfen::Severity::error, found, record);
}

// In the layout of fields the record was read in.
void print_canonical(io::OutputBuffer& out, const xfen::Position& position, xfen::RecordFields fields,
                     std::string_view record) {
  std::array<char, xfen::kMaxRecordSize> buffer{};
  const xfen::WriteResult written = xfen::write(position, buffer, {.fields = fields});
  label(out, "canonical");
  if (written.ok()) {
    out.write(std::string_view(buffer.data(), written.size));
    out.put('\n');
    return;
  }
  out.write("cannot be written\n");
  print_diagnostic_with_excerpt(out, xfen::Severity::error, written.error, record);
}

}  // namespace

namespace {

ExitStatus explain(const ExplainOptions& options, io::OutputBuffer& out) {
  const std::string_view record = options.record;
  DiagnosticCollector warnings;
  xfen::ParseOptions parse_options = options.parse;
  parse_options.warning_sink = warnings.sink();
  const xfen::ParseResult result = xfen::parse(record, parse_options);

  if (!result.ok()) {
    print_with_excerpts(out, xfen::Severity::warning, warnings.diagnostics(), record);
    print_diagnostic_with_excerpt(out, xfen::Severity::error, result.error, record);
    return ExitStatus::invalid;
  }

  const xfen::Position& position = result.position;
  label(out, "record");
  write_escaped(out, record);
  out.write(options.parse.profile == xfen::Profile::lenient ? " (read leniently)\n" : "\n");
  label(out, "board");
  out.write(position.width == 10 ? "10 files x 8 ranks (Capablanca)\n"
                                 : "8 files x 8 ranks (Chess960)\n");
  out.put('\n');
  print_board_diagram(out, position);
  out.put('\n');
  label(out, "side to move");
  out.write(color_name(position.side_to_move));
  out.put('\n');
  print_castling(out, position);
  print_en_passant(out, position, warnings.diagnostics(), record);
  label(out, "halfmove clock");
  out.write_number(position.halfmove_clock);
  out.put('\n');
  label(out, "fullmove number");
  out.write_number(position.fullmove_number);
  out.put('\n');
  print_warnings(out, warnings.diagnostics(), record);
  print_legality(out, result, record);
  print_canonical(out, position, options.parse.fields, record);
  return ExitStatus::success;
}

}  // namespace

ExitStatus run_explain(const ExplainOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text, 16 * 1024);
  const ExitStatus status = explain(options, output.out);
  return output.finish() ? status : ExitStatus::failure;
}

}  // namespace xfen::cli
