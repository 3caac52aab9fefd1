// Where a command's output goes: a file descriptor in the command, memory in the tests. The
// mirror of ByteSource.
#pragma once

#include <span>

namespace xfen::cli {

class ByteSink {
 public:
  virtual ~ByteSink() = default;

  // Writes all of `bytes`; false when they could not all be written, and then on every later
  // call: once output is lost, nothing after it is written, so no gap goes unnoticed.
  virtual bool write(std::span<const char> bytes) = 0;

  // The errno of the error that ended the output, 0 while it works.
  virtual int error() const noexcept = 0;

 protected:
  ByteSink() = default;
  ByteSink(const ByteSink&) = default;
  ByteSink& operator=(const ByteSink&) = default;
};

}  // namespace xfen::cli
