// Splits a ByteSource into lines without iostreams and without ever holding more than one
// bounded line in memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "io/byte_stream.hpp"

namespace xfen::io {

// Lines longer than this (terminator excluded) are reported, not returned: see R11.
inline constexpr std::size_t kMaxLineLength = 4096;

struct Line {
  std::string_view text;     // without "\n" or "\r\n"; valid until the next call to next()
  std::uint64_t number = 0;  // 1-based
  bool too_long = false;     // longer than kMaxLineLength; `text` is then empty
};

class LineReader {
 public:
  // A line may reach kMaxLineLength bytes plus the "\r" of a "\r\n" whose "\n" is not read yet.
  static constexpr std::size_t kMaxPendingLine = kMaxLineLength + 1;
  // Smaller buffers are raised to this.
  static constexpr std::size_t kMinBufferSize = 4 * kMaxPendingLine;

  // Reads `source` (not owned) through a buffer of `buffer_size` bytes, allocated here once.
  explicit LineReader(ByteSource& source, std::size_t buffer_size = std::size_t{256} * 1024);

  // The next line; false at the end of input or after a read error.
  bool next(Line& line);

  // The errno of a failed read, 0 when none failed.
  int error() const noexcept { return error_; }

  // The bytes this reader holds, whatever the input: the buffer never grows.
  std::size_t capacity() const noexcept { return buffer_.size(); }

 private:
  bool fill();  // reads more bytes after end_; false at end of input or on error
  bool skip_rest_of_long_line(Line& line);
  void emit(Line& line, std::string_view text);

  ByteSource& source_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  // first byte not yet handed out
  std::size_t end_ = 0;    // one past the last byte read
  std::uint64_t line_number_ = 0;
  bool at_end_ = false;
  bool skipping_ = false;  // inside a line already known to be too long
  int error_ = 0;
};

}  // namespace xfen::io
