#include "output_buffer.hpp"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>

namespace xfen::cli {

OutputBuffer::OutputBuffer(int fd, std::size_t capacity) : fd_(fd), data_(capacity) {}

OutputBuffer::~OutputBuffer() { flush(); }

void OutputBuffer::write_all(const char* data, std::size_t size) noexcept {
  while (size > 0 && !failed_) {
    const ssize_t written = ::write(fd_, data, size);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      failed_ = true;
      return;
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
}

bool OutputBuffer::flush() noexcept {
  write_all(data_.data(), used_);
  used_ = 0;
  return !failed_;
}

void OutputBuffer::write(std::string_view text) {
  if (text.size() > data_.size() - used_) flush();
  if (text.size() > data_.size()) {
    write_all(text.data(), text.size());
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

std::span<char> OutputBuffer::reserve(std::size_t size) {
  if (size > data_.size() - used_) flush();
  if (size > data_.size()) data_.resize(size);
  return std::span<char>(data_.data() + used_, size);
}

}  // namespace xfen::cli
