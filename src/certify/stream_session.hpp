// Streaming mode of the runner (docs/PROTOCOL.md): `jobs` long-running processes, each with its
// own records in flight, all driven by one poll loop.
#pragma once

#include "runner.hpp"

namespace xfen::certify {

RunSummary run_stream(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink);

}  // namespace xfen::certify
