// Per-case mode of the runner (docs/PROTOCOL.md): one process per record, `jobs` at once, all
// driven by one poll loop.
#pragma once

#include "runner.hpp"

namespace xfen::certify {

RunSummary run_per_case(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink);

}  // namespace xfen::certify
