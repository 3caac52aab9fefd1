// Everything a certification run found, as the report writers (text, JSON, JUnit, HTML) take it.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "certify/grade/certify_case.hpp"
#include "certify/grade/generative_summary.hpp"
#include "certify/grade/grade.hpp"
#include "certify/grade/spelling.hpp"
#include "certify/grade/spelling_profile.hpp"
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
  std::uint64_t not_applicable = 0;
  void count(Verdict verdict) noexcept;
  std::uint64_t total() const noexcept { return passed + failed + skipped + not_applicable; }
  std::uint64_t graded() const noexcept { return passed + failed; }
};

struct CertifyReport {
  // What was certified against: the suite's version ("1.0.0"), its case count (from the
  // manifest) and folder, or the --inputs file.
  std::string suite_version;  // empty with --inputs
  std::uint64_t suite_cases = 0;
  std::string source;
  // What narrowed the cases run, as the options say it ("--tag castling", "--id 'side.*'",
  // "--rerun-failed old.json", "--inputs mine.txt"); empty: the whole suite.
  std::vector<std::string> selection;
  // The implementation.
  std::string command;
  std::string per_case_command;  // --per-case-impl: runs the records a line cannot carry
  std::string name;              // --name, or the command
  std::optional<std::string> version;  // --impl-version: free text; unset when not given
  Mode mode = Mode::stream;
  // What the run declares and relaxes: the program's spelling (--accept-spelling, held to on
  // every answer), the layouts graded as passes, and a skip list of expected failures.
  SpellingSet accepted_spellings;
  LayoutSet accepted_layouts;
  // What the program declares it plays, in the suite's capability tags (--supports), and those
  // tags; cases with a capability tag outside `supports` are not applicable.
  std::optional<std::vector<std::string>> supports;
  std::vector<std::string> capabilities;
  std::string skip_file;
  std::size_t skip_patterns = 0;
  // Counts.
  Tallies summary;
  std::array<std::uint64_t, kVerdictCount> verdicts{};  // indexed by Verdict
  std::map<std::string, Tallies> by_class;              // "valid", …
  std::map<std::string, Tallies> by_tag;                // "8x8", …
  std::uint64_t need_per_case = 0;      // skipped: records a line cannot carry, and no per-case command
  // The spelling the program writes, over every accepted answer (spelling_profile.hpp), and the
  // layouts of those answers, indexed as kLayoutNames (layout_index).
  SpellingProfile spelling_used;
  std::array<std::uint64_t, 4> layouts_used{};
  bool any_answer_accepted() const noexcept {
    return layouts_used[0] + layouts_used[1] + layouts_used[2] + layouts_used[3] > 0;
  }
  std::uint64_t dialect_graded = 0;     // dialect cases graded (in X-FEN's spelling or an accepted one)
  // The cases, in the order they were sent: all of them from the suite; with --inputs only those
  // that did not pass, at most a fixed number (`unlisted` counts the rest).
  std::vector<CaseResult> cases;
  std::uint64_t unlisted = 0;
  RunSummary run;
  // Set when the program's answers do not line up with the records (it wrote more answer lines
  // than it was sent records): every verdict could belong to another record, so none is kept.
  std::string protocol_failure;
  std::uint64_t discarded = 0;  // cases run whose verdicts were discarded (the two cases above)
  std::uint64_t cases_run() const noexcept { return summary.total() + discarded; }
  double seconds = 0;  // wall time of the run
  // When the run started, in UTC, ISO 8601 to the second ("2026-12-04T01:23:45Z"), so that runs
  // merged side by side (certify matrix) say when each was made; empty when not known.
  std::string date;
  // Set by a generative run (--generate): `cases` then lists the minimal record of each group,
  // and the counts are those of every generated record.
  std::optional<GenerativeSummary> generative;
  // Whether anything failed: a failing case, or answers that do not line up.
  bool failed() const noexcept { return summary.failed > 0 || !protocol_failure.empty(); }
};

// A certification run: cases pulled from a source, sent to the implementation through the runner,
// each answer graded as it arrives and counted into the report. Memory holds the cases in flight
// and the ones listed in the report, never the whole input.
struct CertifyOptions {
  RunnerOptions runner;
  // With stream mode: the command that runs, one process each, the records a line cannot carry
  // (line feeds, a final carriage return); empty: they are skipped as needing per-case mode.
  std::string per_case_command;
  SpellingSet accepted;
  LayoutSet accepted_layouts;
  // The capability tags the program declares (--supports) among the suite's `capabilities`: a case
  // carrying another of those is `not-applicable`, never sent. Unset: every case applies.
  std::optional<std::vector<std::string>> supports;
  std::vector<std::string> capabilities;
  // Ids or shell-style globs of cases expected to fail: graded, then `skipped` when they fail and
  // `unexpected-pass` when they pass, so that a skip list cannot go stale in silence.
  std::vector<std::string> skip_patterns;
  // Whether passing cases are listed in the report (the suite: yes; --inputs: only failures).
  bool list_passes = true;
  std::size_t max_listed = 10'000;  // cases listed at most; the report counts the rest
  // Called with each answer graded as it arrives, before the skip list is applied: a generative run keys its disagreements here.
  std::function<void(const CertifyCase&, const Answer&, const Grade&)> on_graded;
  // Called after each case with the number of cases done, for a progress line (which decides
  // how often to show itself).
  std::function<void(std::uint64_t done, const Tallies& so_far)> progress;
};

// Runs the certification and fills the counts, the cases and the runner's summary of `report`;
// the caller fills in what describes the run (suite, command, name, mode).
void certify(const CertifyOptions& options, CaseSource& source, CertifyReport& report);

// The case as a report lists it under `declared`: its `expected` record in the declared spelling,
// the one answer that passes (X-FEN's when nothing is declared). Call it after grading, which
// reads X-FEN's record from `expected`.
void spell_expected_as_declared(CertifyCase& c, SpellingSet declared);

// Whether streaming cannot send the record: a line feed in it, or a final carriage return, which
// a line reader takes as part of the line end.
bool needs_per_case(const CertifyCase& c) noexcept;

// The layout an answer's record is in, by its number of fields, as an index of kLayoutNames:
// "full" (six), "epd" (four), "board" (one), or "other".
std::size_t layout_index(std::string_view answer) noexcept;
// Each layout's key (the JSON report's) and how the other reports show it.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kLayoutNames{
    {{"full", "six fields"}, {"epd", "EPD"}, {"board", "the board alone"}, {"other", "another number of fields"}}};

// The capability tags of `c` (among `capabilities`) that `supports` does not hold, in the case's
// order; empty when the case applies.
std::vector<std::string> unsupported_capabilities(const CertifyCase& c, const std::vector<std::string>& capabilities,
                                                  const std::vector<std::string>& supports);

}  // namespace xfen::certify
