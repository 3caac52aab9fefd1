// A ByteSink into memory, for running commands in process: it keeps what was written and can be
// made to fail, as a full disk does, after a number of bytes.
#pragma once

#include <cerrno>
#include <cstddef>
#include <limits>
#include <string>
#include <string_view>

#include "byte_sink.hpp"

namespace xfen::cli {

class MemorySink final : public ByteSink {
 public:
  // Accepts `limit` bytes; the write that would pass it fails with ENOSPC, as /dev/full does.
  explicit MemorySink(std::size_t limit = std::numeric_limits<std::size_t>::max()) noexcept
      : limit_(limit) {}

  bool write(std::span<const char> bytes) override {
    if (error_ != 0) return false;
    if (bytes.size() > limit_ - text_.size()) {
      error_ = ENOSPC;
      return false;
    }
    text_.append(bytes.data(), bytes.size());
    return true;
  }
  int error() const noexcept override { return error_; }

  std::string_view text() const noexcept { return text_; }

 private:
  std::size_t limit_;
  std::string text_;
  int error_ = 0;
};

}  // namespace xfen::cli
