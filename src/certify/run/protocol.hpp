// The protocol between xfen certify and the implementation under test (docs/PROTOCOL.md), in one
// place: what the program did with one record, as the runner saw it (an answer, accepted with a
// record or rejected, or one of the ways a program fails to answer), and the grammar of answer
// lines, read by the runner and written by `xfen adapter`. Every string here is untrusted bytes,
// kept within limits (runner.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xfen::certify {

struct Answer {
  enum class Kind : std::uint8_t {
    accepted,        // "ok <record>" / exit 0: `text` is the record
    rejected,        // "error <text>" / exit 1: `text` is what it said, if anything
    crash,           // exited or was killed before answering: `detail` says how
    timeout,         // no answer within the time limit
    protocol_error,  // not an answer: `text` is the line (cut at the limit), `detail` why
    not_run,         // never sent: too many restarts
  };
  Kind kind = Kind::not_run;
  std::string text;
  std::string detail;        // "killed by signal 11 (SIGSEGV)", "exit status 3", "line over 65536 bytes"
  std::string stderr_tail;   // the last bytes the program wrote on stderr, for crashes and timeouts
  // The time the program took: streaming, from the record's last byte written to the pipe to its
  // answer line read (a record sent again after a restart: from its last sending); per case, from
  // the process's start to its exit. A timeout or a crash: the time waited until then (streaming,
  // for a record not yet written whole, a crash has zero and a timeout the time since its process
  // last read or answered); not_run: zero.
  std::chrono::microseconds elapsed{};
};

// An answer as the reports show it: the protocol line as received, or nothing when the program
// gave none.
// "ok <record>", "error <text>" ("error" alone when it said nothing), the raw line of a
// protocol_error; nothing for crash, timeout and not_run. In per-case mode, the line the exit
// status and output amount to.
std::optional<std::string> answer_line(const Answer& answer);

// "accepted", "rejected", "crash", "timeout", "protocol error", "not run".
std::string_view answer_kind_name(Answer::Kind kind) noexcept;

// One answer line, read: `text` is the record (accepted), what the program said (rejected), or
// the line itself (protocol_error, with `why` saying what is wrong with it). Views into the line.
struct AnswerLine {
  Answer::Kind kind = Answer::Kind::protocol_error;
  std::string_view text;
  std::string_view why;
};
AnswerLine read_answer_line(std::string_view line) noexcept;

// Replace the contents of `line` with "ok <record>", or "error <text>" ("error" alone for an
// empty text), reusing its capacity.
void write_accepted_line(std::string& line, std::string_view record);
void write_rejected_line(std::string& line, std::string_view text);

}  // namespace xfen::certify
