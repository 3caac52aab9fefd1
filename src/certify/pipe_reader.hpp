// Reads what a non-blocking pipe holds now, a chunk at a time and within a number of chunks, so
// that a program writing without end can neither keep the runner on one pipe nor fill its memory.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "pipe_io.hpp"

namespace xfen::certify {

class PipeReader {
 public:
  static constexpr std::size_t kChunk = 64 * 1024;
  // Reads of one pipe per wake-up: enough to empty a full pipe, few enough that a process writing
  // without end cannot starve the others.
  static constexpr int kReadsPerWake = 4;
  // What is still read from a process after it ended (a child it left behind may write for ever).
  static constexpr int kDrainReads = static_cast<int>(4 * 1024 * 1024 / kChunk);

  PipeReader() : chunk_(kChunk) {}

  // Hands each chunk read to take(std::string_view), valid only during the call. Returns closed
  // at end of file, would_block once the pipe is empty for now, and moved when `reads` chunks
  // were read and more may be waiting.
  template <class Take>
  PipeStatus read(int fd, int reads, Take&& take) {
    for (int i = 0; i < reads; ++i) {
      const PipeResult result = read_some(fd, chunk_);
      if (result.status != PipeStatus::moved) return result.status;
      take(std::string_view(chunk_.data(), result.bytes));
      // A short read has emptied the pipe: asking again would only say would_block.
      if (result.bytes < chunk_.size()) return PipeStatus::would_block;
    }
    return PipeStatus::moved;
  }

 private:
  std::vector<char> chunk_;
};

}  // namespace xfen::certify
