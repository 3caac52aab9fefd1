#include "per_case_session.hpp"

#include <poll.h>

#include <cstring>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "byte_tail.hpp"
#include "child_process.hpp"
#include "pipe_io.hpp"
#include "poll_timeout.hpp"
#include "wait_status.hpp"

namespace xfen::certify {
namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
constexpr int kReadsPerWake = 4;
constexpr std::size_t kDrainLimit = 4 * 1024 * 1024;
constexpr int kExitTick = 10;
// A rejection's text: the first line of what it wrote, cut here.
constexpr std::size_t kReasonBytes = 200;

struct Case {
  explicit Case(const RunnerOptions& options) : errors(options.stderr_tail_bytes) {}

  ChildProcess child;
  unsigned generation = 0;
  bool busy = false;
  std::uint64_t index = 0;
  std::string record;
  std::size_t written = 0;
  std::string out;  // at most max_line_bytes + 2 (room for a "\r\n" after an answer at the limit)
  bool out_over = false;
  std::string errors_head;  // the first kReasonBytes + 2 bytes of stderr, for a rejection's text
  ByteTail errors;
  bool input_open = false;
  bool output_open = false;
  bool errors_open = false;
  RunClock::time_point deadline{};
};

enum class Stream : unsigned char { input, output, errors, exit };

struct PollTarget {
  Case* slot;
  unsigned generation;
  Stream stream;
};

std::string_view first_line(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text.substr(0, kReasonBytes);
}

class PerCaseSession {
 public:
  PerCaseSession(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink)
      : options_(options), feed_(feed), sink_(sink), chunk_(kReadChunk) {
    for (unsigned i = 0; i < options.jobs; ++i) cases_.push_back(std::make_unique<Case>(options));
  }

  RunSummary run() {
    for (;;) {
      now_ = RunClock::now();
      fill();
      bool any_busy = false;
      for (auto& slot : cases_) any_busy = any_busy || slot->busy;
      if (!any_busy) break;
      wait_and_handle();
      check_deadlines();
    }
    return summary_;
  }

 private:
  void fill() {
    for (auto& owned : cases_) {
      Case& slot = *owned;
      if (slot.busy) continue;
      if (feed_done_ || stopped_) return;
      if (!feed_.next(slot.index, slot.record)) {
        feed_done_ = true;
        return;
      }
      if (const int error = slot.child.start(options_.command); error != 0) {
        const std::string why = "cannot start /bin/sh: " + std::string(std::strerror(error));
        if (!any_started_) {
          deliver(slot.index, Answer::Kind::not_run, {}, "not run: the program could not be started");
          not_started(why);
          return;
        }
        deliver(slot.index, Answer::Kind::not_run, {}, "not run: " + why);
        continue;
      }
      any_started_ = true;
      ++slot.generation;
      slot.busy = true;
      slot.written = 0;
      slot.out.clear();
      slot.out_over = false;
      slot.errors_head.clear();
      slot.errors.clear();
      slot.input_open = slot.output_open = slot.errors_open = true;
      slot.deadline = now_ + options_.timeout;
      send(slot);
    }
  }

  // The record exactly, then end of file. A program that exits without reading it makes the
  // write fail with EPIPE, which is no error of the runner's.
  void send(Case& slot) {
    while (slot.input_open && slot.written < slot.record.size()) {
      const PipeResult result =
          write_some(slot.child.input(), std::string_view(slot.record).substr(slot.written));
      if (result.status == PipeStatus::would_block) return;
      if (result.status == PipeStatus::closed) break;
      slot.written += result.bytes;
    }
    if (slot.input_open) {
      slot.child.close_input();
      slot.input_open = false;
    }
  }

  void wait_and_handle() {
    fds_.clear();
    targets_.clear();
    RunClock::time_point deadline = RunClock::time_point::max();
    bool tick = false;
    for (auto& owned : cases_) {
      Case& slot = *owned;
      if (!slot.busy) continue;
      if (slot.input_open) add(slot.child.input(), POLLOUT, slot, Stream::input);
      if (slot.output_open) add(slot.child.output(), POLLIN, slot, Stream::output);
      if (slot.errors_open) add(slot.child.errors(), POLLIN, slot, Stream::errors);
      if (slot.child.exit_fd() >= 0) {
        add(slot.child.exit_fd(), POLLIN, slot, Stream::exit);
      } else {
        tick = true;
      }
      deadline = std::min(deadline, slot.deadline);
    }
    int timeout = poll_timeout_ms(RunClock::now(), deadline);
    if (tick && (timeout < 0 || timeout > kExitTick)) timeout = kExitTick;
    if (::poll(fds_.data(), fds_.size(), timeout) <= 0) return;
    now_ = RunClock::now();
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      if (fds_[i].revents == 0) continue;
      const PollTarget target = targets_[i];
      Case& slot = *target.slot;
      if (!slot.busy || slot.generation != target.generation) continue;
      switch (target.stream) {
        case Stream::input:
          send(slot);
          break;
        case Stream::output:
          read_output(slot, kReadsPerWake);
          break;
        case Stream::errors:
          read_errors(slot, kReadsPerWake);
          break;
        case Stream::exit:
          complete(slot);
          break;
      }
    }
  }

  void add(int fd, short events, Case& slot, Stream stream) {
    fds_.push_back(pollfd{fd, events, 0});
    targets_.push_back(PollTarget{&slot, slot.generation, stream});
  }

  void check_deadlines() {
    now_ = RunClock::now();
    for (auto& owned : cases_) {
      Case& slot = *owned;
      if (!slot.busy) continue;
      if (now_ >= slot.deadline) {
        time_out(slot);
      } else if (slot.child.exit_fd() < 0 && slot.child.has_exited()) {
        complete(slot);
      }
    }
  }

  // Keeps the answer up to the limit and goes on reading past it, so that the program never
  // blocks on a full pipe.
  void read_output(Case& slot, int reads) {
    const std::size_t keep = options_.max_line_bytes + 2;
    for (int i = 0; i < reads && slot.output_open; ++i) {
      const PipeResult result = read_some(slot.child.output(), chunk_);
      if (result.status == PipeStatus::would_block) return;
      if (result.status == PipeStatus::closed) {
        slot.child.close_output();
        slot.output_open = false;
        return;
      }
      const std::string_view bytes(chunk_.data(), result.bytes);
      const std::size_t room = keep - slot.out.size();
      if (bytes.size() > room) slot.out_over = true;
      slot.out.append(bytes.substr(0, room));
      if (result.bytes < chunk_.size()) return;
    }
  }

  void read_errors(Case& slot, int reads) {
    const std::size_t keep = kReasonBytes + 2;
    for (int i = 0; i < reads && slot.errors_open; ++i) {
      const PipeResult result = read_some(slot.child.errors(), chunk_);
      if (result.status == PipeStatus::would_block) return;
      if (result.status == PipeStatus::closed) {
        slot.child.close_errors();
        slot.errors_open = false;
        return;
      }
      const std::string_view bytes(chunk_.data(), result.bytes);
      if (slot.errors_head.size() < keep) {
        slot.errors_head.append(bytes.substr(0, keep - slot.errors_head.size()));
      }
      slot.errors.append(bytes);
      if (result.bytes < chunk_.size()) return;
    }
  }

  void complete(Case& slot) {
    const int drain_reads = static_cast<int>(kDrainLimit / kReadChunk);
    read_output(slot, drain_reads);
    read_errors(slot, drain_reads);
    const ChildEnd end = slot.child.stop(std::chrono::milliseconds(0));
    finish(slot);
    const int status = end.status;
    if (exited_with(status, 0) || exited_with(status, 1)) any_answer_ = true;
    if (exited_with(status, 0)) {
      std::string_view text = slot.out;
      if (text.ends_with("\r\n")) {
        text.remove_suffix(2);
      } else if (text.ends_with('\n')) {
        text.remove_suffix(1);
      }
      if (slot.out_over || text.size() > options_.max_line_bytes) {
        deliver(slot.index, Answer::Kind::protocol_error, text.substr(0, options_.max_line_bytes),
                "answer over " + std::to_string(options_.max_line_bytes) + " bytes");
      } else {
        deliver(slot.index, Answer::Kind::accepted, text, {});
      }
    } else if (exited_with(status, 1)) {
      deliver(slot.index, Answer::Kind::rejected,
              first_line(slot.out.empty() ? slot.errors_head : slot.out), {});
    } else if (!any_answer_ && (exited_with(status, 126) || exited_with(status, 127))) {
      deliver(slot.index, Answer::Kind::not_run, {}, "not run: the program could not be started");
      not_started("/bin/sh -c COMMAND ended with " + describe_wait_status(status) +
                  " before answering anything; its standard error: " + summary_.stderr_tail);
    } else {
      deliver(slot.index, Answer::Kind::crash, {}, describe_wait_status(status),
              &summary_.stderr_tail);
    }
  }

  void time_out(Case& slot) {
    slot.child.stop(std::chrono::milliseconds(0));
    read_errors(slot, static_cast<int>(kDrainLimit / kReadChunk));
    finish(slot);
    deliver(slot.index, Answer::Kind::timeout, {},
            "did not exit within " + std::to_string(options_.timeout.count()) + " ms",
            &summary_.stderr_tail);
  }

  void finish(Case& slot) {
    slot.child.close_pipes();
    slot.input_open = slot.output_open = slot.errors_open = false;
    slot.busy = false;
    summary_.stderr_tail = slot.errors.str();
  }

  // The records already pulled get not_run; the feed is left alone.
  void not_started(const std::string& why) {
    summary_.started = false;
    summary_.start_error = why;
    stopped_ = true;
    for (auto& owned : cases_) {
      Case& slot = *owned;
      if (!slot.busy) continue;
      slot.child.stop(std::chrono::milliseconds(0));
      slot.child.close_pipes();
      slot.input_open = slot.output_open = slot.errors_open = false;
      slot.busy = false;
      deliver(slot.index, Answer::Kind::not_run, {}, "not run: the program could not be started");
    }
  }

  void deliver(std::uint64_t index, Answer::Kind kind, std::string_view text, std::string_view detail,
               const std::string* stderr_tail = nullptr) {
    answer_.kind = kind;
    answer_.text.assign(text);
    answer_.detail.assign(detail);
    if (stderr_tail != nullptr) {
      answer_.stderr_tail = *stderr_tail;
    } else {
      answer_.stderr_tail.clear();
    }
    sink_.take(index, std::move(answer_));
  }

  const RunnerOptions& options_;
  RecordFeed& feed_;
  AnswerSink& sink_;
  RunSummary summary_;
  std::vector<std::unique_ptr<Case>> cases_;
  std::vector<char> chunk_;
  std::vector<pollfd> fds_;
  std::vector<PollTarget> targets_;
  Answer answer_;
  RunClock::time_point now_{};
  bool feed_done_ = false;
  bool stopped_ = false;
  bool any_started_ = false;
  bool any_answer_ = false;
};

}  // namespace

RunSummary run_per_case(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink) {
  return PerCaseSession(options, feed, sink).run();
}

}  // namespace xfen::certify
