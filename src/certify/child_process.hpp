// One run of the program under test: /bin/sh -c COMMAND in a process group of its own, its
// standard streams on pipes whose parent ends never block. Ending it always kills the whole group,
// so that whatever the program left running in it goes too, and always reaps it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>

namespace xfen::certify {

struct ChildEnd {
  int status = 0;                // as waitpid gives it
  bool exited_by_itself = true;  // false: still running when its group was killed
};

class ChildProcess {
 public:
  ChildProcess() = default;
  // A child still running here (only on a path that forgot it) is killed and reaped all the same.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // 0, or the errno of what failed (pipes, posix_spawn).
  int start(const std::string& command);
  bool running() const { return pid_ > 0; }

  int input() const { return input_; }
  int output() const { return output_; }
  int errors() const { return errors_; }
  // Readable once the child has exited (a pidfd); -1 where the kernel has none, and then
  // has_exited() must be asked from time to time.
  int exit_fd() const { return exit_fd_; }

  void close_input();
  void close_output();
  void close_errors();

  // Whether the child has exited, without reaping it: while it is an unreaped zombie its pid
  // cannot be reused, so killing its process group stays safe.
  bool has_exited();

  // Gives the child up to `grace` to exit, then kills its process group (always), reaps it and
  // closes the pidfd. The pipes stay open, so that what is left in them can still be read.
  ChildEnd stop(std::chrono::milliseconds grace);
  void close_pipes();

 private:
  pid_t pid_ = -1;
  int input_ = -1;
  int output_ = -1;
  int errors_ = -1;
  int exit_fd_ = -1;
  bool exited_ = false;
};

}  // namespace xfen::certify
