#include "pipe_io.hpp"

#include <unistd.h>

#include <cerrno>

namespace xfen::certify {

PipeResult read_some(int fd, std::span<char> into) {
  for (;;) {
    const ssize_t got = ::read(fd, into.data(), into.size());
    if (got > 0) return {PipeStatus::moved, static_cast<std::size_t>(got)};
    if (got == 0) return {PipeStatus::closed};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return {PipeStatus::would_block};
    return {PipeStatus::closed};
  }
}

PipeResult write_some(int fd, std::string_view bytes) {
  for (;;) {
    const ssize_t put = ::write(fd, bytes.data(), bytes.size());
    if (put >= 0) return {PipeStatus::moved, static_cast<std::size_t>(put)};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return {PipeStatus::would_block};
    return {PipeStatus::closed};
  }
}

}  // namespace xfen::certify
