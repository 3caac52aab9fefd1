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
#include <vector>

#include "certify/run/protocol.hpp"

namespace xfen::certify {

enum class Mode : std::uint8_t { stream, per_case };

struct RunnerOptions {
  std::string command;  // run as /bin/sh -c COMMAND, in a process group of its own
  Mode mode = Mode::stream;
  // Per record. Streaming, a record written whole to its process has `timeout` from its last byte
  // written or the answer before it, whichever is later: the time the program had for this record
  // alone. A record at the head of its job's queue that is not yet written whole (the program
  // answered all it read, then stopped reading with this record partly in the pipe) has `timeout`
  // from the later of the last bytes its process's stdin accepted and its last answer (or its
  // start). Either way, when that time is up the record gets `timeout`, and the process is killed
  // and restarted.
  std::chrono::milliseconds timeout{10'000};
  // Streaming, added to `timeout` until a job's first process gives its first answer: an
  // interpreter and its library (Node.js compiling ffish's WebAssembly) may take longer to start
  // on a loaded machine than to answer a record. Not after a restart, and not per case (every
  // record a start there: `timeout` alone counts).
  std::chrono::milliseconds startup_allowance{20'000};
  // Processes at once. Streaming, each has its own records, dealt one at a time to the job with
  // the fewest in flight, so that a run shorter than max_in_flight still keeps every job busy.
  unsigned jobs = 1;
  // Then every record left is not_run. At 0, streaming, a first start that ends before any answer
  // is enough to say the program cannot run (RunSummary::started): there is no restart to try.
  unsigned max_restarts = 10;
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
  // False when the program cannot run, which stops the run: nothing more is pulled from the feed,
  // and the records pulled and not yet answered get not_run. That is when
  // - spawning /bin/sh failed;
  // - its first process ended with status 126 or 127 (the shell's "cannot execute" and "not
  //   found") before any answer;
  // - before any answer, two of its processes ended by themselves, each owing an answer
  //   (streaming: its first start and its restart, say; per case: the first two processes to
  //   end), or one when streaming with max_restarts 0. The first one's record has its crash
  //   already. A process the runner ends at the time limit is not counted: it may have been
  //   working. Streaming, any line on stdout counts as an answer; per case, exit status 0 or 1.
  // `start_error` is one sentence saying how it ended (each time), or why /bin/sh could not be
  // spawned; what the program wrote on stderr is not in it but in `stderr_tail`, for the reports
  // to show apart (the sentence says when there is none).
  bool started = true;
  std::string start_error;
  unsigned restarts = 0;
  // Streaming: answer lines beyond the records written whole to their process, counted as they
  // arrive, in every job (a program that answers twice, or writes a banner, say).
  std::uint64_t extra_answers = 0;
  std::string first_extra_answer;  // cut at max_line_bytes
  // The last bytes the last process to end wrote on stderr, raw; when the program cannot run,
  // those of the process whose end decided it (what the shell said when it found no command).
  std::string stderr_tail;
  // Streaming: the first kFirstLinesKept lines the program wrote on stdout in the run, as read
  // (with several jobs, from whichever process wrote first), without their line ends, each cut at
  // kFirstLineBytes, raw bytes. A banner before the first answer shows here.
  std::vector<std::string> first_lines;
  static constexpr std::size_t kFirstLinesKept = 3;
  static constexpr std::size_t kFirstLineBytes = 200;
};

// Sends every record of `feed` to the program and hands each answer to `sink`. Returns when every
// record has its answer and every process the run started has ended and been reaped.
RunSummary run_implementation(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink);

// The names of the runner's modes as --mode and the reports spell them: "stream", "per-case".
std::string_view mode_name(Mode mode) noexcept;
std::optional<Mode> mode_from_name(std::string_view name) noexcept;
std::span<const std::string_view> mode_names() noexcept;  // the default first

}  // namespace xfen::certify
