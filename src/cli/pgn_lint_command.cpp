#include "cli/pgn_lint_command.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cli/command_output.hpp"
#include "cli/game_diagnostic_printer.hpp"
#include "cli/game_input.hpp"
#include "cli/write_count.hpp"
#include "io/input_files.hpp"
#include "pgn/game_lint.hpp"

namespace xfen::cli {

namespace {

constexpr std::size_t kReadSize = std::size_t{256} * 1024;

void add(xfen::pgn::LintCounts& total, const xfen::pgn::LintCounts& file) {
  total.games += file.games;
  total.with_fen += file.with_fen;
  total.other_variant += file.other_variant;
  total.games_with_errors += file.games_with_errors;
  total.errors += file.errors;
  total.warnings += file.warnings;
}

// "linted 412 games in 1 file: 380 with a FEN, 2 with errors, 3 warnings", and how many games of
// other variants were not read, when there are any.
void print_summary(io::OutputBuffer& errors, const xfen::pgn::LintCounts& counts, std::uint64_t files) {
  errors.write("linted ");
  write_count(errors, counts.games, "game");
  errors.write(" in ");
  write_count(errors, files, "file");
  errors.write(": ");
  errors.write_number(counts.with_fen);
  errors.write(" with a FEN, ");
  errors.write_number(counts.games_with_errors);
  errors.write(" with errors, ");
  write_count(errors, counts.warnings, "warning");
  if (counts.other_variant != 0) {
    errors.write("; ");
    errors.write_number(counts.other_variant);
    errors.write(" of variants X-FEN does not describe, their FEN not read");
  }
  errors.write("\n");
}

}  // namespace

ExitStatus run_pgn_lint(const PgnLintOptions& options, const io::StandardStreams& streams) {
  // As with check: the diagnostics are the product (stdout), the summary is about the run.
  const DiagnosticFormat format =
      options.json ? DiagnosticFormat::json_lines : DiagnosticFormat::text;
  CommandOutput output(streams, format);
  std::vector<char> buffer(kReadSize);
  xfen::pgn::LintCounts total;
  const xfen::pgn::LintOptions lint_options{.parse = options.parse, .legal = options.legal};
  const io::IoErrorHandler report_io_error = [&output](const io::IoError& error) { output.report(error); };

  const io::InputSummary input = io::for_each_input(
      options.files, streams.input, report_io_error,
      [&](std::string_view file, io::ByteSource& source) {
        xfen::pgn::GameLinter linter(lint_options, [&](const xfen::pgn::GameDiagnostic& found) {
          print_game_diagnostic(output.out, format, file, found);
        });
        const io::ReadEnd end = read_games(source, file, buffer, report_io_error, output, linter);
        add(total, linter.counts());
        return end;
      });

  if (output.out.flush() && !options.quiet) print_summary(output.errors, total, input.files_read);
  const bool output_ok = output.finish();
  return run_status(input.io_error || !output_ok, total.errors > 0);
}

}  // namespace xfen::cli
