// Byte streams on file descriptors: the command's standard streams and the files it opens.
//
// A ByteSource reading a file descriptor with read(2), which returns whatever a pipe or terminal
// has ready: a line is handed out as soon as its "\n" arrives, so interactive use works.
#pragma once

#include <span>

#include "io/byte_stream.hpp"

namespace xfen::io {

class FdSource final : public ByteSource {
 public:
  explicit FdSource(int fd) noexcept : fd_(fd) {}  // `fd` is not owned

  std::size_t read(std::span<char> into) override;
  int error() const noexcept override { return error_; }

 private:
  int fd_;
  bool at_end_ = false;
  int error_ = 0;
};

// All of `bytes` written to `fd`, however many write(2) calls it takes (EINTR retried); the errno
// of the write that failed, 0 when all were written.
int write_all(int fd, std::span<const char> bytes) noexcept;

// A ByteSink writing a file descriptor with write(2).
class FdSink final : public ByteSink {
 public:
  explicit FdSink(int fd) noexcept : fd_(fd) {}  // `fd` is not owned

  bool write(std::span<const char> bytes) override;
  int error() const noexcept override { return error_; }

 private:
  int fd_;
  int error_ = 0;
};

}  // namespace xfen::io
