#include <cstring>
#include <string_view>

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
  RunClock::time_point deadline{};
};

std::string_view first_line(std::string_view text) {
  text = text.substr(0, text.find('\n'));
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return text.substr(0, kReasonBytes);
}

class PerCaseSession : SessionCore<PerCaseSession, Case> {
 public:
  PerCaseSession(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink)
      : SessionCore(options, feed, sink) {}

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
          answers_.deliver(slot.index, Answer::Kind::not_run, {},
                           "not run: the program could not be started");
          not_started(why);
          return;
        }
        answers_.deliver(slot.index, Answer::Kind::not_run, {}, "not run: " + why);
        continue;
      }
      any_started_ = true;
      slot.busy = true;
      slot.written = 0;
      slot.out.clear();
      slot.out_over = false;
      slot.errors_head.clear();
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
    if (exited_with(status, 0) || exited_with(status, 1)) any_answer_ = true;
    if (exited_with(status, 0)) {
      std::string_view text = slot.out;
      if (text.ends_with("\r\n")) {
        text.remove_suffix(2);
      } else if (text.ends_with('\n')) {
        text.remove_suffix(1);
      }
      if (slot.out_over || text.size() > options_.max_line_bytes) {
        answers_.deliver(slot.index, Answer::Kind::protocol_error, text.substr(0, options_.max_line_bytes),
                "answer over " + std::to_string(options_.max_line_bytes) + " bytes");
      } else {
        answers_.deliver(slot.index, Answer::Kind::accepted, text, {});
      }
    } else if (exited_with(status, 1)) {
      answers_.deliver(slot.index, Answer::Kind::rejected,
              first_line(slot.out.empty() ? slot.errors_head : slot.out), {});
    } else if (!any_answer_ && (exited_with(status, 126) || exited_with(status, 127))) {
      answers_.deliver(slot.index, Answer::Kind::not_run, {}, "not run: the program could not be started");
      not_started("/bin/sh -c COMMAND ended with " + describe_wait_status(status) +
                  " before answering anything; its standard error: " + summary_.stderr_tail);
    } else {
      answers_.deliver(slot.index, Answer::Kind::crash, {}, describe_wait_status(status),
              &summary_.stderr_tail);
    }
  }

  void time_out(Case& slot) {
    slot.child.stop(std::chrono::milliseconds(0));
    read_errors(slot, PipeReader::kDrainReads);
    finish(slot);
    answers_.deliver(slot.index, Answer::Kind::timeout, {},
            "did not exit within " + std::to_string(options_.timeout.count()) + " ms",
            &summary_.stderr_tail);
  }

  void finish(Case& slot) {
    slot.close_pipes();
    slot.busy = false;
    summary_.stderr_tail = slot.errors.str();
  }

  // The records already pulled get not_run; the feed is left alone.
  void not_started(const std::string& why) {
    summary_.started = false;
    summary_.start_error = why;
    stopped_ = true;
    for (auto& owned : slots_) {
      Case& slot = *owned;
      if (!slot.busy) continue;
      slot.kill();
      slot.busy = false;
      answers_.deliver(slot.index, Answer::Kind::not_run, {}, "not run: the program could not be started");
    }
  }

  bool any_started_ = false;
  bool any_answer_ = false;
};

}  // namespace

RunSummary run_per_case(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink) {
  return PerCaseSession(options, feed, sink).run();
}

}  // namespace xfen::certify
