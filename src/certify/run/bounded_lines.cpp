#include "certify/run/bounded_lines.hpp"

#include <cstring>

namespace xfen::certify {

bool BoundedLines::next(std::string_view& input, BoundedLine& line) {
  if (handed_out_) forget_line();
  while (!input.empty()) {
    const void* newline = std::memchr(input.data(), '\n', input.size());
    if (discarding_) {  // the rest of a line already reported as too long
      if (newline == nullptr) {
        input = {};
        return false;
      }
      input.remove_prefix(static_cast<std::size_t>(static_cast<const char*>(newline) - input.data()) + 1);
      discarding_ = false;
      continue;
    }
    if (newline == nullptr) {
      keep(input);
      input = {};
      if (!overflow_) return false;
      // Reported as soon as it is too long, not at its end: a line that never ends must not hold
      // its record's verdict back until the time limit.
      finish(pending_, line);
      handed_out_ = true;
      discarding_ = true;
      return true;
    }
    const auto size = static_cast<std::size_t>(static_cast<const char*>(newline) - input.data());
    const std::string_view part = input.substr(0, size);
    input.remove_prefix(size + 1);
    // The common case, a whole line inside one chunk, is handed out in place: no copy.
    if (pending_.empty() && !overflow_) {
      finish(part, line);
      return true;
    }
    keep(part);
    finish(pending_, line);
    handed_out_ = true;
    return true;
  }
  return false;
}

bool BoundedLines::rest(BoundedLine& line) {
  if (handed_out_) forget_line();
  if (discarding_ || (pending_.empty() && !overflow_)) return false;
  finish(pending_, line);
  handed_out_ = true;
  return true;
}

void BoundedLines::clear() {
  forget_line();
  discarding_ = false;
}

void BoundedLines::forget_line() {
  pending_.clear();
  overflow_ = false;
  handed_out_ = false;
}

void BoundedLines::keep(std::string_view part) {
  if (overflow_) return;
  const std::size_t room = max_ + 1 - pending_.size();
  if (part.size() > room) {
    pending_.append(part.substr(0, room));
    overflow_ = true;
    return;
  }
  pending_.append(part);
}

void BoundedLines::finish(std::string_view text, BoundedLine& line) const {
  if (!overflow_ && !text.empty() && text.back() == '\r') text.remove_suffix(1);
  line.too_long = overflow_ || text.size() > max_;
  line.text = line.too_long ? text.substr(0, max_) : text;
}

}  // namespace xfen::certify
