#include "wait_status.hpp"

#include <sys/wait.h>

#include <cstring>

namespace xfen::certify {

namespace {

// "signal 11 (SIGSEGV)".
std::string signal_text(int signal) {
  std::string text = "signal " + std::to_string(signal);
#if defined(__GLIBC__)
  if (const char* name = sigabbrev_np(signal)) {
    text += " (SIG";
    text += name;
    text += ')';
  }
#endif
  return text;
}

}  // namespace

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) {
    const int code = WEXITSTATUS(status);
    std::string text = "exit status " + std::to_string(code);
    // The command runs under /bin/sh, which reports a program killed by signal N as its own exit
    // status 128 + N: say so, or a segmentation fault reads as a mere status.
    if (code > 128 && code < 128 + 65) text += ": the shell's report of a program killed by " + signal_text(code - 128);
    return text;
  }
  if (WIFSIGNALED(status)) return "killed by " + signal_text(WTERMSIG(status));
  return "ended with wait status " + std::to_string(status);
}

bool exited_with(int status, int code) { return WIFEXITED(status) && WEXITSTATUS(status) == code; }

}  // namespace xfen::certify
