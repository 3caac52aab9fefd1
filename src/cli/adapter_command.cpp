#include "adapter_command.hpp"

#include <unistd.h>

#include <string>

#include "fd_source.hpp"
#include "line_reader.hpp"
#include "output_buffer.hpp"

namespace xfen::cli {

ExitStatus run_adapter(const AdapterOptions& options) {
  FdSource input(STDIN_FILENO);
  LineReader reader(input);
  OutputBuffer out(STDOUT_FILENO);
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
