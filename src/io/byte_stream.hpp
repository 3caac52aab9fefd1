// Where a LineReader gets its bytes: a file descriptor in the command, a buffer in memory in the
// fuzzer and the tests. A source may hand out fewer bytes than asked, as read(2) does on a pipe.
#pragma once

#include <cstddef>
#include <span>


namespace xfen::io {

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

// Where a command's output goes: a file descriptor in the command, memory in the tests. The
// mirror of ByteSource.
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

// The three streams a command works on, given to it rather than found by it, so that a command
// runs the same on file descriptors 0, 1 and 2 and in memory.
struct StandardStreams {
  ByteSource& input;   // read for "-" and when no file is named
  ByteSink& output;    // what the command produces
  ByteSink& errors;    // what goes wrong, and check's summary
};

}  // namespace xfen::io
