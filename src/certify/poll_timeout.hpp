// The timeout poll() takes to wake at a deadline: rounded up, so that the loop never wakes a
// millisecond early and spins until the deadline passes.
#pragma once

#include <chrono>
#include <climits>

namespace xfen::certify {

using RunClock = std::chrono::steady_clock;

// -1 (wait for ever) when `deadline` is RunClock::time_point::max().
inline int poll_timeout_ms(RunClock::time_point now, RunClock::time_point deadline) {
  if (deadline == RunClock::time_point::max()) return -1;
  if (deadline <= now) return 0;
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now).count();
  return left > INT_MAX ? INT_MAX : static_cast<int>(left);
}

}  // namespace xfen::certify
