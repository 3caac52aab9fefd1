#include "io/fd_stream.hpp"

#include <cerrno>
#include <cstddef>
#include <unistd.h>

namespace xfen::io {

std::size_t FdSource::read(std::span<char> into) {
  while (!at_end_) {
    const ssize_t got = ::read(fd_, into.data(), into.size());
    if (got > 0) return static_cast<std::size_t>(got);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) error_ = errno;
    at_end_ = true;
  }
  return 0;
}

int write_all(int fd, std::span<const char> bytes) noexcept {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) return errno;
    // write(2) returns 0 only for a request of 0 bytes; treat it as an error rather than loop.
    if (written == 0) return EIO;
    bytes = bytes.subspan(static_cast<std::size_t>(written));
  }
  return 0;
}

bool FdSink::write(std::span<const char> bytes) {
  if (error_ == 0) error_ = write_all(fd_, bytes);
  return error_ == 0;
}

}  // namespace xfen::io
