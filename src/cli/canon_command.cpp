#include "cli/canon_command.hpp"

#include "cli/command_output.hpp"
#include "cli/diagnostic_collector.hpp"
#include "cli/diagnostic_printer.hpp"
#include "io/input_files.hpp"
#include "io/parse_line.hpp"
#include "io/whole_input.hpp"

namespace xfen::cli {

ExitStatus run_canon(const CanonOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text, std::size_t{256} * 1024,
                       std::size_t{256} * 1024);
  io::OutputBuffer& out = output.out;
  io::OutputBuffer& errors = output.errors;
  bool any_invalid = false;
  DiagnosticCollector warnings;
  xfen::ParseOptions parse_options = options.parse;
  parse_options.warning_sink = warnings.sink();

  const auto reject = [&](const SourceLocation& location, const xfen::Diagnostic& error,
                          std::string_view record) {
    print_diagnostic(errors, DiagnosticFormat::text, location, xfen::Severity::error, error,
                     record);
    any_invalid = true;
    if (options.aligned) out.put('\n');
  };

  const auto write_canonical = [&](std::string_view file, const io::Line& line) {
    const SourceLocation location{file, line.number};
    warnings.clear();
    const xfen::ParseResult result = io::parse_line(line, parse_options);
    if (warnings.any())
      print_diagnostics(errors, DiagnosticFormat::text, location, xfen::Severity::warning,
                        warnings.diagnostics(), line.text);
    if (!result.ok()) return reject(location, result.error, line.text);

    // Written straight into the output buffer: no copy on the hot path.
    const std::span<char> room = out.reserve(xfen::kMaxRecordSize + 1);
    const xfen::WriteResult written =
        xfen::write(result.position, room.first(xfen::kMaxRecordSize), options.write);
    if (!written.ok()) return reject(location, written.error, line.text);
    room[written.size] = '\n';
    out.commit(written.size + 1);
  };

  if (options.whole) {
    std::string storage;
    io::Line line;
    const bool read = io::read_whole_input(streams.input, storage, line);
    if (!read) output.report(io::IoError{io::IoOperation::read, io::kStdinName, streams.input.error()});
    else write_canonical(io::kStdinName, line);
    const bool output_ok = output.finish();
    return run_status(!read || !output_ok, any_invalid);
  }

  const io::InputSummary input = io::for_each_line(
      options.files, streams.input, [&output](const io::IoError& error) { output.report(error); },
      [&](std::string_view file, const io::Line& line) {
        write_canonical(file, line);
        return !output.out_lost();
      });

  const bool output_ok = output.finish();
  return run_status(input.io_error || !output_ok, any_invalid);
}

}  // namespace xfen::cli
