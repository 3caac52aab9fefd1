#include "io/output_file.hpp"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "io/fd_stream.hpp"

namespace xfen::io {

namespace {

// Linux closes the descriptor even when close(2) fails with EINTR: never retried.
int close_once(int fd) noexcept { return ::close(fd); }

bool same_file(const struct stat& a, const struct stat& b) noexcept {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// The target with its symbolic links followed, when it exists; else as named.
std::string resolved(const std::string& target) {
  char* real = ::realpath(target.c_str(), nullptr);
  if (real == nullptr) return target;
  std::string path(real);
  std::free(real);  // realpath's own allocation
  return path;
}

// "DIR/.NAME.xfen-XXXXXX" beside `path`: hidden, and in the same file system, so that rename(2)
// replaces the target in one step.
std::string temporary_template(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  std::string pattern = slash == std::string::npos ? std::string("./") : path.substr(0, slash + 1);
  pattern += '.';
  pattern += slash == std::string::npos ? path : path.substr(slash + 1);
  pattern += ".xfen-XXXXXX";
  return pattern;
}

mode_t current_umask() noexcept {
  const mode_t mask = ::umask(0);
  ::umask(mask);
  return mask;
}

// Makes the directory entries (the rename) durable too; a file system that cannot is no error.
void sync_directory_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string directory = slash == std::string::npos ? std::string(".")
                                : slash == 0              ? std::string("/")
                                                          : path.substr(0, slash);
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  static_cast<void>(::fsync(fd));
  close_once(fd);
}

}  // namespace

OutputFile::~OutputFile() {
  if (!committed_) abandon();
}

OutputFile::Opened OutputFile::open(std::string_view target, Mode mode,
                                    std::span<const std::string> inputs) {
  target_ = std::string(target);
  final_path_ = resolved(target_);

  struct stat existing {};
  const bool exists = ::stat(final_path_.c_str(), &existing) == 0;
  target_existed_ = exists;
  if (mode == Mode::in_place) {
    if (!exists) return {Status::io_error, {IoOperation::open, target_, errno}, {}};
    if (!S_ISREG(existing.st_mode)) return {Status::not_regular, {}, {}};
  } else if (exists) {
    for (const std::string& input : inputs) {
      struct stat other {};
      if (input != "-" && ::stat(input.c_str(), &other) == 0 && same_file(existing, other))
        return {Status::target_is_input, {}, input};
    }
    if (!S_ISREG(existing.st_mode)) {
      // /dev/null, /dev/stdout, a FIFO: written into, as a shell's redirection would.
      do {
        fd_ = ::open(final_path_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
      } while (fd_ < 0 && errno == EINTR);
      if (fd_ < 0) return {Status::io_error, {IoOperation::open, target_, errno}, {}};
      return {};
    }
  }

  const std::string pattern = temporary_template(final_path_);
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  fd_ = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd_ < 0) return {Status::io_error, {IoOperation::open, target_, errno}, {}};
  temporary_ = name.data();

  // The owner of the file replaced, where we may give it (root may), and its permissions, or
  // those a new file gets; mkstemp made it 0600. chown first: it clears the set-user-ID bit.
  if (exists) static_cast<void>(::fchown(fd_, existing.st_uid, existing.st_gid));
  const mode_t permissions = exists ? (existing.st_mode & 07777) : (0666 & ~current_umask());
  if (::fchmod(fd_, permissions) != 0) {
    const int error_number = errno;
    abandon();
    return {Status::io_error, {IoOperation::open, target_, error_number}, {}};
  }
  return {};
}

bool OutputFile::write(std::span<const char> bytes) {
  if (bytes.empty()) return error_ == 0;  // a buffer flushed after abandon(), say
  if (fd_ < 0 && error_ == 0) error_ = EBADF;
  if (error_ == 0) error_ = write_all(fd_, bytes);
  return error_ == 0;
}

std::optional<IoError> OutputFile::commit() {
  if (fd_ < 0) return write_error(error_ != 0 ? error_ : EBADF);
  if (error_ != 0) {
    const IoError failed = write_error(error_);
    abandon();
    return failed;
  }
  if (temporary_.empty()) {
    // Written straight into a device or pipe: nothing to sync or rename.
    const int closed = close_once(fd_);
    fd_ = -1;
    committed_ = true;
    if (closed != 0 && errno != EINTR) return write_error(errno);
    return std::nullopt;
  }
  int error_number = 0;
  if (::fsync(fd_) != 0) error_number = errno;
  const int closed = close_once(fd_);
  fd_ = -1;
  if (error_number == 0 && closed != 0 && errno != EINTR) error_number = errno;
  if (error_number == 0 && ::rename(temporary_.c_str(), final_path_.c_str()) != 0)
    error_number = errno;
  if (error_number != 0) {
    abandon();
    return write_error(error_number);
  }
  temporary_.clear();
  committed_ = true;
  sync_directory_of(final_path_);
  return std::nullopt;
}

void OutputFile::abandon() noexcept {
  if (fd_ >= 0) {
    close_once(fd_);
    fd_ = -1;
  }
  if (!temporary_.empty()) {
    ::unlink(temporary_.c_str());
    temporary_.clear();
  }
}

}  // namespace xfen::io
