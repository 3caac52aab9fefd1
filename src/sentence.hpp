// A sentence written into a caller's buffer, so that formatting a message needs no allocation.
// Text beyond the buffer is dropped: the caller's buffer decides how much of a sentence it wants.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace xfen::detail {

class Sentence {
 public:
  explicit Sentence(std::span<char> out) noexcept : out_(out) {}

  Sentence& operator<<(std::string_view text) noexcept {
    for (const char c : text) *this << c;
    return *this;
  }
  Sentence& operator<<(char c) noexcept {
    if (size_ < out_.size()) out_[size_] = c;
    ++size_;
    return *this;
  }
  template <std::integral Number>
    requires(!std::same_as<Number, char> && !std::same_as<Number, bool>)
  Sentence& operator<<(Number number) noexcept {
    auto value = static_cast<std::int64_t>(number);
    if (value < 0) {
      *this << '-';
      value = -value;  // never the minimum: the numbers are counts, clocks and sizes
    }
    std::array<char, 20> digits{};
    std::size_t count = 0;
    do {
      digits[count++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    while (count > 0) *this << digits[--count];
    return *this;
  }

  // How long the whole sentence is, also the part that did not fit.
  std::size_t size() const noexcept { return size_; }
  // How much of it is in the buffer.
  std::size_t written() const noexcept { return size_ < out_.size() ? size_ : out_.size(); }

 private:
  std::span<char> out_;
  std::size_t size_ = 0;
};

}  // namespace xfen::detail
