// What both ways of running the program share: one slot per job, each running a child, polled in
// rounds, and answers handed to the sink. `Session` (which derives from this) says what a slot
// does; this runs the round that hands each event of a child to it.
#pragma once

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

  // `stderr_tail` is given only for the kinds that carry one (crashes and timeouts).
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

 private:
  AnswerSink& sink_;
  Answer answer_;
};

// `Slot` derives from WatchedChild and is made from the RunnerOptions. `Session` has, for a
// slot, send (its stdin can take more), read_output and read_errors (with a number of reads), and
// on_exit (its pidfd says it exited).
template <class Session, class Slot>
class SessionCore {
 protected:
  SessionCore(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink)
      : options_(options), feed_(feed), answers_(sink) {
    for (unsigned i = 0; i < options.jobs; ++i) slots_.push_back(std::make_unique<Slot>(options));
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
