// Drives the implementation under test as a separate process (docs/PROTOCOL.md): streaming, one
// long-running process per job with many records in flight, or one process per record. The
// runner trusts nothing the program does: it never blocks on it (non-blocking pipes and poll, so a
// program that does not read, or writes without end, cannot stall it), keeps a bounded amount of
// what it writes, ends its whole process group on a timeout and at the end, reaps every child, and
// restarts it a bounded number of times.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "certify/run/protocol.hpp"

namespace xfen::certify {

enum class Mode : std::uint8_t { stream, per_case };

struct RunnerOptions {
  std::string command;  // run as /bin/sh -c COMMAND, in a process group of its own
  Mode mode = Mode::stream;
  // Per record. In streaming, counted from when the record was fully written or the answer before
  // it arrived, whichever is later: the time the program had for this record alone.
  std::chrono::milliseconds timeout{10'000};
  unsigned jobs = 1;            // processes at once (streaming: each with its own records)
  unsigned max_restarts = 10;   // then every record left is not_run
  std::size_t max_line_bytes = 64 * 1024;    // a longer answer is a protocol_error
  std::size_t stderr_tail_bytes = 4 * 1024;  // kept of what the program writes on stderr
  std::size_t max_in_flight = 1024;          // streaming: records sent and not yet answered, per job
};

// Where the records come from: pulled one at a time, only as the runner has room, so that memory
// does not grow with the number of records.
class RecordFeed {
 public:
  virtual ~RecordFeed() = default;
  // The next record and its index; false when there are none left. `record` is reused.
  virtual bool next(std::uint64_t& index, std::string& record) = 0;
};

// Where the answers go: exactly one per record pulled from the feed, in any order.
class AnswerSink {
 public:
  virtual ~AnswerSink() = default;
  virtual void take(std::uint64_t index, Answer&& answer) = 0;
};

struct RunSummary {
  // False when the program could not be started at all: spawning failed, or its first process
  // ended with status 126 or 127 (the shell's "cannot execute" and "not found") before answering
  // anything. `start_error` says why, with what it wrote on stderr.
  bool started = true;
  std::string start_error;
  unsigned restarts = 0;
  // Streaming: answer lines beyond the last record (a program that answers twice, say).
  std::uint64_t extra_answers = 0;
  std::string first_extra_answer;  // cut at max_line_bytes
  std::string stderr_tail;         // of the last process
};

// Sends every record of `feed` to the program and hands each answer to `sink`. Returns when every
// record has its answer and every process the run started has ended and been reaped.
RunSummary run_implementation(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink);

// The names of the runner's modes as --mode and the reports spell them: "stream", "per-case".
std::string_view mode_name(Mode mode) noexcept;
std::optional<Mode> mode_from_name(std::string_view name) noexcept;
std::span<const std::string_view> mode_names() noexcept;  // the default first

}  // namespace xfen::certify
