// A child process as a session runs it: which of its pipes are still open, the tail of its
// standard error, and a generation that tells a poll result about an earlier run of the same slot
// from one about the current run.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

#include "byte_tail.hpp"
#include "child_process.hpp"

namespace xfen::certify {

struct WatchedChild {
  explicit WatchedChild(std::size_t stderr_tail_bytes) : errors(stderr_tail_bytes) {}

  // 0, or the errno of what failed; the tail of an earlier run is forgotten.
  int start(const std::string& command) {
    if (const int error = child.start(command); error != 0) return error;
    ++generation;
    input_open = output_open = errors_open = true;
    errors.clear();
    return 0;
  }

  void close_input() {
    child.close_input();
    input_open = false;
  }
  void close_output() {
    child.close_output();
    output_open = false;
  }
  void close_errors() {
    child.close_errors();
    errors_open = false;
  }
  void close_pipes() {
    child.close_pipes();
    input_open = output_open = errors_open = false;
  }

  // Kills its group at once, without reading what it left in the pipes.
  void kill() {
    child.stop(std::chrono::milliseconds(0));
    close_pipes();
  }

  // Where the kernel has no pidfd, an exit that closes no pipe is noticed only by asking.
  bool exited_unnoticed() { return child.exit_fd() < 0 && child.has_exited(); }

  ChildProcess child;
  unsigned generation = 0;
  ByteTail errors;
  bool input_open = false;
  bool output_open = false;
  bool errors_open = false;
};

}  // namespace xfen::certify
