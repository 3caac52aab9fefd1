#include "adapter_command.hpp"

#include <string>

#include "line_reader.hpp"
#include "output_buffer.hpp"

namespace xfen::cli {

ExitStatus run_adapter(const AdapterOptions& options, const StandardStreams& streams) {
  LineReader reader(streams.input);
  OutputBuffer out(streams.output);
  std::string answer;

  Line line;
  while (reader.next(line)) {
    answer_line(line, options, answer);
    out.write(answer);
    out.put('\n');
    // The client may wait for this answer before sending the next line.
    if (!out.flush()) return ExitStatus::failure;  // nobody is listening any more
  }
  return reader.error() == 0 ? ExitStatus::success : ExitStatus::failure;
}

}  // namespace xfen::cli
