#include "runner.hpp"

#include "ignored_sigpipe.hpp"
#include "per_case_session.hpp"
#include "stream_session.hpp"

namespace xfen::certify {

RunSummary run_implementation(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink) {
  const IgnoredSigpipe ignored_sigpipe;
  RunnerOptions checked = options;
  // Zero processes, or zero records in flight, would never answer anything.
  if (checked.jobs == 0) checked.jobs = 1;
  if (checked.max_in_flight == 0) checked.max_in_flight = 1;
  if (checked.mode == Mode::per_case) return run_per_case(checked, feed, sink);
  return run_stream(checked, feed, sink);
}

}  // namespace xfen::certify
