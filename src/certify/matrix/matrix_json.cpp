// The matrix as JSON (docs/CERTIFY.md "Runs side by side"). Strings are the reports' own, which
// were valid JSON strings already. One line per case, so that two matrices compare line by line.
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include <xfen/message.hpp>

#include "certify/matrix/matrix_documents.hpp"

namespace xfen::certify {
namespace {

// ordered_json: the members stay in the documented order.
using Json = nlohmann::ordered_json;

template <class T>
Json or_null(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json choice_json(const std::optional<ReportedSpellingChoice>& choice) {
  if (!choice) return nullptr;
  Json agreeing = Json::object();
  for (const auto& [spelling, count] : choice->agreeing) agreeing[spelling] = count;
  return {{"spelling", or_null(choice->spelling)}, {"answers", choice->answers}, {"agreeing", std::move(agreeing)}};
}

Json counts_json(const Tallies& tallies) {
  return {{"passed", tallies.passed},
          {"failed", tallies.failed},
          {"skipped", tallies.skipped},
          {"not_applicable", tallies.not_applicable}};
}

Json run_json(const MatrixRun& run) {
  const ReadReport& report = run.report;
  Json layouts = nullptr;
  if (report.layouts_used) {
    layouts = Json::object();
    for (const auto& [layout, count] : *report.layouts_used) layouts[layout] = count;
  }
  Json verdicts = Json::object();
  for (const Verdict verdict : all_verdicts()) verdicts[std::string(verdict_name(verdict))] = run.count(verdict);
  Json by_class = Json::object();
  for (const auto& [name, tallies] : run.by_class) by_class[name] = counts_json(tallies);
  Json by_tag = Json::object();
  for (const auto& [name, tallies] : run.by_tag) by_tag[name] = counts_json(tallies);
  Json json = {{"name", report.implementation_name},
               {"report", xfen::printable(run.path)},
               {"version", or_null(report.implementation_version)},
               {"date", or_null(report.date)},
               {"command", or_null(report.command)},
               {"mode", or_null(report.mode)},
               {"capabilities", or_null(report.capabilities)},
               {"spelling_used", {{"castling", choice_json(report.castling_spelling)},
                                  {"en_passant", choice_json(report.en_passant_spelling)}}},
               {"layouts_used", std::move(layouts)}};
  json.update(counts_json(run.totals));
  json["verdicts"] = std::move(verdicts);
  json["by_class"] = std::move(by_class);
  json["by_tag"] = std::move(by_tag);
  return json;
}

Json case_json(const Matrix& matrix, const Matrix::Row& row) {
  const ReportedCase& c = *row.description;
  Json verdicts = Json::array();
  Json failures = Json::array();
  for (std::size_t run = 0; run < row.results.size(); ++run) {
    const ReportedCase* result = row.results[run];
    verdicts.push_back(result ? Json(verdict_name(result->verdict)) : Json(nullptr));
    if (result && is_failure(result->verdict))
      failures.push_back({{"run", matrix.runs[run].report.implementation_name},
                          {"verdict", verdict_name(result->verdict)},
                          {"answer", or_null(result->answer)},
                          {"detail", result->detail}});
  }
  return {{"id", c.id},     {"class", c.case_class},          {"tags", c.tags},
          {"input", c.input}, {"expected", or_null(c.expected)}, {"rule", c.rule},
          {"verdicts", std::move(verdicts)}, {"failures", std::move(failures)}};
}

}  // namespace

std::string matrix_json(const Matrix& matrix) {
  Json runs = Json::array();
  for (const MatrixRun& run : matrix.runs) runs.push_back(run_json(run));
  std::string text = "{\"suite\": " + Json(matrix.suite_version).dump() + ",\n\"runs\": " + runs.dump() +
                     ",\n\"cases\": [";
  for (std::size_t i = 0; i < matrix.rows.size(); ++i)
    text += (i == 0 ? "\n" : ",\n") + case_json(matrix, matrix.rows[i]).dump();
  return text + "\n]}\n";
}

}  // namespace xfen::certify
