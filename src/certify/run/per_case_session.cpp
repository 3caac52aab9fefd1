#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include "certify/run/child_process.hpp"
#include "certify/run/poll_set.hpp"
#include "certify/run/sessions.hpp"

namespace xfen::certify {
namespace {

// A rejection's text: the first line of what it wrote, cut here.
constexpr std::size_t kReasonBytes = 200;

struct Case : WatchedChild {
  explicit Case(const RunnerOptions& options) : WatchedChild(options.stderr_tail_bytes) {}

  bool busy = false;
  std::uint64_t index = 0;
  std::string record;
  std::size_t written = 0;
  std::string out;  // at most max_line_bytes + 2 (room for a "\r\n" after an answer at the limit)
  bool out_over = false;
  std::string errors_head;  // the first kReasonBytes + 2 bytes of stderr, for a rejection's text
  RunClock::time_point started_at{};
  RunClock::time_point deadline{};
};

std::string_view first_line(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text.substr(0, kReasonBytes);
}

// A process answers by exiting with status 0 or 1. The first two processes to end decide whether
// the program can run: with --jobs above 1 several run at once, and they are taken in the order
// their ends are seen, whichever records they had.
constexpr StartCheck::Occasions kPerCaseEnds{"in the first process to end", "in the second", {}};

class PerCaseSession : SessionCore<PerCaseSession, Case> {
 public:
  PerCaseSession(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink)
      : SessionCore(options, feed, sink, StartCheck(2, kPerCaseEnds)) {}

  RunSummary run() {
    for (;;) {
      now_ = RunClock::now();
      fill();
      bool any_busy = false;
      for (auto& slot : slots_) any_busy = any_busy || slot->busy;
      if (!any_busy) break;
      wait_and_handle();
      check_deadlines();
    }
    return summary_;
  }

 private:
  friend SessionCore;

  void fill() {
    for (auto& owned : slots_) {
      Case& slot = *owned;
      if (slot.busy) continue;
      if (feed_done_ || stopped_) return;
      if (!feed_.next(slot.index, slot.record)) {
        feed_done_ = true;
        return;
      }
      if (const int error = slot.start(options_.command); error != 0) {
        const std::string why = "cannot start /bin/sh: " + std::string(std::strerror(error));
        if (!any_started_) {
          answers_.not_run(slot.index, kNotRunCannotRun);
          not_started(why);
          return;
        }
        answers_.not_run(slot.index, "not run: " + why);
        continue;
      }
      any_started_ = true;
      slot.busy = true;
      slot.written = 0;
      slot.out.clear();
      slot.out_over = false;
      slot.errors_head.clear();
      // Its own start, not the round's: with several jobs, starting the others takes time too.
      now_ = RunClock::now();
      slot.started_at = now_;
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
    if (slot.input_open) slot.close_input();
  }

  void wait_and_handle() {
    poll_.clear();
    for (auto& owned : slots_) {
      Case& slot = *owned;
      if (!slot.busy) continue;
      // Its stdin stays open only while part of the record is left to write.
      poll_.watch(slot, true);
      poll_.wake_by(slot.deadline);
    }
    // A slot is busy exactly while its child runs, which is what the poll set checks.
    wait_and_dispatch();
  }

  void check_deadlines() {
    now_ = RunClock::now();
    for (auto& owned : slots_) {
      Case& slot = *owned;
      if (!slot.busy) continue;
      if (now_ >= slot.deadline) {
        time_out(slot);
      } else if (slot.exited_unnoticed()) {
        on_exit(slot);
      }
    }
  }

  // Keeps the answer up to the limit and goes on reading past it, so that the program never
  // blocks on a full pipe.
  void read_output(Case& slot, int reads) {
    if (!slot.output_open) return;
    const std::size_t keep = options_.max_line_bytes + 2;
    const PipeStatus status = reader_.read(slot.child.output(), reads, [&](std::string_view bytes) {
      const std::size_t room = keep - slot.out.size();
      if (bytes.size() > room) slot.out_over = true;
      slot.out.append(bytes.substr(0, room));
    });
    if (status == PipeStatus::closed) slot.close_output();
  }

  // The tail for the report, and the head for a rejection's text.
  void read_errors(Case& slot, int reads) {
    if (!slot.errors_open) return;
    const std::size_t keep = kReasonBytes + 2;
    const PipeStatus status = reader_.read(slot.child.errors(), reads, [&](std::string_view bytes) {
      if (slot.errors_head.size() < keep) {
        slot.errors_head.append(bytes.substr(0, keep - slot.errors_head.size()));
      }
      slot.errors.append(bytes);
    });
    if (status == PipeStatus::closed) slot.close_errors();
  }

  // Its exit decides the answer: read what it left, then judge its status.
  void on_exit(Case& slot) {
    read_output(slot, PipeReader::kDrainReads);
    read_errors(slot, PipeReader::kDrainReads);
    const ChildEnd end = slot.child.stop(std::chrono::milliseconds(0));
    finish(slot);
    const int status = end.status;
    const RunClock::duration elapsed = now_ - slot.started_at;
    if (exited_with(status, 0) || exited_with(status, 1)) start_check_.answered();
    if (exited_with(status, 0)) {
      std::string_view text = slot.out;
      if (text.ends_with("\r\n")) {
        text.remove_suffix(2);
      } else if (text.ends_with('\n')) {
        text.remove_suffix(1);
      }
      if (slot.out_over || text.size() > options_.max_line_bytes) {
        answers_.deliver(slot.index, Answer::Kind::protocol_error,
                         text.substr(0, options_.max_line_bytes),
                         "answer over " + std::to_string(options_.max_line_bytes) + " bytes",
                         elapsed);
      } else {
        answers_.deliver(slot.index, Answer::Kind::accepted, text, {}, elapsed);
      }
      return;
    }
    if (exited_with(status, 1)) {
      answers_.deliver(slot.index, Answer::Kind::rejected,
                       first_line(slot.out.empty() ? slot.errors_head : slot.out), {}, elapsed);
      return;
    }
    if (!start_check_.any_answer() && shell_cannot_execute(status)) {
      answers_.not_run(slot.index, kNotRunCannotRun);
      not_started(why_shell_cannot_execute(status, summary_.stderr_tail));
      return;
    }
    const std::string how = describe_wait_status(status);
    if (start_check_.cannot_run_after(how)) {
      answers_.not_run(slot.index, kNotRunCannotRun);
      not_started(start_check_.why(summary_.stderr_tail));
      return;
    }
    answers_.deliver(slot.index, Answer::Kind::crash, {}, how, elapsed, &summary_.stderr_tail);
  }

  void time_out(Case& slot) {
    slot.child.stop(std::chrono::milliseconds(0));
    read_errors(slot, PipeReader::kDrainReads);
    finish(slot);
    answers_.deliver(slot.index, Answer::Kind::timeout, {},
                     "did not exit within " + std::to_string(options_.timeout.count()) + " ms",
                     now_ - slot.started_at, &summary_.stderr_tail);
  }

  void finish(Case& slot) {
    slot.close_pipes();
    slot.busy = false;
    summary_.stderr_tail = slot.errors.str();
  }

  // The records already pulled get not_run; the feed is left alone.
  void not_started(std::string why) {
    stop_as_not_started(std::move(why));
    for (auto& owned : slots_) {
      Case& slot = *owned;
      if (!slot.busy) continue;
      slot.kill();
      slot.busy = false;
      answers_.not_run(slot.index, kNotRunCannotRun);
    }
  }

  bool any_started_ = false;
};

}  // namespace

RunSummary run_per_case(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink) {
  return PerCaseSession(options, feed, sink).run();
}

}  // namespace xfen::certify
