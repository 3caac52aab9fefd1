// A ByteSink writing a file descriptor with write(2).
#pragma once

#include <span>

#include "byte_sink.hpp"

namespace xfen::cli {

// All of `bytes` written to `fd`, however many write(2) calls it takes (EINTR retried); the errno
// of the write that failed, 0 when all were written.
int write_all(int fd, std::span<const char> bytes) noexcept;

class FdSink final : public ByteSink {
 public:
  explicit FdSink(int fd) noexcept : fd_(fd) {}  // `fd` is not owned

  bool write(std::span<const char> bytes) override;
  int error() const noexcept override { return error_; }

 private:
  int fd_;
  int error_ = 0;
};

}  // namespace xfen::cli
