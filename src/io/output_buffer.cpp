#include "io/output_buffer.hpp"

#include <charconv>
#include <cstring>

namespace xfen::io {

OutputBuffer::OutputBuffer(ByteSink& sink, std::size_t capacity) : sink_(sink), data_(capacity) {}

OutputBuffer::~OutputBuffer() {
  // A destructor must not throw; a sink that fails to write has already recorded its error.
  try {
    flush();
  } catch (...) {
  }
}

bool OutputBuffer::flush() {
  const std::size_t size = used_;
  used_ = 0;
  return sink_.write(std::span<const char>(data_.data(), size));
}

void OutputBuffer::write(std::string_view text) {
  if (text.size() > data_.size() - used_) flush();
  if (text.size() > data_.size()) {
    sink_.write(text);
    return;
  }
  std::memcpy(data_.data() + used_, text.data(), text.size());
  used_ += text.size();
}

void OutputBuffer::put(char byte) {
  if (used_ == data_.size()) flush();
  data_[used_++] = byte;
}

void OutputBuffer::write_number(std::uint64_t number) {
  char digits[24];
  const auto [end, error] = std::to_chars(digits, digits + sizeof digits, number);
  static_cast<void>(error);  // 24 bytes hold any 64-bit number
  write(std::string_view(digits, static_cast<std::size_t>(end - digits)));
}

std::span<char> OutputBuffer::reserve_after_flush(std::size_t size) {
  flush();
  if (size > data_.size()) data_.resize(size);
  return std::span<char>(data_.data() + used_, size);
}

}  // namespace xfen::io
