// What both ways of running the program share: one slot per job, each running a child, polled in
// rounds, and answers handed to the sink. `Session` (which derives from this) says what a slot
// does; this runs the round that hands each event of a child to it.
#pragma once

#include <memory>
#include <vector>

#include "answer_delivery.hpp"
#include "pipe_reader.hpp"
#include "poll_set.hpp"
#include "poll_timeout.hpp"
#include "runner.hpp"

namespace xfen::certify {

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

}  // namespace xfen::certify
