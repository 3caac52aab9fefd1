// While the runner writes to programs that may have died, a write to a closed pipe must fail with
// EPIPE rather than kill xfen with SIGPIPE. The previous disposition comes back when the runner
// returns, so that xfen's own output keeps its usual behaviour.
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
