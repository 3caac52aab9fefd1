// Buffered output to a ByteSink: one write per buffer, not per line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "io/byte_stream.hpp"

namespace xfen::io {

class OutputBuffer {
 public:
  explicit OutputBuffer(ByteSink& sink, std::size_t capacity = std::size_t{256} * 1024);
  OutputBuffer(const OutputBuffer&) = delete;
  OutputBuffer& operator=(const OutputBuffer&) = delete;
  ~OutputBuffer();

  void write(std::string_view text);
  void put(char byte);
  void write_number(std::uint64_t number);

  // Room for `size` bytes to be filled in place (e.g. by xfen::write), then commit()ed; saves a
  // copy per record on the hot path, and is inline there but for a flush.
  std::span<char> reserve(std::size_t size) {
    if (size <= data_.size() - used_) return std::span<char>(data_.data() + used_, size);
    return reserve_after_flush(size);
  }
  void commit(std::size_t size) noexcept { used_ += size; }

  // Writes out what is buffered; false once any write has failed (e.g. a closed pipe), after
  // which further output is dropped.
  bool flush();

  // The errno that ended the output, 0 while it works.
  int error() const noexcept { return sink_.error(); }

 private:
  std::span<char> reserve_after_flush(std::size_t size);

  ByteSink& sink_;
  std::vector<char> data_;
  std::size_t used_ = 0;
};

}  // namespace xfen::io
