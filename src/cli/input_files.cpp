#include "input_files.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>

#include "fd_source.hpp"

namespace xfen::cli {

namespace {

enum class ReadEnd : std::uint8_t { end_of_input, read_error, stopped };

ReadEnd read_lines(ByteSource& source, std::string_view display_name,
                   const IoErrorHandler& report_io_error, const LineHandler& handle_line) {
  LineReader reader(source);
  Line line;
  while (reader.next(line))
    if (!handle_line(display_name, line)) return ReadEnd::stopped;
  if (reader.error() == 0) return ReadEnd::end_of_input;
  report_io_error({IoOperation::read, display_name, reader.error()});
  return ReadEnd::read_error;
}

}  // namespace

InputSummary for_each_line(std::span<const std::string> names, ByteSource& standard_input,
                           const IoErrorHandler& report_io_error, const LineHandler& handle_line) {
  static const std::string kStdinArgument = "-";
  const std::span<const std::string> inputs =
      names.empty() ? std::span<const std::string>(&kStdinArgument, 1) : names;

  InputSummary summary;
  for (const std::string& name : inputs) {
    ReadEnd end = ReadEnd::end_of_input;
    if (name == kStdinArgument) {
      end = read_lines(standard_input, kStdinName, report_io_error, handle_line);
    } else {
      int fd = -1;
      do {
        fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
      } while (fd < 0 && errno == EINTR);
      if (fd < 0) {
        report_io_error({IoOperation::open, name, errno});
        summary.io_error = true;
        continue;
      }
      FdSource file(fd);
      end = read_lines(file, name, report_io_error, handle_line);
      ::close(fd);
    }
    ++summary.files_read;
    summary.io_error |= end == ReadEnd::read_error;
    if (end == ReadEnd::stopped) break;
  }
  return summary;
}

}  // namespace xfen::cli
