#include "cli/check_command.hpp"

#include <cstdint>
#include <string_view>

#include <xfen/legality.hpp>

#include "cli/command_output.hpp"
#include "cli/diagnostic_collector.hpp"
#include "cli/diagnostic_printer.hpp"
#include "cli/write_count.hpp"
#include "io/input_files.hpp"
#include "io/parse_line.hpp"

namespace xfen::cli {

namespace {

struct CheckCounts {
  std::uint64_t records = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;
  std::uint64_t warnings = 0;
};

void print_summary(io::OutputBuffer& errors, const CheckCounts& counts, std::uint64_t files) {
  errors.write("checked ");
  write_count(errors, counts.records, "record");
  errors.write(" in ");
  write_count(errors, files, "file");
  errors.write(": ");
  errors.write_number(counts.valid);
  errors.write(" valid, ");
  errors.write_number(counts.invalid);
  errors.write(" invalid, ");
  write_count(errors, counts.warnings, "warning");
  errors.write("\n");
}

}  // namespace

ExitStatus run_check(const CheckOptions& options, const io::StandardStreams& streams) {
  // Diagnostics are what check produces, so they go to stdout (for grep or jq); the summary
  // and I/O errors are about the run, so they go to stderr.
  const DiagnosticFormat format =
      options.json ? DiagnosticFormat::json_lines : DiagnosticFormat::text;
  CommandOutput output(streams, format);
  io::OutputBuffer& out = output.out;
  CheckCounts counts;
  DiagnosticCollector warnings;
  DiagnosticCollector findings;
  xfen::ParseOptions parse_options = options.parse;
  parse_options.warning_sink = warnings.sink();

  const io::InputSummary input = io::for_each_line(
      options.files, streams.input, [&output](const io::IoError& error) { output.report(error); },
      [&](std::string_view file, const io::Line& line) {
        const SourceLocation location{file, line.number};
        warnings.clear();
        const xfen::ParseResult result = io::parse_line(line, parse_options);
        ++counts.records;
        counts.warnings += warnings.diagnostics().size();
        print_diagnostics(out, format, location, xfen::Severity::warning, warnings.diagnostics(),
                          line.text);

        bool valid = result.ok();
        if (!valid) {
          print_diagnostic(out, format, location, xfen::Severity::error, result.error, line.text);
        } else if (options.legal) {
          findings.clear();
          const xfen::LegalityReport report =
              xfen::check_legality(result, line.text, findings.sink());
          print_diagnostics(out, format, location, xfen::Severity::error, findings.diagnostics(),
                            line.text);
          valid = report.ok();
        }
        ++(valid ? counts.valid : counts.invalid);
        return !output.out_lost();
      });

  // A summary of a run whose diagnostics were lost would mislead.
  if (out.flush() && !options.quiet) print_summary(output.errors, counts, input.files_read);
  const bool output_ok = output.finish();
  return run_status(input.io_error || !output_ok, counts.invalid > 0);
}

}  // namespace xfen::cli
