// The HTML report: one self-contained page (inline style, no scripts, nothing fetched) with the
// counts, and each failure with what was sent, wanted and received, and the two boards. Every
// string a program or a user gave is shown as text: html_text escapes it after untrusted_text
// has made it valid UTF-8, so an answer such as `</svg><script>…` is shown, never run.

#include <charconv>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "certify/grade/statement.hpp"
#include "certify/report/boards.hpp"
#include "certify/report/generated_records.hpp"
#include "certify/report/html_page.hpp"
#include "certify/report/reports.hpp"
#include "certify/report/untrusted_text.hpp"
#include "certify/run/protocol.hpp"

namespace xfen::certify {

namespace {


std::string number(std::uint64_t value) { return std::to_string(value); }

std::string seconds(double value) {
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 1);
  return result.ec == std::errc{} ? std::string(buffer, result.ptr) : "?";
}

std::string header(const CertifyReport& report) {
  std::string html =
      "<header><h1>xfen certify: " + html_text(report.name) + "</h1><p class=\"meta\">";
  html += report.suite_version.empty()
              ? "<span>" + html_text(records_certified(report)) + "</span>"
              : "<span>conformance suite " + html_text(report.suite_version) + " (" +
                    html_text(report.source) + ")</span>";
  if (report.version) html += "<span>version " + html_text(*report.version) + "</span>";
  html += "<span>command " + shown(report.command) + "</span>";
  html += std::string("<span>") +
          (report.mode == Mode::stream ? "streaming" : "one process per case") + "</span>";
  const std::string spellings = accepted_spelling_names(report, ", ");
  html +=
      "<span>declared spelling: " + (spellings.empty() ? "none (X-FEN's)" : html_escape(spellings)) +
      "</span>";
  if (!report.date.empty()) html += "<span>started " + html_escape(report.date) + "</span>";
  html += "<span>" + seconds(report.seconds) + " s</span>";
  html += "<span>" + number(report.run.restarts) + " restarts</span></p>";
  // What the run may claim, as every report states it (statement.hpp).
  html += std::string("<p class=\"outcome") + (conforms(report) ? " statement" : "") + "\">" +
          html_text(outcome(report)) + "</p>";
  if (!report.selection.empty()) {
    html += "<p class=\"scope\">selection: <code>" + html_text(selection_text(report)) + "</code></p>";
  }
  for (const std::string& relaxation : relaxations(report))
    html += "<p class=\"scope\">relaxed: " + html_text(relaxation) + "</p>";
  if (report.any_answer_accepted())
    html += "<p class=\"scope\">spelling used: " + html_text(report.spelling_used.describe()) +
            "; layout of the accepted answers: " + html_text(layouts_summary(report)) + "</p>";
  html += "</header>";
  return html;
}

std::string notices(const CertifyReport& report) {
  std::string html;
  if (!report.run.started) {
    html += "<div class=\"notice\">The implementation could not run: " + shown(report.run.start_error, true);
    if (!report.run.stderr_tail.empty()) html += " Its standard error: " + shown(report.run.stderr_tail, true);
    html += "</div>";
  }
  if (!report.protocol_failure.empty()) {
    html += "<div class=\"notice\">Protocol error: " + html_text(report.protocol_failure) + ".";
    for (const std::string& line : report.run.first_lines) html += " A first line: " + shown(line);
    html += "</div>";
  }
  if (report.unlisted > 0)
    html += "<div class=\"notice\">" + number(report.unlisted) +
            " more cases are counted but not listed on this page.</div>";
  return html;
}

std::string bar(const Tallies& tallies) {
  const auto share = [&](std::uint64_t count) {
    const double total = static_cast<double>(tallies.total());
    return seconds(total == 0 ? 0 : 100.0 * static_cast<double>(count) / total);
  };
  return "<div class=\"bar\"><span class=\"p\" style=\"width:" + share(tallies.passed) +
         "%\"></span><span class=\"f\" style=\"width:" + share(tallies.failed) +
         "%\"></span><span class=\"s\" style=\"width:" + share(tallies.skipped) +
         "%\"></span></div>";
}

std::string summary(const CertifyReport& report) {
  const Tallies& totals = report.summary;
  std::string html = "<section class=\"summary\"><div class=\"totals\">";
  html += "<div class=\"total passed\"><b>" + number(totals.passed) + "</b>passed</div>";
  html += "<div class=\"total failed\"><b>" + number(totals.failed) + "</b>failed</div>";
  html += "<div class=\"total skipped\"><b>" + number(totals.skipped) + "</b>skipped</div>";
  if (report.supports)
    html += "<div class=\"total not-applicable\"><b>" + number(totals.not_applicable) + "</b>not applicable</div>";
  html += "</div>";
  html += "<table class=\"verdicts\"><tr><th>verdict</th><th>cases</th></tr>";
  for (const Verdict verdict : all_verdicts()) {
    const std::uint64_t count = report.verdicts[static_cast<std::size_t>(verdict)];
    html += std::string("<tr") + (count == 0 ? " class=\"zero\"" : "") + "><td>" +
            verdict_badge(verdict) + "</td><td class=\"n\">" + number(count) + "</td></tr>";
  }
  html += "</table></section>";
  return html;
}

// With --supports, a column of the cases not applicable (the bar draws the graded ones only).
std::string counts_table(std::string_view heading, const std::map<std::string, Tallies>& rows,
                         bool not_applicable_column) {
  std::string html = "<table class=\"counts\"><tr><th>" + html_escape(heading) +
                     "</th><th>passed</th><th>failed</th><th>skipped</th>" +
                     (not_applicable_column ? "<th>not applicable</th>" : "") + "<th>total</th><th></th></tr>";
  for (const auto& [name, tallies] : rows) {
    Tallies graded = tallies;
    graded.not_applicable = 0;
    html += "<tr><td>" + html_text(name) + "</td><td class=\"n\">" + number(tallies.passed) +
            "</td><td class=\"n\">" + number(tallies.failed) + "</td><td class=\"n\">" +
            number(tallies.skipped) + "</td><td class=\"n\">" +
            (not_applicable_column ? number(tallies.not_applicable) + "</td><td class=\"n\">" : "") +
            number(tallies.total()) + "</td><td>" + bar(graded) + "</td></tr>";
  }
  return html + "</table>";
}

std::string expected_text(const CertifyCase& c) {
  switch (c.expectation) {
    case Expectation::reject: return "<span class=\"none\">rejection</span>";
    case Expectation::either:
      return shown(c.expected) + " <span class=\"none\">or rejection</span>";
    case Expectation::accept: return shown(c.expected);
  }
  return {};
}

// The anchor of a case's block in the list of failures.
std::string case_anchor(const CertifyCase& c) { return "case-" + number(c.index); }

std::string case_article(const CaseResult& result, BoardSymbols& symbols) {
  const CertifyCase& c = result.case_;
  std::string tags;
  for (const std::string& tag : c.tags) {
    if (!tags.empty()) tags += ' ';
    tags += html_text(tag);
  }
  std::string html = "<article class=\"case\" id=\"" + case_anchor(c) + "\"><h3>" +
                     verdict_badge(result.verdict) + "<span>" + html_text(c.id) +
                     "</span></h3><dl>";
  const auto row = [&](std::string_view term, const std::string& definition) {
    html += "<dt>" + html_escape(term) + "</dt><dd>" + definition + "</dd>";
  };
  if (!result.detail.empty()) row("detail", html_text(result.detail));
  row("class", html_escape(conformance::case_class_name(c.case_class)));
  if (!tags.empty()) row("tags", tags);
  if (!c.rule.empty()) row("rule", html_text(c.rule));
  row("input", shown(c.input));
  row("expected", expected_text(c));
  const std::optional<std::string> line = answer_line(result.answer);
  row("answer", line ? shown(*line)
                     : "<span class=\"none\">none (" +
                           html_escape(answer_kind_name(result.answer.kind)) + ")</span>");
  if (!result.answer.stderr_tail.empty()) row("stderr", shown(result.answer.stderr_tail, true));
  html += "</dl>" + board_pair_html(result, symbols) + "</article>";
  return html;
}

// `symbols`: the page's, whose definitions it holds once ahead of every board.
std::string failures(const CertifyReport& report, BoardSymbols& symbols) {
  std::uint64_t count = 0;
  for (const CaseResult& result : report.cases)
    if (is_failure(result.verdict)) ++count;
  std::string html = "<section class=\"failures\"><h2>Failures (" + number(count) + ")</h2>";
  if (count == 0) return html + "<p>None.</p></section>";
  html +=
      "<p class=\"legend\"><span><i class=\"key differs\"></i>differs from the other board</span>"
      "<span><i class=\"key another-spelling\"></i>the same, written another way</span>"
      "<span><i class=\"key castling\"></i>castling rook, with the letter its record names it "
      "by</span>"
      "<span><i class=\"key castling-differs\"></i>castling right in one record only</span>"
      "<span><i class=\"key en-passant\"></i>en passant square</span>"
      "<span>The answer is shown as written, its board read as X-FEN in its own layout (six "
      "fields, EPD's four, the board alone); where that fails, leniently, and its figure says "
      "what that reading let pass.</span></p>";
  html += "<ol class=\"contents\">";
  for (const CaseResult& result : report.cases) {
    if (!is_failure(result.verdict)) continue;
    html += "<li><a href=\"#" + case_anchor(result.case_) + "\">" +
            html_text(result.case_.id) + "</a> " + html_escape(verdict_name(result.verdict)) +
            "</li>";
  }
  html += "</ol>";
  for (const CaseResult& result : report.cases)
    if (is_failure(result.verdict)) html += case_article(result, symbols);
  return html + "</section>";
}

// The style of the table of generated groups: a row holds a board, so the table may be wider than
// the page and scrolls rather than squeeze the records.
constexpr std::string_view kGeneratedStyle = R"css(
.groups-table { overflow-x: auto; }
table.groups td { min-width: 90px; }
table.groups td.record { min-width: 220px; max-width: 380px; }
.group-notes { margin: 4px 0 0; color: var(--muted); font-size: 13px; }
)css";

std::string generated_group_row(const CertifyReport& report, std::size_t number_in_run,
                                const GeneratedGroup& group, BoardSymbols& symbols) {
  // Named by the id of its case, which the block it links to shows.
  const CaseResult* listed = group_case(report, group);
  std::string html = "<tr id=\"group-" + number(number_in_run) + "\"><td>";
  html += listed ? "<a href=\"#" + case_anchor(listed->case_) + "\">" + html_text(listed->case_.id) + "</a>"
                 : "group " + number(number_in_run) + "<p class=\"group-notes\">its case is not listed</p>";
  html += "</td><td>" + html_text(group.key) + "</td><td class=\"n\">" + number(group.records) + "</td>";
  html += "<td class=\"record\">" + shown(group.minimal) + "<p class=\"group-notes\">" +
          number(group.minimal.size()) + (group.minimal.size() == 1 ? " byte" : " bytes") + "</p>" +
          record_board_html(group.minimal, "minimal record", symbols) + "</td>";
  html += "<td class=\"record\"><p class=\"group-notes\">record " + number(group.record_index) + ", seed " +
          number(group.record_seed) + ": " + html_text(group.description) + "</p>" + shown(group.record) +
          "<p class=\"group-notes\">shrunk on its choice tape:</p>" + shown(group.tape_shrunk) + "</td>";
  const std::string compared = suite_comparison(*report.generative, group);
  html += "<td>" + html_escape(shrink_cost(group)) + (compared.empty() ? "" : "; " + html_escape(compared)) +
          "</td><td>" + shown(group.replay) + "</td></tr>";
  return html;
}

// A generative run: how its records were made and why it stopped, and each group it found, linked
// to the block of its minimal record among the failures.
std::string generated_records(const CertifyReport& report, BoardSymbols& symbols) {
  const GenerativeSummary& run = *report.generative;
  std::string html = "<section class=\"generated\"><h2>Generated records</h2><p class=\"meta\">";
  html += "<span>seed " + number(run.seed) + "</span><span>profile " + html_text(run.profile) + "</span>";
  html += "<span>from record " + number(run.first_record) + "</span>";
  html += "<span>" + number(run.generated) + " records graded in " + html_escape(seconds_text(run.generation_seconds)) +
          ": " + html_escape(speed_text(run)) + "</span>";
  html += "<span>stopped by " + html_text(run.stopped_by) + "</span>";
  html += "<span>limits: " + html_escape(generation_limits(run)) + "</span>";
  html += "<span>" + number(run.groups.size()) + (run.groups.size() == 1 ? " group" : " groups") +
          ", shrunk in " + html_escape(seconds_text(run.shrink_seconds)) + "</span></p>";
  if (run.groups.empty()) return html + "<p>No disagreement.</p></section>";
  html +=
      "<div class=\"groups-table\"><table class=\"groups\"><tr><th>group</th><th>key</th><th>records</th>"
      "<th>minimal record</th><th>first record</th><th>shrinking</th><th>replay</th></tr>";
  for (std::size_t i = 0; i < run.groups.size(); ++i)
    html += generated_group_row(report, i + 1, run.groups[i], symbols);
  return html + "</table></div></section>";
}

}  // namespace

std::string html_report(const CertifyReport& report) {
  std::string html;
  html.reserve(64 * 1024 + report.cases.size() * 512);
  html += html_page_start("xfen certify: " + html_text(report.name), report.generative ? kGeneratedStyle : "");
  html += header(report);
  html += notices(report);
  html += summary(report);
  html += "<h2>By class and by tag</h2><div class=\"tables\">";
  html += counts_table("class", report.by_class, report.supports.has_value());
  html += counts_table("tag", report.by_tag, report.supports.has_value());
  html += "</div>";
  // One set of drawings for every board of the page, defined once ahead of them.
  BoardSymbols symbols;
  const std::string generated = report.generative ? generated_records(report, symbols) : std::string();
  const std::string failed = failures(report, symbols);
  html += symbols.definitions();
  html += generated;
  html += failed;
  html +=
      "<footer>Written by xfen certify. The protocol, the verdicts and this report: "
      "docs/PROTOCOL.md.</footer></main></body></html>\n";
  return html;
}

}  // namespace xfen::certify
