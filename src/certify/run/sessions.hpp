// What both ways of running the program share: one slot per job, each running a child, polled in
// rounds, answers handed to the sink, and the judgment of whether the program can run at all.
// `Session` (which derives from this) says what a slot does; this runs the round that hands each
// event of a child to it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "certify/run/child_process.hpp"
#include "certify/run/poll_set.hpp"
#include "certify/run/protocol.hpp"
#include "certify/run/runner.hpp"

namespace xfen::certify {

// Hands a session's answers to the sink through one reused Answer: unless the sink takes its
// strings, their buffers are kept from record to record instead of allocated for each.
class AnswerDelivery {
 public:
  explicit AnswerDelivery(AnswerSink& sink) : sink_(sink) {}

  // `elapsed` as Answer::elapsed says; `stderr_tail` is given only for the kinds that carry one
  // (crashes and timeouts).
  void deliver(std::uint64_t index, Answer::Kind kind, std::string_view text,
               std::string_view detail, RunClock::duration elapsed,
               const std::string* stderr_tail = nullptr) {
    answer_.kind = kind;
    answer_.text.assign(text);
    answer_.detail.assign(detail);
    answer_.elapsed = std::chrono::duration_cast<std::chrono::microseconds>(elapsed);
    if (stderr_tail != nullptr) {
      answer_.stderr_tail = *stderr_tail;
    } else {
      answer_.stderr_tail.clear();
    }
    sink_.take(index, std::move(answer_));
  }

  // A record never sent (or sent to a program that cannot run): it took no time.
  void not_run(std::uint64_t index, std::string_view why) {
    deliver(index, Answer::Kind::not_run, {}, why, RunClock::duration::zero());
  }

 private:
  AnswerSink& sink_;
  Answer answer_;
};

// The detail of the records that get not_run because the program cannot run.
inline constexpr std::string_view kNotRunCannotRun = "not run: the program cannot run";

// The shell's own "cannot execute" (126) and "not found" (127): no restart can help.
bool shell_cannot_execute(int wait_status);
// "the program ended before answering any record: exit status 127, the shell's status for a
// command not found". What the shell said is the process's `stderr_tail`, which the session puts
// in RunSummary::stderr_tail; the sentence only says when it is empty.
std::string why_shell_cannot_execute(int wait_status, const std::string& stderr_tail);

// Whether the program can run at all (RunSummary::started), judged by its processes that end by
// themselves, owing an answer, before the run has any: `ends_needed` of them (two, or one when no
// restart is allowed) and it cannot. A process the runner ends at the time limit is not counted:
// it may have been working. The message says how each of them ended, in `Occasions`' words.
class StartCheck {
 public:
  struct Occasions {
    std::string_view first;   // "on its first start"
    std::string_view second;  // "on its restart"
    std::string_view alone;   // when one end is enough: "with no restart allowed"
  };

  StartCheck(unsigned ends_needed, Occasions occasions)
      : ends_needed_(ends_needed), occasions_(occasions) {}

  void answered() noexcept { answered_ = true; }
  bool any_answer() const noexcept { return answered_; }

  // A process ended by itself owing an answer, as `how` says ("exit status 2"). True when that
  // settles it: the run has had no answer, and this is the `ends_needed`th such end.
  bool cannot_run_after(const std::string& how) {
    if (answered_) return false;
    ends_.push_back(how);
    return ends_.size() >= ends_needed_;
  }

  // How the processes ended: "the program ended before answering any record: exit status 2 on
  // its first start, and again on its restart". The last one's `stderr_tail` goes in
  // RunSummary::stderr_tail; the sentence only says when it is empty.
  std::string why(const std::string& stderr_tail) const;

 private:
  unsigned ends_needed_;
  Occasions occasions_;
  bool answered_ = false;
  std::vector<std::string> ends_;  // at most ends_needed_
};

// `Slot` derives from WatchedChild and is made from the RunnerOptions. `Session` has, for a
// slot, send (its stdin can take more), read_output and read_errors (with a number of reads), and
// on_exit (its pidfd says it exited).
template <class Session, class Slot>
class SessionCore {
 protected:
  SessionCore(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink,
              StartCheck start_check)
      : options_(options), feed_(feed), answers_(sink), start_check_(std::move(start_check)) {
    for (unsigned i = 0; i < options.jobs; ++i) slots_.push_back(std::make_unique<Slot>(options));
  }

  // The program cannot run: nothing more is pulled or started. The session then gives the records
  // it holds not_run (kNotRunCannotRun) and ends its processes.
  void stop_as_not_started(std::string why) {
    summary_.started = false;
    summary_.start_error = std::move(why);
    stopped_ = true;
  }

  // Waits on what the session put in poll_, then hands each event to the session.
  void wait_and_dispatch() {
    if (!poll_.wait()) return;
    now_ = RunClock::now();
    Session& session = static_cast<Session&>(*this);
    poll_.for_each_ready([&session](Slot& slot, Stream stream) {
      switch (stream) {
        case Stream::input:
          session.send(slot);
          break;
        case Stream::output:
          session.read_output(slot, PipeReader::kReadsPerWake);
          break;
        case Stream::errors:
          session.read_errors(slot, PipeReader::kReadsPerWake);
          break;
        case Stream::exit:
          session.on_exit(slot);
          break;
      }
    });
  }

  const RunnerOptions& options_;
  RecordFeed& feed_;
  AnswerDelivery answers_;
  StartCheck start_check_;
  RunSummary summary_;
  std::vector<std::unique_ptr<Slot>> slots_;  // kept apart: a poll event points at its slot
  PipeReader reader_;
  PollSet<Slot> poll_;
  RunClock::time_point now_{};
  bool feed_done_ = false;
  bool stopped_ = false;  // gave up, or could not start: nothing more is pulled or started
};

// Streaming mode of the runner (docs/PROTOCOL.md): `jobs` long-running processes, each with its
// own records in flight, all driven by one poll loop.
RunSummary run_stream(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink);

// Per-case mode of the runner (docs/PROTOCOL.md): one process per record, `jobs` at once, all
// driven by one poll loop.
RunSummary run_per_case(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink);

}  // namespace xfen::certify
