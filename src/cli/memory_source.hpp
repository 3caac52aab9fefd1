// A ByteSource over bytes in memory, for running commands in process; it can end with a read
// error, as a directory given as standard input does.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

#include "byte_source.hpp"

namespace xfen::cli {

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

}  // namespace xfen::cli
