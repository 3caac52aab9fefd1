// The last bytes of a stream that may never end (a program's standard error): memory stays within
// twice the limit however much is written, and copying stays proportional to what is kept.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace xfen::certify {

class ByteTail {
 public:
  explicit ByteTail(std::size_t limit) : limit_(limit) {}

  void append(std::string_view bytes) {
    if (limit_ == 0) return;
    if (bytes.size() >= limit_) {
      kept_.assign(bytes.substr(bytes.size() - limit_));
      return;
    }
    // Dropping the front only once the buffer reaches twice the limit keeps appends amortised
    // constant instead of shifting the whole tail on every small write.
    if (kept_.size() + bytes.size() > 2 * limit_) kept_.erase(0, kept_.size() + bytes.size() - limit_);
    kept_.append(bytes);
  }

  std::string str() const {
    const std::size_t size = kept_.size() < limit_ ? kept_.size() : limit_;
    return kept_.substr(kept_.size() - size);
  }

  void clear() { kept_.clear(); }

 private:
  std::size_t limit_;
  std::string kept_;
};

}  // namespace xfen::certify
