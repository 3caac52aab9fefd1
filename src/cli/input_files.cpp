#include "input_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "fd_source.hpp"

namespace xfen::cli {

namespace {

void report_io_error(OutputBuffer& errors, std::string_view name, std::string_view what,
                     int error_number) {
  errors.write("xfen: ");
  errors.write(what);
  errors.write(" ");
  errors.write(name);
  errors.write(": ");
  errors.write(std::strerror(error_number));
  errors.put('\n');
  errors.flush();  // rare, and the user should see it even if a later file takes long
}

// Reads one input to its end; false when it could not be read.
bool read_lines(ByteSource& source, std::string_view display_name, OutputBuffer& errors,
                const LineHandler& handle_line) {
  LineReader reader(source);
  Line line;
  while (reader.next(line)) handle_line(display_name, line);
  if (reader.error() == 0) return true;
  report_io_error(errors, display_name, "cannot read", reader.error());
  return false;
}

}  // namespace

InputSummary for_each_line(std::span<const std::string> names, ByteSource& standard_input,
                           OutputBuffer& errors, const LineHandler& handle_line) {
  static const std::string kStdinArgument = "-";
  const std::span<const std::string> inputs =
      names.empty() ? std::span<const std::string>(&kStdinArgument, 1) : names;

  InputSummary summary;
  for (const std::string& name : inputs) {
    if (name == kStdinArgument) {
      summary.io_error |= !read_lines(standard_input, kStdinName, errors, handle_line);
      ++summary.files_read;
      continue;
    }
    int fd = -1;
    do {
      fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
      report_io_error(errors, name, "cannot open", errno);
      summary.io_error = true;
      continue;
    }
    FdSource file(fd);
    summary.io_error |= !read_lines(file, name, errors, handle_line);
    ++summary.files_read;
    ::close(fd);
  }
  return summary;
}

}  // namespace xfen::cli
