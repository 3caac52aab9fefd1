#include "io/line_reader.hpp"

#include <bit>
#include <cstring>
#include <span>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xfen::io {
namespace {

// The first "\n" in [first, last), or nullptr. Records are lines of some 60 bytes, for which
// memchr's set-up costs more than the search: 16 bytes at a time inline where every processor of
// the target can (SSE2 on x86-64). A load may pass `last` but not `readable` (the end of the
// buffer, whose bytes are all initialised); what it finds past `last` is masked off.
const char* find_newline(const char* first, const char* last, const char* readable) noexcept {
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  for (; first < last && readable - first >= 16; first += 16) {
    auto found = static_cast<unsigned>(_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(first)), newline)));
    if (last - first < 16) found &= (1u << (last - first)) - 1;
    if (found != 0) return first + std::countr_zero(found);
  }
  if (first >= last) return nullptr;
#endif
  return static_cast<const char*>(
      std::memchr(first, '\n', static_cast<std::size_t>(last - first)));
}

}  // namespace

LineReader::LineReader(ByteSource& source, std::size_t buffer_size)
    : source_(source), buffer_(buffer_size < kMinBufferSize ? kMinBufferSize : buffer_size) {}

bool LineReader::fill() {
  if (at_end_) return false;
  const std::size_t got = source_.read(std::span<char>(buffer_).subspan(end_));
  if (got > 0) {
    end_ += got;
    return true;
  }
  error_ = source_.error();
  at_end_ = true;
  return false;
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
    if (const char* newline = find_newline(start, start + pending, buffer_.data() + buffer_.size());
        newline != nullptr) {
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

}  // namespace xfen::io
