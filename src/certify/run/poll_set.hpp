// One round of poll() over the children of a session: the pipes each one still has open, its
// exit, and the earliest deadline; then the events, each with the child it is about.
#pragma once

#include <algorithm>
#include <chrono>
#include <climits>
#include <poll.h>
#include <vector>

#include "certify/run/child_process.hpp"

namespace xfen::certify {

// The timeout poll() takes to wake at a deadline: rounded up, so that the loop never wakes a
// millisecond early and spins until the deadline passes.
using RunClock = std::chrono::steady_clock;

// -1 (wait for ever) when `deadline` is RunClock::time_point::max().
inline int poll_timeout_ms(RunClock::time_point now, RunClock::time_point deadline) {
  if (deadline == RunClock::time_point::max()) return -1;
  if (deadline <= now) return 0;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
  return left > INT_MAX ? INT_MAX : static_cast<int>(left);
}

enum class Stream : unsigned char { input, output, errors, exit };

// `Slot` derives from WatchedChild.
template <class Slot>
class PollSet {
 public:
  void clear() {
    fds_.clear();
    targets_.clear();
    deadline_ = RunClock::time_point::max();
    tick_ = false;
  }

  // Its open pipes (stdin only when `has_input` says there is something to write) and its exit.
  void watch(Slot& slot, bool has_input) {
    if (has_input && slot.input_open) add(slot.child.input(), POLLOUT, slot, Stream::input);
    if (slot.output_open) add(slot.child.output(), POLLIN, slot, Stream::output);
    if (slot.errors_open) add(slot.child.errors(), POLLIN, slot, Stream::errors);
    if (slot.child.exit_fd() >= 0) {
      add(slot.child.exit_fd(), POLLIN, slot, Stream::exit);
    } else {
      tick_ = true;
    }
  }

  void wake_by(RunClock::time_point deadline) { deadline_ = std::min(deadline_, deadline); }

  // False when nothing happened before the deadline (or poll was interrupted).
  bool wait() {
    int timeout = poll_timeout_ms(RunClock::now(), deadline_);
    if (tick_ && (timeout < 0 || timeout > kExitTick)) timeout = kExitTick;
    return ::poll(fds_.data(), fds_.size(), timeout) > 0;
  }

  // Calls on_ready(Slot&, Stream) for each event of the last wait().
  template <class OnReady>
  void for_each_ready(OnReady&& on_ready) {
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      if (fds_[i].revents == 0) continue;
      const Target target = targets_[i];
      // An earlier event of this round may have ended (and restarted) the process.
      if (!target.slot->child.running() || target.slot->generation != target.generation) continue;
      on_ready(*target.slot, target.stream);
    }
  }

 private:
  // Poll's wake-up period where the kernel has no pidfd, to notice exits that close no pipe.
  static constexpr int kExitTick = 10;

  struct Target {
    Slot* slot;
    unsigned generation;
    Stream stream;
  };

  void add(int fd, short events, Slot& slot, Stream stream) {
    fds_.push_back(pollfd{fd, events, 0});
    targets_.push_back(Target{&slot, slot.generation, stream});
  }

  std::vector<pollfd> fds_;
  std::vector<Target> targets_;
  RunClock::time_point deadline_ = RunClock::time_point::max();
  bool tick_ = false;
};

}  // namespace xfen::certify
