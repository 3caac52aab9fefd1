// One run of the program under test: /bin/sh -c COMMAND in a process group of its own, its
// standard streams on pipes whose parent ends never block. Ending it always kills the whole group,
// so that whatever the program left running in it goes too, and always reaps it.
#pragma once

#include <chrono>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

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

// How a child process ended, in the words reports use: "exit status 3", "killed by signal 11
// (SIGSEGV)".
// `status` as waitpid gives it.
std::string describe_wait_status(int status);
bool exited_with(int status, int code);

// The last bytes of a stream that may never end (a program's standard error): memory stays within
// twice the limit however much is written, and copying stays proportional to what is kept.
class ByteTail {
 public:
  explicit ByteTail(std::size_t limit) : limit_(limit) {}

  void append(std::string_view bytes) {
    if (limit_ == 0) return;
    if (bytes.size() >= limit_) {
      kept_.assign(bytes.substr(bytes.size() - limit_));
      return;
    }
    // Dropping the front only once the buffer reaches twice the limit keeps appends amortised
    // constant instead of shifting the whole tail on every small write.
    if (kept_.size() + bytes.size() > 2 * limit_) kept_.erase(0, kept_.size() + bytes.size() - limit_);
    kept_.append(bytes);
  }

  std::string str() const {
    const std::size_t size = kept_.size() < limit_ ? kept_.size() : limit_;
    return kept_.substr(kept_.size() - size);
  }

  void clear() { kept_.clear(); }

 private:
  std::size_t limit_;
  std::string kept_;
};

// A child process as a session runs it: which of its pipes are still open, the tail of its
// standard error, and a generation that tells a poll result about an earlier run of the same slot
// from one about the current run.
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

// One read or write on a non-blocking pipe, with the three outcomes the runner acts on.
enum class PipeStatus : unsigned char {
  moved,        // `bytes` bytes were read or written
  would_block,  // nothing now: wait for poll
  closed,       // end of file, or the other end is gone (EPIPE), or the pipe failed
};

struct PipeResult {
  PipeStatus status;
  std::size_t bytes = 0;
};

PipeResult read_some(int fd, std::span<char> into);
PipeResult write_some(int fd, std::string_view bytes);

// Reads what a non-blocking pipe holds now, a chunk at a time and within a number of chunks, so
// that a program writing without end can neither keep the runner on one pipe nor fill its memory.
class PipeReader {
 public:
  static constexpr std::size_t kChunk = 64 * 1024;
  // Reads of one pipe per wake-up: enough to empty a full pipe, few enough that a process writing
  // without end cannot starve the others.
  static constexpr int kReadsPerWake = 4;
  // What is still read from a process after it ended (a child it left behind may write for ever).
  static constexpr int kDrainReads = static_cast<int>(4 * 1024 * 1024 / kChunk);

  PipeReader() : chunk_(kChunk) {}

  // Hands each chunk read to take(std::string_view), valid only during the call. Returns closed
  // at end of file, would_block once the pipe is empty for now, and moved when `reads` chunks
  // were read and more may be waiting.
  template <class Take>
  PipeStatus read(int fd, int reads, Take&& take) {
    for (int i = 0; i < reads; ++i) {
      const PipeResult result = read_some(fd, chunk_);
      if (result.status != PipeStatus::moved) return result.status;
      take(std::string_view(chunk_.data(), result.bytes));
      // A short read has emptied the pipe: asking again would only say would_block.
      if (result.bytes < chunk_.size()) return PipeStatus::would_block;
    }
    return PipeStatus::moved;
  }

 private:
  std::vector<char> chunk_;
};

}  // namespace xfen::certify
