// A ByteSource reading a file descriptor with read(2), which returns whatever a pipe or terminal
// has ready: a line is handed out as soon as its "\n" arrives, so interactive use works.
#pragma once

#include "byte_source.hpp"

namespace xfen::cli {

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

}  // namespace xfen::cli
