#include "cli/command_output.hpp"

namespace xfen::cli {

CommandOutput::CommandOutput(const io::StandardStreams& streams, DiagnosticFormat format,
                             std::size_t out_capacity, std::size_t errors_capacity)
    : out(streams.output, out_capacity), errors(streams.errors, errors_capacity),
      format_(format) {}

void CommandOutput::report(const io::IoError& error) {
  print_io_error(errors, DiagnosticFormat::text, error);
  errors.flush();  // rare, and the user should see it even if a later file takes long
  if (format_ == DiagnosticFormat::json_lines && !out_lost())
    print_io_error(out, DiagnosticFormat::json_lines, error);
}

bool CommandOutput::finish() {
  const bool out_ok = out.flush();
  if (!out_ok) report({io::IoOperation::write, io::kStdoutName, out.error()});
  const bool errors_ok = errors.flush();
  if (!errors_ok) {
    report({io::IoOperation::write, io::kStderrName, errors.error()});  // reaches the JSON stream only
    out.flush();
  }
  return out_ok && errors_ok;
}

}  // namespace xfen::cli
