// Splits a file descriptor into lines without iostreams and without ever holding more than one
// bounded line in memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace xfen::cli {

// Lines longer than this (terminator excluded) are reported, not returned: see R11.
inline constexpr std::size_t kMaxLineLength = 4096;

struct Line {
  std::string_view text;     // without "\n" or "\r\n"; valid until the next call to next()
  std::uint64_t number = 0;  // 1-based
  bool too_long = false;     // longer than kMaxLineLength; `text` is then empty
};

class LineReader {
 public:
  // Reads `fd` (not owned) with read(2), which returns whatever a pipe or terminal has ready:
  // a line is handed out as soon as its "\n" arrives, so interactive use works.
  explicit LineReader(int fd, std::size_t buffer_size = std::size_t{256} * 1024);

  // The next line; false at the end of input or after a read error.
  bool next(Line& line);

  // The errno of a failed read, 0 when none failed.
  int error() const noexcept { return error_; }

 private:
  bool fill();  // reads more bytes after end_; false at end of input or on error
  bool skip_rest_of_long_line(Line& line);
  void emit(Line& line, std::string_view text);

  int fd_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  // first byte not yet handed out
  std::size_t end_ = 0;    // one past the last byte read
  std::uint64_t line_number_ = 0;
  bool at_end_ = false;
  bool skipping_ = false;  // inside a line already known to be too long
  int error_ = 0;
};

}  // namespace xfen::cli
