#include "conformance/output_directory.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>
#include <utility>

namespace xfen::conformance {
namespace {

// "out/" names the same directory as "out", but a trailing slash makes the system follow a
// symbolic link that O_NOFOLLOW and lstat would otherwise see.
std::string without_trailing_slashes(std::string text) {
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

std::string symbolic_link_refused(const std::string& path) {
  return path + " is a symbolic link: refusing to write through it";
}

// Refuses a symbolic link and anything but a directory, the way both `open` and `subdirectory`
// must; an empty result is a directory.
std::string refusal_of_non_directory(const struct stat& status, const std::string& path) {
  if (S_ISLNK(status.st_mode)) return symbolic_link_refused(path);
  if (!S_ISDIR(status.st_mode)) return path + " exists and is not a directory";
  return {};
}

}  // namespace

OutputDirectory OutputDirectory::open(const std::filesystem::path& path, bool overwrite) {
  OutputDirectory directory(without_trailing_slashes(path.string()), overwrite);
  const std::string& shown = directory.shown_path_;
  if (shown.empty()) {
    directory.problem_ = "no directory named to write into";
    return directory;
  }
  const std::filesystem::path parent = std::filesystem::path(shown).parent_path();
  std::error_code error;
  if (!parent.empty()) std::filesystem::create_directories(parent, error);
  if (error) {
    directory.problem_ = "cannot create " + parent.string() + ": " + error.message();
    return directory;
  }
  // mkdir never follows a symbolic link in the last component: it fails with EEXIST.
  const bool created = ::mkdir(shown.c_str(), 0777) == 0;
  if (!created && errno != EEXIST) {
    directory.fail("cannot create", "", errno);
    return directory;
  }
  struct stat status {};
  if (::lstat(shown.c_str(), &status) != 0) {
    directory.fail("cannot examine", "", errno);
    return directory;
  }
  directory.problem_ = refusal_of_non_directory(status, shown);
  if (!directory.problem_.empty()) return directory;
  // O_NOFOLLOW: a directory swapped for a link since lstat is refused, not followed.
  directory.fd_ = ::open(shown.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (directory.fd_ < 0) {
    directory.fail("cannot open", "", errno);
    return directory;
  }
  if (!created && !overwrite && !std::filesystem::is_empty(shown, error))
    directory.problem_ = error ? "cannot list " + shown + ": " + error.message()
                               : shown + " is not empty: refusing to write into it (--force does)";
  return directory;
}

OutputDirectory::OutputDirectory(OutputDirectory&& other) noexcept
    : shown_path_(std::move(other.shown_path_)), overwrite_(other.overwrite_),
      fd_(std::exchange(other.fd_, -1)), problem_(std::move(other.problem_)) {}

OutputDirectory::~OutputDirectory() {
  if (fd_ >= 0) ::close(fd_);
}

OutputDirectory OutputDirectory::subdirectory(std::string_view name) {
  OutputDirectory child(path_of(name), overwrite_);
  if (!problem_.empty()) {
    child.problem_ = problem_;
    return child;
  }
  const std::string component(name);
  if (::mkdirat(fd_, component.c_str(), 0777) != 0 && errno != EEXIST) {
    child.fail("cannot create", "", errno);
    return child;
  }
  struct stat status {};
  if (::fstatat(fd_, component.c_str(), &status, AT_SYMLINK_NOFOLLOW) != 0) {
    child.fail("cannot examine", "", errno);
    return child;
  }
  child.problem_ = refusal_of_non_directory(status, child.shown_path_);
  if (!child.problem_.empty()) return child;
  child.fd_ = ::openat(fd_, component.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (child.fd_ < 0) child.fail("cannot open", "", errno);
  return child;
}

bool OutputDirectory::write_file(std::string_view name, std::string_view bytes) {
  if (!problem_.empty()) return false;
  const std::string component(name);
  const int flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (overwrite_ ? O_TRUNC : O_EXCL);
  const int fd = ::openat(fd_, component.c_str(), flags, 0666);
  if (fd < 0) {
    fail("cannot create", name, errno);
    return false;
  }
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) {
      fail("cannot write", name, errno);
      ::close(fd);
      return false;
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  // A full disk or a quota can show only when the file is closed (NFS, for one).
  if (::close(fd) != 0) {
    fail("cannot write", name, errno);
    return false;
  }
  return true;
}

// "cannot create out/valid/a.input: File exists"; a symbolic link where a file was to be made
// says so.
void OutputDirectory::fail(std::string_view what, std::string_view name, int error_number) {
  const std::string path = path_of(name);
  problem_ = error_number == ELOOP
                 ? symbolic_link_refused(path)
                 : std::string(what) + " " + path + ": " + std::strerror(error_number);
}

std::string OutputDirectory::path_of(std::string_view name) const {
  return name.empty() ? shown_path_ : shown_path_ + "/" + std::string(name);
}

}  // namespace xfen::conformance
