// Where a LineReader gets its bytes: a file descriptor in the command, a buffer in memory in the
// fuzzer and the tests. A source may hand out fewer bytes than asked, as read(2) does on a pipe.
#pragma once

#include <cstddef>
#include <span>

namespace xfen::cli {

class ByteSource {
 public:
  virtual ~ByteSource() = default;

  // Fills the start of `into` (never empty) with the next bytes and returns how many; 0 at the
  // end of input or after an error, and then on every later call.
  virtual std::size_t read(std::span<char> into) = 0;

  // The errno of the error that ended the input, 0 when it simply ended.
  virtual int error() const noexcept = 0;

 protected:
  ByteSource() = default;
  ByteSource(const ByteSource&) = default;
  ByteSource& operator=(const ByteSource&) = default;
};

}  // namespace xfen::cli
