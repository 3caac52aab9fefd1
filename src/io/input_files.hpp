// The FILE... arguments of check and canon: each file in turn, "-" (or no file) for standard
// input, every line of each handed to one callback.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "io/byte_stream.hpp"
#include "io/fd_stream.hpp"
#include "io/io_error.hpp"
#include "io/line_reader.hpp"

namespace xfen::io {

// One named file open for reading, closed with this object: the inputs below, and the files a
// command reads beside them (certify's --inputs and --skip-file).
class InputFile {
 public:
  explicit InputFile(std::string_view name);
  ~InputFile();
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  // An io.open error naming the file when it could not be opened; its source is then not to be
  // read (it would fail with EBADF).
  [[nodiscard]] const std::optional<IoError>& open_error() const noexcept { return open_error_; }
  [[nodiscard]] ByteSource& source() noexcept { return source_; }

 private:
  int fd_;  // before source_, which reads it
  FdSource source_;
  std::optional<IoError> open_error_;
};

struct InputSummary {
  std::uint64_t files_read = 0;
  bool io_error = false;  // some file could not be opened or read
};

// How reading one input ended, as its handler says.
enum class ReadEnd : std::uint8_t {
  end_of_input,
  read_error,  // reported to the IoErrorHandler by the handler
  stopped,     // the command's output is gone: no further input is read
};

// Reads one whole input, `display_name` being how messages name it.
using SourceHandler = std::function<ReadEnd(std::string_view display_name, ByteSource& source)>;
// Returns false to stop reading: the command's output is gone.
using LineHandler = std::function<bool(std::string_view file_name, const Line& line)>;
using IoErrorHandler = std::function<void(const IoError& error)>;

// Each input in turn, whole: for commands that read something other than lines (PGN). An unopenable
// file is reported to `report_io_error` and skipped; "-" (and no name at all) is
// `standard_input`.
InputSummary for_each_input(std::span<const std::string> names, ByteSource& standard_input,
                            const IoErrorHandler& report_io_error, const SourceHandler& handle_input);

// Returns false to stop reading: the command's output is gone.
using ChunkHandler = std::function<bool(std::span<const char> bytes)>;

// All of `source`, in chunks of at most `buffer.size()` bytes, for readers fed in chunks (PGN). A
// read error is reported to `report_io_error` under `display_name`.
ReadEnd read_chunks(ByteSource& source, std::string_view display_name, std::span<char> buffer,
                    const IoErrorHandler& report_io_error, const ChunkHandler& handle_chunk);

// An unreadable file is reported to `report_io_error` and skipped, so the other files still get
// checked. "-" (and no name at all) reads `standard_input`.
InputSummary for_each_line(std::span<const std::string> names, ByteSource& standard_input,
                           const IoErrorHandler& report_io_error, const LineHandler& handle_line);

}  // namespace xfen::io
