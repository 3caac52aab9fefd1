// A ByteSource over bytes in memory, for running commands in process; it can end with a read
// error, as a directory given as standard input does.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

#include "io/byte_stream.hpp"

namespace xfen::io {

class MemorySource final : public ByteSource {
 public:
  // `bytes` must outlive the source; `error_at_end` is the errno reported once they are read.
  explicit MemorySource(std::string_view bytes, int error_at_end = 0) noexcept
      : bytes_(bytes), error_at_end_(error_at_end) {}

  std::size_t read(std::span<char> into) override {
    const std::size_t size = std::min(into.size(), bytes_.size());
    if (size > 0) std::memcpy(into.data(), bytes_.data(), size);
    bytes_.remove_prefix(size);
    return size;
  }
  int error() const noexcept override { return bytes_.empty() ? error_at_end_ : 0; }

 private:
  std::string_view bytes_;
  int error_at_end_;
};

// A ByteSink into memory, for running commands in process: it keeps what was written and can be
// made to fail, as a full disk does, after a number of bytes.
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

}  // namespace xfen::io
