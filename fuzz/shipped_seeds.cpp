// The seeds shipped beside a fuzz target ($OUT/<target>_seeds/, written by
// .clusterfuzzlite/build.sh) join libFuzzer's corpus folders whenever it is given one.
//
// Why: ClusterFuzzLite and OSS-Fuzz unpack <target>_seed_corpus.zip only into a corpus of at most
// 5 files (ClusterFuzz's engine_common.unpack_seed_corpus_if_needed, MAX_FILES_FOR_UNPACK), and
// their coverage mode reads only the stored corpus: a seed or regression input added to corpus/
// after the first night would never be fuzzed nor counted. With the folder among the corpus
// folders, fuzzing starts from the seeds, and a merge (ClusterFuzz's after each fuzzing run, the
// coverage script's over the stored corpus) takes in those that add coverage.
//
// How: libFuzzer parses its arguments after LLVMFuzzerInitialize, which may replace them. Only
// when an argument is a folder (fuzzing, merging, a corpus run): a run of single inputs
// (reproducing a crash, minimising) stays as it was, and so do engines that pass no folder (AFL++).
#include <sys/stat.h>

#include <string>
#include <vector>

namespace {

bool is_folder(const char* path) {
  struct stat status {};
  return ::stat(path, &status) == 0 && S_ISDIR(status.st_mode);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  if (*argc < 1) return 0;
  // Kept for the process's life: libFuzzer keeps pointers into the arguments.
  static std::string seeds;
  static std::vector<char*> arguments;
  seeds = std::string((*argv)[0]) + "_seeds";
  if (!is_folder(seeds.c_str())) return 0;
  bool given_a_folder = false;
  for (int index = 1; index < *argc; ++index) {
    const char* argument = (*argv)[index];
    if (argument[0] == '-') continue;
    if (seeds == argument) return 0;
    given_a_folder = given_a_folder || is_folder(argument);
  }
  if (!given_a_folder) return 0;
  arguments.assign(*argv, *argv + *argc);
  arguments.push_back(seeds.data());
  arguments.push_back(nullptr);
  *argc += 1;
  *argv = arguments.data();
  return 0;
}
