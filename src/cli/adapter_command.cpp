#include "adapter_command.hpp"

#include <unistd.h>

#include <array>

#include "line_reader.hpp"
#include "output_buffer.hpp"
#include "parse_line.hpp"

namespace xfen::cli {

namespace {

void answer_error(OutputBuffer& out, const xfen::Diagnostic& error, std::string_view record) {
  out.write("error ");
  out.write(xfen::code_name(error.code));
  out.put(' ');
  // message() shows every byte that is not printable ASCII as \xNN, so the answer stays one line.
  out.write(xfen::message(error, record));
  out.put('\n');
}

}  // namespace

ExitStatus run_adapter(const AdapterOptions& options) {
  LineReader reader(STDIN_FILENO);
  OutputBuffer out(STDOUT_FILENO);
  std::array<char, xfen::kMaxRecordSize> record{};

  Line line;
  while (reader.next(line)) {
    const xfen::ParseResult result = parse_line(line, options.parse);
    if (!result.ok()) {
      answer_error(out, result.error, line.text);
    } else if (const xfen::WriteResult written =
                   xfen::write(result.position, record, options.write);
               !written.ok()) {
      answer_error(out, written.error, line.text);
    } else {
      out.write("ok ");
      out.write(std::string_view(record.data(), written.size));
      out.put('\n');
    }
    // The client may wait for this answer before sending the next line.
    if (!out.flush()) return ExitStatus::failure;  // nobody is listening any more
  }
  return reader.error() == 0 ? ExitStatus::success : ExitStatus::failure;
}

}  // namespace xfen::cli
