#include "cli/suite_directory.hpp"

#include <system_error>

// Both set by src/cli/CMakeLists.txt: the suite in the source tree, and the installed suite's
// path relative to the installed executable's folder.
#ifndef XFEN_SUITE_SOURCE_DIR
#error "XFEN_SUITE_SOURCE_DIR is not defined"
#endif
#ifndef XFEN_SUITE_FROM_BINDIR
#error "XFEN_SUITE_FROM_BINDIR is not defined"
#endif

namespace xfen::cli {

std::filesystem::path default_suite_directory() {
  std::error_code error;
  // Linux names the running executable here; elsewhere only the source tree is looked at.
  const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path installed =
        (executable.parent_path() / XFEN_SUITE_FROM_BINDIR).lexically_normal();
    if (std::filesystem::is_directory(installed, error)) return installed;
  }
  return XFEN_SUITE_SOURCE_DIR;
}

}  // namespace xfen::cli
