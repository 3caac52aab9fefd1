// A certification run: cases pulled from a source, sent to the implementation through the runner,
// each answer graded as it arrives and counted into the report. Memory holds the cases in flight
// and the ones listed in the report, never the whole input.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "certify_case.hpp"
#include "certify_report.hpp"
#include "runner.hpp"
#include "spelling.hpp"

namespace xfen::certify {

// Where the cases come from: the suite, or an --inputs file read as it goes.
class CaseSource {
 public:
  virtual ~CaseSource() = default;
  // Fills `next` with the next case (its index is set by the run); false when none are left.
  virtual bool next(CertifyCase& next) = 0;
};

struct CertifyOptions {
  RunnerOptions runner;
  SpellingSet accepted;
  // Ids or shell-style globs of cases expected to fail: graded, then `skipped` when they fail and
  // `unexpected-pass` when they pass, so that a skip list cannot go stale in silence.
  std::vector<std::string> skip_patterns;
  // Whether passing cases are listed in the report (the suite: yes; --inputs: only failures).
  bool list_passes = true;
  std::size_t max_listed = 10'000;  // cases listed at most; the report counts the rest
  // Called after each case with the number of cases done, for a progress line (which decides
  // how often to show itself).
  std::function<void(std::uint64_t done, const Tallies& so_far)> progress;
};

// Runs the certification and fills the counts, the cases and the runner's summary of `report`;
// the caller fills in what describes the run (suite, command, name, mode).
void certify(const CertifyOptions& options, CaseSource& source, CertifyReport& report);

// The reason a case is not sent at all in `mode` with `accepted`, or nothing: a record a line
// cannot carry in stream mode, a dialect whose style the run does not accept.
std::optional<std::string> reason_not_to_send(const CertifyCase& c, Mode mode, SpellingSet accepted);

}  // namespace xfen::certify
