// One read or write on a non-blocking pipe, with the three outcomes the runner acts on.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>

namespace xfen::certify {

enum class PipeStatus : unsigned char {
  moved,        // `bytes` bytes were read or written
  would_block,  // nothing now: wait for poll
  closed,       // end of file, or the other end is gone (EPIPE), or the pipe failed
};

struct PipeResult {
  PipeStatus status;
  std::size_t bytes = 0;
};

PipeResult read_some(int fd, std::span<char> into);
PipeResult write_some(int fd, std::string_view bytes);

}  // namespace xfen::certify
