#include "cli/adapter_command.hpp"

#include <string>

#include "cli/command_output.hpp"
#include "io/line_reader.hpp"

namespace xfen::cli {

ExitStatus run_adapter(const certify::AdapterOptions& options, const io::StandardStreams& streams) {
  io::LineReader reader(streams.input);
  CommandOutput output(streams, DiagnosticFormat::text);
  std::string answer;

  io::Line line;
  while (reader.next(line)) {
    certify::reference_answer(line, options, answer);
    output.out.write(answer);
    output.out.put('\n');
    // The client may wait for this answer before sending the next line.
    if (!output.out.flush()) break;  // nobody is listening any more
  }
  // Bad input is answered, not a failure; only lost input or output is (SPEC R11.5).
  if (reader.error() != 0) output.report({io::IoOperation::read, io::kStdinName, reader.error()});
  const bool output_ok = output.finish();
  return run_status(reader.error() != 0 || !output_ok, false);
}

}  // namespace xfen::cli
