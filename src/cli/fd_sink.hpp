// A ByteSink writing a file descriptor with write(2).
#pragma once

#include "byte_sink.hpp"

namespace xfen::cli {

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
