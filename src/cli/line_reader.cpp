#include "line_reader.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace xfen::cli {

namespace {

// A line may reach kMaxLineLength bytes plus the "\r" of a "\r\n" whose "\n" is not read yet.
constexpr std::size_t kMaxPendingLine = kMaxLineLength + 1;

}  // namespace

LineReader::LineReader(int fd, std::size_t buffer_size)
    : fd_(fd), buffer_(buffer_size < 4 * kMaxPendingLine ? 4 * kMaxPendingLine : buffer_size) {}

bool LineReader::fill() {
  if (at_end_) return false;
  for (;;) {
    const ssize_t got = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    if (got > 0) {
      end_ += static_cast<std::size_t>(got);
      return true;
    }
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) error_ = errno;
    at_end_ = true;
    return false;
  }
}

void LineReader::emit(Line& line, std::string_view text) {
  line.number = ++line_number_;
  line.too_long = text.size() > kMaxLineLength;
  line.text = line.too_long ? std::string_view{} : text;
}

// Discards bytes up to and including the next "\n", a buffer at a time, so a line of gigabytes
// costs no memory.
bool LineReader::skip_rest_of_long_line(Line& line) {
  for (;;) {
    const char* start = buffer_.data() + begin_;
    const void* newline = std::memchr(start, '\n', end_ - begin_);
    if (newline != nullptr) {
      begin_ = static_cast<std::size_t>(static_cast<const char*>(newline) - buffer_.data()) + 1;
      break;
    }
    begin_ = end_ = 0;
    if (!fill()) break;  // the long line was the last one, without "\n"
  }
  skipping_ = false;
  line.number = ++line_number_;
  line.too_long = true;
  line.text = {};
  return true;
}

bool LineReader::next(Line& line) {
  for (;;) {
    if (skipping_) return skip_rest_of_long_line(line);

    const char* start = buffer_.data() + begin_;
    const std::size_t pending = end_ - begin_;
    if (const void* found = std::memchr(start, '\n', pending); found != nullptr) {
      const char* newline = static_cast<const char*>(found);
      std::size_t length = static_cast<std::size_t>(newline - start);
      if (length > 0 && start[length - 1] == '\r') --length;
      begin_ += static_cast<std::size_t>(newline - start) + 1;
      emit(line, std::string_view(start, length));
      return true;
    }
    if (pending > kMaxPendingLine) {
      skipping_ = true;
      continue;
    }
    if (at_end_) {
      if (pending == 0 || error_ != 0) return false;  // a read error leaves no trustworthy line
      // A last line without "\n" is still a line; a lone "\r" at its end is not a terminator.
      begin_ = end_;
      emit(line, std::string_view(start, pending));
      return true;
    }
    // Keep the partial line (at most kMaxPendingLine bytes) and read behind it.
    if (begin_ > 0) {
      std::memmove(buffer_.data(), start, pending);
      begin_ = 0;
      end_ = pending;
    }
    fill();
  }
}

}  // namespace xfen::cli
