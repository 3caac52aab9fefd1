// While xfen writes to programs that may have died, a write to a closed pipe must fail with EPIPE
// rather than kill xfen with SIGPIPE. The previous disposition comes back when the guard goes, so
// that xfen's own output keeps its usual behaviour. The disposition is the process's: runs on
// several threads at once (generative certification's shrinking sessions) are held inside one
// guard of their caller's, so that the first to end cannot restore the default under another.
#pragma once

#include <csignal>

namespace xfen::certify {

class IgnoredSigpipe {
 public:
  IgnoredSigpipe() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    restore_ = sigaction(SIGPIPE, &ignore, &previous_) == 0;
  }
  ~IgnoredSigpipe() {
    if (restore_) sigaction(SIGPIPE, &previous_, nullptr);
  }
  IgnoredSigpipe(const IgnoredSigpipe&) = delete;
  IgnoredSigpipe& operator=(const IgnoredSigpipe&) = delete;

 private:
  struct sigaction previous_ {};
  bool restore_ = false;
};

}  // namespace xfen::certify
