// A directory to write an export into, that nothing written through it can leave: the directory
// is opened once, without following a symbolic link, and every file and subdirectory is made
// relative to that open directory, never through a path that could be swapped on the way.
// POSIX (openat, mkdirat).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace xfen::conformance {

class OutputDirectory {
 public:
  // Opens `path`, creating it (and its missing parents) when it does not exist. Refuses a
  // symbolic link, anything that is not a directory, and, unless `overwrite`, a directory that
  // is not empty. Check problem() before use.
  static OutputDirectory open(const std::filesystem::path& path, bool overwrite);

  OutputDirectory(OutputDirectory&& other) noexcept;
  OutputDirectory& operator=(OutputDirectory&&) = delete;
  OutputDirectory(const OutputDirectory&) = delete;
  OutputDirectory& operator=(const OutputDirectory&) = delete;
  ~OutputDirectory();

  // What went wrong, naming the path and the reason ("cannot create out/valid/a.input: File
  // exists"); empty while everything worked. After a problem, every call does nothing.
  const std::string& problem() const noexcept { return problem_; }

  // The subdirectory `name` (one path component), created when missing; one that exists as a
  // symbolic link or as anything but a directory is refused. Check the result's problem().
  OutputDirectory subdirectory(std::string_view name);

  // A new file `name` (one path component) holding exactly `bytes`. Without `overwrite` an
  // existing file is never replaced (O_EXCL); with it, it is, unless it is a symbolic link.
  bool write_file(std::string_view name, std::string_view bytes);

 private:
  OutputDirectory(std::string shown_path, bool overwrite) noexcept
      : shown_path_(std::move(shown_path)), overwrite_(overwrite) {}

  void fail(std::string_view what, std::string_view name, int error_number);
  std::string path_of(std::string_view name) const;

  std::string shown_path_;  // for messages
  bool overwrite_;
  int fd_ = -1;
  std::string problem_;
};

}  // namespace xfen::conformance
