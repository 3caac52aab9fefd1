#include "fd_sink.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace xfen::cli {

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

}  // namespace xfen::cli
