#include "certify/matrix/matrix.hpp"

#include <set>
#include <unordered_map>
#include <utility>

#include <xfen/message.hpp>

namespace xfen::certify {
namespace {

// Why a report that reads cannot stand in the matrix, or nothing.
std::optional<std::string> why_not_mergeable(const std::string& name, const ReadReport& report) {
  if (report.no_verdict)
    return name + " graded no case: " + xfen::printable(*report.no_verdict);
  if (!report.suite_version)
    return name + " is a run on the records of " + xfen::printable(report.source) +
           " (--inputs), not on the suite: it lists only the cases that did not pass";
  if (report.unlisted > 0 || report.cases.size() < report.cases_counted())
    return name + " lists " + std::to_string(report.cases.size()) + " of the " +
           std::to_string(report.cases_counted()) +
           " cases it ran: the matrix needs every case of a run of the whole suite";
  return std::nullopt;
}

MatrixRun counted(std::string path, ReadReport report) {
  MatrixRun run{std::move(path), std::move(report), {}, {}, {}, {}};
  for (const ReportedCase& c : run.report.cases) {
    run.totals.count(c.verdict);
    ++run.verdicts[static_cast<std::size_t>(c.verdict)];
    if (!c.case_class.empty()) run.by_class[c.case_class].count(c.verdict);
    for (const std::string& tag : c.tags) run.by_tag[tag].count(c.verdict);
  }
  return run;
}

// One row per case id, in the order the runs first list them.
void fill_rows(Matrix& matrix) {
  std::unordered_map<std::string_view, std::size_t> row_of_id;
  std::set<std::string> tags;
  for (std::size_t run = 0; run < matrix.runs.size(); ++run) {
    for (const ReportedCase& c : matrix.runs[run].report.cases) {
      const auto [found, added] = row_of_id.try_emplace(c.id, matrix.rows.size());
      if (added) {
        matrix.rows.push_back({&c, std::vector<const ReportedCase*>(matrix.runs.size(), nullptr)});
        tags.insert(c.tags.begin(), c.tags.end());
      }
      matrix.rows[found->second].results[run] = &c;
    }
  }
  matrix.tags.assign(tags.begin(), tags.end());
}

}  // namespace

std::variant<Matrix, MatrixError> merge_reports(const std::vector<std::string>& paths) {
  Matrix matrix;
  matrix.runs.reserve(paths.size());
  std::unordered_map<std::string, std::size_t> run_of_name;
  for (const std::string& path : paths) {
    auto read = read_json_report(path);
    if (auto* error = std::get_if<ReportReadError>(&read)) return MatrixError{std::move(error->message)};
    ReadReport& report = std::get<ReadReport>(read);
    const std::string name = xfen::printable(path);
    if (const auto why = why_not_mergeable(name, report)) return MatrixError{*why};
    if (!matrix.runs.empty() && *report.suite_version != matrix.suite_version)
      return MatrixError{name + " is a run on suite " + xfen::printable(*report.suite_version) + ", " +
                         xfen::printable(matrix.runs.front().path) + " on suite " +
                         xfen::printable(matrix.suite_version) + ": a matrix is of one suite"};
    const auto [other, added] = run_of_name.try_emplace(report.implementation_name, matrix.runs.size());
    if (!added)
      return MatrixError{name + " and " + xfen::printable(matrix.runs[other->second].path) +
                         " are both runs of the implementation named '" +
                         xfen::printable(report.implementation_name) +
                         "': give each run a name of its own (xfen certify --name)"};
    matrix.suite_version = *report.suite_version;
    matrix.runs.push_back(counted(path, std::move(report)));
  }
  fill_rows(matrix);
  return matrix;
}

}  // namespace xfen::certify
