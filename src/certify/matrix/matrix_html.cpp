// The matrix as one self-contained HTML page: the tables, then a grid of cases × runs, each cell
// coloured by its verdict, each failing cell a link to where that failure is shown with its
// boards. Every string of a report is untrusted (what the programs wrote, and what their users
// named them): shown through html_text or `shown`, never as markup.
//
// A page of 30 runs of the whole suite holds about 21,000 cells and 4,000 failures, so what repeats
// is written once: a failure is one block per distinct answer of a case (its verdict, answer and
// detail) naming every run that gave it, and the cells omit their optional end tags.
#include <map>
#include <optional>
#include <string_view>
#include <tuple>

#include "certify/grade/joined.hpp"
#include "certify/matrix/matrix_documents.hpp"
#include "certify/matrix/matrix_tables.hpp"
#include "certify/report/boards.hpp"
#include "certify/report/html_page.hpp"
#include "certify/report/untrusted_text.hpp"
#include "certify/run/protocol.hpp"

namespace xfen::certify {
namespace {

// The grid's own style, added to the shared sheet. Cells are named by their verdict; each verdict
// has a colour of its own (the legend shows them). The grid's grey is for cells without a class
// (not applicable) only: a rule on every cell would outweigh the verdicts' one-class rules.
constexpr std::string_view kMatrixStyle = R"css(
main { max-width: none; }
table.grid { border-collapse: collapse; font-size: 12px; margin-top: 8px; }
table.grid th { border: 1px solid #fff; padding: 0; background: none; }
table.grid td { border: 1px solid #fff; padding: 0; }
table.grid thead th.run { vertical-align: bottom; padding: 4px 0; font-weight: 400; }
table.grid thead th.run span { writing-mode: vertical-rl; transform: rotate(180deg);
                               white-space: nowrap; }
table.grid tbody th { font-weight: 400; padding: 0 8px 0 0; white-space: nowrap; }
table.grid tr.group th { padding: 10px 0 2px; font-weight: 700; }
table.grid td { width: 16px; min-width: 16px; height: 16px; }
table.grid td:not([class]) { background: #e0e0e0; }
table.grid td.unlisted { background: #fff; outline: 1px dashed #bbb; outline-offset: -3px; }
table.grid td a { display: block; height: 16px; }
.pass { background: #2e7d32; } .not-applicable { background: #e0e0e0; }
.skipped { background: #9e9e9e; } .non-canonical { background: #f9a825; }
.wrong-position { background: #c62828; } .accepted-invalid { background: #ad1457; }
.rejected-valid { background: #6a1b9a; } .crash { background: #111; }
.timeout { background: #6d4c41; } .protocol-error { background: #e65100; }
.not-run { background: #78909c; } .unexpected-pass { background: #1565c0; }
.cell-legend span { display: inline-block; margin: 0 14px 4px 0; }
.cell-legend i { display: inline-block; width: 14px; height: 14px; vertical-align: -2px;
                 margin-right: 4px; }
.failure { border-top: 1px solid var(--line); padding-top: 12px; margin-top: 12px; }
.failure h4 { margin: 0 0 8px; display: flex; gap: 10px; flex-wrap: wrap; align-items: baseline; }
.tables { margin-bottom: 16px; }
)css";

std::string table_html(const TextTable& table) {
  std::string html = "<table class=\"counts\"><tr>";
  for (const std::string& heading : table.header) html += "<th>" + html_text(heading) + "</th>";
  html += "</tr>";
  for (const auto& row : table.rows) {
    html += "<tr>";
    for (const std::string& cell : row) html += "<td>" + html_text(cell) + "</td>";
    html += "</tr>";
  }
  return html + "</table>";
}

// The suite's file a case comes from: its id up to the first dot ("castling" of "castling.x").
std::string_view group_of(std::string_view id) { return id.substr(0, id.find('.')); }

// A distinct failure of one case: a verdict, an answer and a detail, and the runs that gave it.
struct Failure {
  const ReportedCase* result = nullptr;
  std::vector<std::size_t> runs;
  std::string anchor;
};

// Each row's failures, in the order of the runs that first gave them, and for each cell of the
// row the failure it belongs to (none for a cell that did not fail).
struct RowFailures {
  std::vector<Failure> failures;
  std::vector<std::optional<std::size_t>> of_run;
};

RowFailures failures_of(const Matrix::Row& row, std::size_t row_index) {
  RowFailures found;
  found.of_run.resize(row.results.size());
  std::map<std::tuple<Verdict, std::optional<std::string>, std::string>, std::size_t> index;
  for (std::size_t run = 0; run < row.results.size(); ++run) {
    const ReportedCase* result = row.results[run];
    if (!result || !is_failure(result->verdict)) continue;
    const auto [at, added] =
        index.try_emplace({result->verdict, result->answer, result->detail}, found.failures.size());
    if (added)
      found.failures.push_back({result, {}, "f-" + std::to_string(row_index) + "-" + std::to_string(at->second)});
    found.failures[at->second].runs.push_back(run);
    found.of_run[run] = at->second;
  }
  return found;
}

std::string legend() {
  std::string html = "<p class=\"cell-legend\">";
  for (const Verdict verdict : all_verdicts()) {
    const std::string name(verdict_name(verdict));
    html += "<span><i class=\"" + name + "\"></i>" + name + "</span>";
  }
  return html + "<span><i class=\"unlisted\"></i>the run does not list the case</span></p>";
}

std::string grid(const Matrix& matrix, const std::vector<RowFailures>& failures) {
  std::string html = "<table class=\"grid\"><thead><tr><th></th>";
  for (const MatrixRun& run : matrix.runs)
    html += "<th class=\"run\"><span>" + html_text(run.report.implementation_name) + "</span></th>";
  html += "</tr></thead><tbody>";
  const std::string group_columns = std::to_string(matrix.runs.size() + 1);
  std::string_view group;
  for (std::size_t i = 0; i < matrix.rows.size(); ++i) {
    const Matrix::Row& row = matrix.rows[i];
    const std::string_view id = row.description->id;
    if (i == 0 || group_of(id) != group) {
      group = group_of(id);
      html += "<tr class=\"group\"><th colspan=\"" + group_columns + "\">" + html_text(group) + "</th></tr>";
    }
    html += "<tr><th>" + html_text(id) + "</th>";
    // What 21,000 cells repeat is kept short: no </td> (HTML ends a cell at the next one), the
    // class unquoted (a verdict's name), and none at all for the commonest verdict of runs that
    // declare what they play, not-applicable, whose colour is the grid's own.
    for (std::size_t run = 0; run < row.results.size(); ++run) {
      const ReportedCase* result = row.results[run];
      if (!result) {
        html += "<td class=unlisted>";
        continue;
      }
      const std::string name(verdict_name(result->verdict));
      html += result->verdict == Verdict::not_applicable ? "<td>" : "<td class=" + name + ">";
      if (const auto failure = failures[i].of_run[run])
        html += "<a href=\"#" + failures[i].failures[*failure].anchor + "\" title=\"" + name + "\"></a>";
    }
    html += "</tr>";
  }
  return html + "</tbody></table>";
}

Answer::Kind kind_without_answer(Verdict verdict) noexcept {
  if (verdict == Verdict::crash) return Answer::Kind::crash;
  if (verdict == Verdict::timeout) return Answer::Kind::timeout;
  return Answer::Kind::not_run;
}

// The failure as the report's boards need it: what was expected and what came back.
CaseResult case_result(const ReportedCase& description, const ReportedCase& result) {
  CaseResult drawn;
  drawn.case_.expectation = description.expected ? Expectation::accept : Expectation::reject;
  drawn.case_.expected = description.expected.value_or("");
  drawn.verdict = result.verdict;
  if (result.answer) {
    const AnswerLine line = read_answer_line(*result.answer);
    drawn.answer.kind = line.kind;
    drawn.answer.text = line.text;
  } else {
    drawn.answer.kind = kind_without_answer(result.verdict);
  }
  return drawn;
}

std::string expected_html(const ReportedCase& c) {
  if (!c.expected) return "<span class=\"none\">rejection</span>";
  return shown(*c.expected) +
         (c.case_class == "implementation-defined" ? " <span class=\"none\">or rejection</span>" : "");
}

// The boards of a case's failures: answers that differ only in what a rejection said, or how a
// program crashed, draw the same pair, which is then drawn once and pointed to.
struct CaseBoards {
  BoardSymbols& symbols;
  std::map<std::string, std::string> anchor_of_pair;  // a pair's HTML → the failure showing it
};

std::string failure_html(const Matrix& matrix, const ReportedCase& c, const Failure& failure,
                         CaseBoards& boards) {
  std::vector<std::string> runs;
  for (const std::size_t run : failure.runs) runs.push_back(matrix.runs[run].report.implementation_name);
  const ReportedCase& result = *failure.result;
  std::string html = "<section class=\"failure\" id=\"" + failure.anchor + "\"><h4>" +
                     verdict_badge(result.verdict) + "<span>" + html_text(c.id) + "</span></h4><dl>";
  const auto row = [&html](std::string_view term, const std::string& definition) {
    html += "<dt>" + html_escape(term) + "</dt><dd>" + definition + "</dd>";
  };
  row(runs.size() == 1 ? "run" : "runs", html_text(joined(runs, ", ")));
  row("answer", result.answer ? shown(*result.answer)
                              : "<span class=\"none\">none (" + html_escape(verdict_name(result.verdict)) +
                                    ")</span>");
  if (!result.detail.empty()) row("detail", html_text(result.detail));
  html += "</dl>";
  std::string pair = board_pair_html(case_result(c, result), boards.symbols);
  const auto [drawn, first] = boards.anchor_of_pair.try_emplace(std::move(pair), failure.anchor);
  if (first)
    html += drawn->first;
  else
    html += "<p class=\"none\">The boards are those of <a href=\"#" + drawn->second + "\">the answer above</a>.</p>";
  return html + "</section>";
}

std::string case_html(const Matrix& matrix, const Matrix::Row& row, std::size_t row_index,
                      const RowFailures& failures, BoardSymbols& symbols) {
  const ReportedCase& c = *row.description;
  std::string html = "<article class=\"case\" id=\"case-" + std::to_string(row_index) + "\"><h3>" +
                     html_text(c.id) + "</h3><dl>";
  const auto term = [&html](std::string_view name, const std::string& definition) {
    html += "<dt>" + html_escape(name) + "</dt><dd>" + definition + "</dd>";
  };
  term("class", html_text(c.case_class));
  if (!c.tags.empty()) term("tags", html_text(joined(c.tags, " ")));
  if (!c.rule.empty()) term("rule", html_text(c.rule));
  term("input", shown(c.input));
  term("expected", expected_html(c));
  html += "</dl>";
  CaseBoards boards{symbols, {}};
  for (const Failure& failure : failures.failures) html += failure_html(matrix, c, failure, boards);
  return html + "</article>";
}

}  // namespace

std::string matrix_html(const Matrix& matrix) {
  std::vector<RowFailures> failures;
  failures.reserve(matrix.rows.size());
  for (std::size_t i = 0; i < matrix.rows.size(); ++i) failures.push_back(failures_of(matrix.rows[i], i));
  const std::string title = "xfen certify matrix: suite " + html_text(matrix.suite_version);
  std::string html = html_page_start(title, kMatrixStyle);
  html += "<header><h1>" + title + "</h1><p class=\"meta\"><span>" + std::to_string(matrix.runs.size()) +
          " runs</span><span>" + std::to_string(matrix.rows.size()) +
          " cases</span><span>each figure: passed of graded (skipped and n/a apart)</span></p></header>";
  html += "<h2>By class</h2><div class=\"tables\">" + table_html(class_table(matrix)) + "</div>";
  html += "<h2>By tag</h2><div class=\"tables\">" + table_html(tag_table(matrix)) + "</div>";
  html += "<h2>The runs</h2><div class=\"tables\">" + table_html(run_table(matrix)) + "</div>";
  html += "<h2>Cases × runs</h2>" + legend() + grid(matrix, failures);
  BoardSymbols symbols;
  std::string articles;
  std::size_t count = 0;
  for (std::size_t i = 0; i < matrix.rows.size(); ++i) {
    if (failures[i].failures.empty()) continue;
    articles += case_html(matrix, matrix.rows[i], i, failures[i], symbols);
    count += failures[i].failures.size();
  }
  html += "<section class=\"failures\"><h2>Failures (" + std::to_string(count) +
          " distinct answers)</h2><p class=\"legend\">Each failing cell links here: one block per "
          "distinct verdict, answer and detail of a case, naming every run that gave it, with the "
          "expected board and the answer's side by side as each run's report draws them.</p>";
  // What the boards draw, once, ahead of them.
  html += symbols.definitions() + articles + "</section>";
  html +=
      "<footer>Written by xfen certify matrix from the JSON reports of xfen certify. The protocol, "
      "the verdicts and the reports: docs/PROTOCOL.md.</footer></main></body></html>\n";
  return html;
}

}  // namespace xfen::certify
