#include "fd_sink.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstddef>

namespace xfen::cli {

bool FdSink::write(std::span<const char> bytes) {
  while (error_ == 0 && !bytes.empty()) {
    const ssize_t written = ::write(fd_, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) error_ = errno;
    // write(2) returns 0 only for a request of 0 bytes; treat it as an error rather than loop.
    else if (written == 0) error_ = EIO;
    else bytes = bytes.subspan(static_cast<std::size_t>(written));
  }
  return error_ == 0;
}

}  // namespace xfen::cli
