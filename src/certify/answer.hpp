// What the implementation under test did with one record, as the runner saw it: an answer
// (accepted with a record, or rejected), or one of the ways a program fails to answer. Every
// string here is untrusted bytes, kept within limits (runner.hpp).
#pragma once

#include <cstdint>
#include <string>

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
};

}  // namespace xfen::certify
