// A main for builds without libFuzzer (g++, ordinary ctest runs): runs LLVMFuzzerTestOneInput on
// every file named, and on every file in every folder named, so that the corpora are replayed
// on every build and the targets never rot. Flags (arguments starting with '-') are ignored, so
// the same command line works for both kinds of binary.
//
// A passing run prints one line; a crash (signal or sanitizer report) also prints the file being
// replayed and its input (testing/crash_note.hpp), so that a failing ctest names what failed.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "../testing/crash_note.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  // The target gets a heap block of exactly the input's size, as libFuzzer gives it: the vector
  // has room to spare, where a read one byte past the input would go unnoticed by ASan.
  const auto exact = std::make_unique<std::uint8_t[]>(bytes.size());
  std::copy(bytes.begin(), bytes.end(), exact.get());
  xfen::crash_note::set("replaying " + path.string(), "input", {bytes.data(), bytes.size()});
  LLVMFuzzerTestOneInput(exact.get(), bytes.size());
  xfen::crash_note::clear();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  xfen::crash_note::install();
  std::size_t replayed = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument.starts_with("-")) continue;
    const std::filesystem::path path(argument);
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
      std::vector<std::filesystem::path> files;
      for (const auto& entry : std::filesystem::directory_iterator(path))
        if (entry.is_regular_file() && entry.path().filename().string().front() != '.' &&
            entry.path().filename() != "README.md")
          files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) ok = replay_file(file) && ok, ++replayed;
    } else {
      ok = replay_file(path) && ok;
      ++replayed;
    }
  }
  std::printf("replayed %zu inputs\n", replayed);
  return ok ? 0 : 2;
}
