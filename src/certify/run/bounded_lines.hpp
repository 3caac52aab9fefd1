// Splits a byte stream that arrives in chunks into lines, keeping at most one line's worth of
// bytes whatever the stream holds: a line over the limit is reported as too long with its first
// bytes as soon as it passes the limit, and the rest of it is dropped up to the next '\n'.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace xfen::certify {

struct BoundedLine {
  // Without its '\n' and a '\r' right before it; the first max_line_bytes bytes when too long.
  std::string_view text;
  bool too_long = false;
};

class BoundedLines {
 public:
  explicit BoundedLines(std::size_t max_line_bytes) : max_(max_line_bytes) {}

  // Takes the bytes of `input` up to and including its first '\n' and returns true with that
  // line, or takes all of `input` and returns false when it ends inside a line. `line` points into
  // `input` or into this object, and is valid until the next call.
  bool next(std::string_view& input, BoundedLine& line);
  // At the end of the stream: the bytes after the last '\n', if there are any, as a last line.
  bool rest(BoundedLine& line);
  void clear();

 private:
  void keep(std::string_view part);
  void forget_line();  // the line handed out last
  void finish(std::string_view text, BoundedLine& line) const;

  std::size_t max_;
  std::string pending_;  // the line so far: at most max_ + 1 bytes (room for a '\r' at the limit)
  bool overflow_ = false;
  bool handed_out_ = false;  // the last line returned points into pending_
  bool discarding_ = false;  // inside a line already reported as too long
};

}  // namespace xfen::certify
