// Everything a certification run found, as the report writers (text, JSON, JUnit, HTML) take it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "certify/grade/certify_case.hpp"
#include "certify/grade/spelling.hpp"
#include "certify/grade/verdict.hpp"
#include "certify/run/protocol.hpp"
#include "certify/run/runner.hpp"

namespace xfen::certify {

struct CaseResult {
  CertifyCase case_;  // what was sent and what was expected
  Answer answer;      // what came back
  Verdict verdict = Verdict::pass;
  std::string detail;
};

struct Tallies {
  std::uint64_t passed = 0;
  std::uint64_t failed = 0;
  std::uint64_t skipped = 0;
  void count(Verdict verdict) noexcept;
  std::uint64_t total() const noexcept { return passed + failed + skipped; }
};

struct CertifyReport {
  // What was certified against: the suite's version ("1.0.0") and folder, or the --inputs file.
  std::string suite_version;  // empty with --inputs
  std::string source;
  // The implementation.
  std::string command;
  std::string name;  // --name, or the command
  Mode mode = Mode::stream;
  SpellingSet accepted_spellings;
  // Counts.
  Tallies summary;
  std::array<std::uint64_t, kVerdictCount> verdicts{};  // indexed by Verdict
  std::map<std::string, Tallies> by_class;              // "valid", …
  std::map<std::string, Tallies> by_tag;                // "8x8", …
  // The cases, in the order they were sent: all of them from the suite; with --inputs only those
  // that did not pass, at most a fixed number (`unlisted` counts the rest).
  std::vector<CaseResult> cases;
  std::uint64_t unlisted = 0;
  RunSummary run;
  double seconds = 0;  // wall time of the run
  // Whether anything failed: a failing case, or answers beyond the last record.
  bool failed() const noexcept { return summary.failed > 0 || run.extra_answers > 0; }
};

// A certification run: cases pulled from a source, sent to the implementation through the runner,
// each answer graded as it arrives and counted into the report. Memory holds the cases in flight
// and the ones listed in the report, never the whole input.
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
