// Runs of `xfen certify` side by side: the JSON reports of several runs over the same suite (one
// per program and mode) merged into one matrix of cases × runs, as JSONTestSuite shows its parsers
// and Bowtie its implementations. What `xfen certify matrix` writes as text, Markdown, JSON and
// HTML (matrix_documents.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "certify/grade/certification.hpp"
#include "certify/report/report_reading.hpp"

namespace xfen::certify {

// One run: its report as read back, and its counts, taken from the cases it lists (a run merged
// here lists every case it ran, so they are the summary's own).
struct MatrixRun {
  std::string path;  // the report file, as given
  ReadReport report;
  Tallies totals;
  std::array<std::uint64_t, kVerdictCount> verdicts{};  // indexed by Verdict
  std::map<std::string, Tallies> by_class;
  std::map<std::string, Tallies> by_tag;

  std::uint64_t count(Verdict verdict) const noexcept { return verdicts[static_cast<std::size_t>(verdict)]; }
};

struct Matrix {
  std::string suite_version;
  std::vector<MatrixRun> runs;  // in the order the reports were given
  // Every case id of any run: the first run's order, then those only later runs list. Each row
  // holds what every run did with the case, in the order of `runs`; null where a run does not
  // list it.
  struct Row {
    const ReportedCase* description = nullptr;  // the case as the first run listing it has it
    std::vector<const ReportedCase*> results;
  };
  std::vector<Row> rows;
  // The suite's tags, every one some case carries, sorted.
  std::vector<std::string> tags;
};

// Why the reports cannot be merged, one sentence naming the file (and the other file, for
// reports that disagree), ready for "xfen: " to precede: every name and value quoted in it is
// already shown through xfen::printable.
struct MatrixError {
  std::string message;
};

// Reads every report and merges them. Refused: a file that cannot be read or is not a report;
// a run that graded nothing (it could not start, or its answers did not line up); a run on a
// file's records (`suite` null) or one that lists fewer cases than it counts (a run of the whole
// suite lists them all: the matrix has no other account of a case); reports of different suite
// versions; two runs of one implementation name (the columns would be told apart by nothing).
std::variant<Matrix, MatrixError> merge_reports(const std::vector<std::string>& paths);

}  // namespace xfen::certify
