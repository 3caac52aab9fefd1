// Everything a certification run found, as the report writers (text, JSON, JUnit, HTML) take it.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "answer.hpp"
#include "certify_case.hpp"
#include "runner.hpp"
#include "spelling.hpp"
#include "verdict.hpp"

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

}  // namespace xfen::certify
