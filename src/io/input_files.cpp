#include "io/input_files.hpp"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

#include "io/fd_stream.hpp"

namespace xfen::io {

namespace {

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

// open(2) for reading, retried when a signal interrupts it; -1 with errno set when it fails.
int open_read_only(const std::string& path) noexcept {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

}  // namespace

InputFile::InputFile(std::string_view name)
    : fd_(open_read_only(std::string(name))), source_(fd_) {
  // errno is still open(2)'s: making the FdSource sets nothing.
  if (fd_ < 0) open_error_ = IoError{IoOperation::open, name, errno};
}

InputFile::~InputFile() {
  if (fd_ >= 0) ::close(fd_);
}

ReadEnd read_chunks(ByteSource& source, std::string_view display_name, std::span<char> buffer,
                    const IoErrorHandler& report_io_error, const ChunkHandler& handle_chunk) {
  for (;;) {
    const std::size_t size = source.read(buffer);
    if (size == 0) break;
    if (!handle_chunk(buffer.first(size))) return ReadEnd::stopped;
  }
  if (source.error() == 0) return ReadEnd::end_of_input;
  report_io_error({IoOperation::read, display_name, source.error()});
  return ReadEnd::read_error;
}

InputSummary for_each_input(std::span<const std::string> names, ByteSource& standard_input,
                            const IoErrorHandler& report_io_error, const SourceHandler& handle_input) {
  static const std::string kStdinArgument = "-";
  const std::span<const std::string> inputs =
      names.empty() ? std::span<const std::string>(&kStdinArgument, 1) : names;

  InputSummary summary;
  for (const std::string& name : inputs) {
    ReadEnd end = ReadEnd::end_of_input;
    if (name == kStdinArgument) {
      end = handle_input(kStdinName, standard_input);
    } else {
      InputFile file(name);
      if (file.open_error()) {
        report_io_error(*file.open_error());
        summary.io_error = true;
        continue;
      }
      end = handle_input(name, file.source());
    }
    ++summary.files_read;
    summary.io_error |= end == ReadEnd::read_error;
    if (end == ReadEnd::stopped) break;
  }
  return summary;
}

InputSummary for_each_line(std::span<const std::string> names, ByteSource& standard_input,
                           const IoErrorHandler& report_io_error, const LineHandler& handle_line) {
  return for_each_input(names, standard_input, report_io_error,
                        [&](std::string_view display_name, ByteSource& source) {
                          return read_lines(source, display_name, report_io_error, handle_line);
                        });
}

}  // namespace xfen::io
