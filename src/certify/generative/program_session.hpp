// One program under test, asked about one record at a time and answering before the next is
// asked: what shrinking needs, since each candidate record it tries depends on the answer to the
// one before. The program keeps running between questions (streaming: one process for all of
// them, restarted by the runner after a crash or a timeout), so that a shrink of hundreds of calls
// does not pay hundreds of start-ups of an interpreter.
//
// The runner (run/runner.hpp) pulls records from a feed and pushes answers to a sink from its
// own poll loop; here that loop runs on a thread of its own, whose feed waits for the next
// question. With one job and one record in flight the runner pulls only when nothing is in
// flight, so no record's time limit runs while the feed waits.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "certify/run/protocol.hpp"
#include "certify/run/runner.hpp"

namespace xfen::certify {

class ProgramSession {
 public:
  // `options` as a run's, made one job with one record in flight.
  explicit ProgramSession(RunnerOptions options);
  ~ProgramSession();
  ProgramSession(const ProgramSession&) = delete;
  ProgramSession& operator=(const ProgramSession&) = delete;

  // The program's answer to `record`; not_run once the program cannot run or has been given up.
  Answer ask(std::string_view record);

  // Ends the program and returns the run's summary (restarts, whether it could run).
  const RunSummary& finish();

 private:
  class Exchange;  // the feed and sink the runner's thread uses
  void run(const RunnerOptions& options);

  std::mutex mutex_;
  std::condition_variable changed_;
  std::optional<std::string> question_;  // asked, not yet pulled by the runner
  std::optional<Answer> answer_;         // answered, not yet taken by ask()
  bool closing_ = false;                 // finish(): the feed ends
  bool runner_done_ = false;             // the runner returned: nothing will be answered
  std::uint64_t asked_ = 0;
  RunSummary summary_;
  std::thread runner_;
};

}  // namespace xfen::certify
