#include "fd_source.hpp"

#include <unistd.h>

#include <cerrno>

namespace xfen::cli {

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

}  // namespace xfen::cli
