#include "certify/run/child_process.hpp"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace xfen::certify {

namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// A pipe end must not land on 0, 1 or 2 (possible when xfen itself was started with one of them
// closed): the child's dup2 onto its standard streams would then overwrite one pipe with another.
int raise_above_standard(int& fd) {
  if (fd > 2) return 0;
  const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (moved < 0) return errno;
  ::close(fd);
  fd = moved;
  return 0;
}

int make_pipe(int (&ends)[2]) {
  if (::pipe2(ends, O_CLOEXEC) != 0) return errno;
  int error = raise_above_standard(ends[0]);
  if (error == 0) error = raise_above_standard(ends[1]);
  if (error != 0) {
    ::close(ends[0]);
    ::close(ends[1]);
  }
  return error;
}

int set_nonblocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) return errno;
  return 0;
}

// posix_spawn, POSIX's own spawning helper: Debian 12's Boost.Process (v1, Boost 1.74) has no
// non-blocking pipes on all three streams nor process groups, which the single poll loop needs.
int spawn_shell(const std::string& command, const int (&in)[2], const int (&out)[2],
                const int (&err)[2], pid_t& pid) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  if (int error = posix_spawn_file_actions_init(&actions); error != 0) return error;
  if (int error = posix_spawnattr_init(&attributes); error != 0) {
    posix_spawn_file_actions_destroy(&actions);
    return error;
  }
  int error = posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  if (error == 0) error = posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
  // A group of its own, so that one kill ends the program and everything it started. SIGPIPE
  // back to its default: the runner ignores it, and an ignored signal survives exec.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigset_t no_mask;
  sigemptyset(&no_mask);
  if (error == 0) error = posix_spawnattr_setpgroup(&attributes, 0);
  if (error == 0) error = posix_spawnattr_setsigdefault(&attributes, &defaults);
  if (error == 0) error = posix_spawnattr_setsigmask(&attributes, &no_mask);
  if (error == 0) {
    error = posix_spawnattr_setflags(
        &attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  }
  if (error == 0) {
    // posix_spawn takes char* const[] for historical reasons; it does not write to them.
    char* argv[] = {const_cast<char*>("sh"), const_cast<char*>("-c"),
                    const_cast<char*>(command.c_str()), nullptr};
    error = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ);
  }
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  return error;
}

// A pidfd turns the child's exit into a poll event, even when something it left behind keeps its
// pipes open. Through syscall(): glibc 2.36's <sys/pidfd.h> lacks extern "C" and cannot be used
// from C++. -1 on kernels before 5.3, and then has_exited() is asked instead.
int open_exit_fd(pid_t pid) {
#ifdef SYS_pidfd_open
  return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
  (void)pid;
  return -1;
#endif
}

}  // namespace

ChildProcess::~ChildProcess() {
  if (running()) stop(std::chrono::milliseconds(0));
  close_pipes();
}

int ChildProcess::start(const std::string& command) {
  if (running()) stop(std::chrono::milliseconds(0));
  close_pipes();
  int in[2] = {-1, -1};
  int out[2] = {-1, -1};
  int err[2] = {-1, -1};
  int error = make_pipe(in);
  if (error == 0) error = make_pipe(out);
  if (error == 0) error = make_pipe(err);
  if (error == 0) error = set_nonblocking(in[1]);
  if (error == 0) error = set_nonblocking(out[0]);
  if (error == 0) error = set_nonblocking(err[0]);
  pid_t pid = -1;
  if (error == 0) error = spawn_shell(command, in, out, err, pid);
  for (int* fd : {&in[0], &out[1], &err[1]}) close_fd(*fd);
  if (error != 0) {
    for (int* fd : {&in[1], &out[0], &err[0]}) close_fd(*fd);
    return error;
  }
  pid_ = pid;
  exited_ = false;
  input_ = in[1];
  output_ = out[0];
  errors_ = err[0];
  exit_fd_ = open_exit_fd(pid);
  return 0;
}

void ChildProcess::close_input() { close_fd(input_); }
void ChildProcess::close_output() { close_fd(output_); }
void ChildProcess::close_errors() { close_fd(errors_); }

bool ChildProcess::has_exited() {
  if (exited_ || !running()) return exited_;
  siginfo_t info{};
  info.si_pid = 0;
  if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
      info.si_pid != 0) {
    exited_ = true;
  }
  return exited_;
}

ChildEnd ChildProcess::stop(std::chrono::milliseconds grace) {
  ChildEnd end;
  if (!running()) return end;
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (!has_exited()) {
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline -
                                                                   std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    if (exit_fd_ >= 0) {
      pollfd exit_poll{exit_fd_, POLLIN, 0};
      ::poll(&exit_poll, 1, static_cast<int>(left.count()));
    } else {
      const timespec pause{0, 1'000'000};
      ::nanosleep(&pause, nullptr);
    }
  }
  end.exited_by_itself = exited_;
  // Before reaping: the leader, even a zombie, keeps the group id from being reused.
  ::kill(-pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  end.status = status;
  pid_ = -1;
  exited_ = false;
  close_fd(exit_fd_);
  return end;
}

void ChildProcess::close_pipes() {
  close_fd(input_);
  close_fd(output_);
  close_fd(errors_);
}

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

PipeResult read_some(int fd, std::span<char> into) {
  for (;;) {
    const ssize_t got = ::read(fd, into.data(), into.size());
    if (got > 0) return {PipeStatus::moved, static_cast<std::size_t>(got)};
    if (got == 0) return {PipeStatus::closed};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return {PipeStatus::would_block};
    return {PipeStatus::closed};
  }
}

PipeResult write_some(int fd, std::string_view bytes) {
  for (;;) {
    const ssize_t put = ::write(fd, bytes.data(), bytes.size());
    if (put >= 0) return {PipeStatus::moved, static_cast<std::size_t>(put)};
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) return {PipeStatus::would_block};
    return {PipeStatus::closed};
  }
}

}  // namespace xfen::certify
