#include <array>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <xfen/message.hpp>

#include "certify/grade/joined.hpp"
#include "certify/grade/statement.hpp"
#include "certify/report/generated_records.hpp"
#include "certify/report/reports.hpp"

namespace xfen::certify {
namespace {

constexpr std::string_view kBlockPrefix = "\n    | ";
// Failures that share a verdict and a detail (622 cases not run, 40 rejections of valid records)
// are one block: the first in full, then how many more and their first ids.
constexpr std::size_t kIdsShownPerGroup = 10;

// The answer as the protocol carried it, or what happened instead.
void write_answer(const Answer& answer, io::OutputBuffer& out) {
  switch (answer.kind) {
    case Answer::Kind::accepted:
    case Answer::Kind::rejected: out.write(xfen::printable(*answer_line(answer))); return;
    case Answer::Kind::protocol_error:
      out.put('\'');
      out.write(xfen::printable(answer.text));
      out.put('\'');
      return;
    case Answer::Kind::crash: out.write("(none: it crashed)"); return;
    case Answer::Kind::timeout: out.write("(none in time)"); return;
    case Answer::Kind::not_run: out.write("(not sent)"); return;
  }
}

// A record as it was sent: quoted, each byte as xfen::printable_byte shows it, so that it is one
// line whatever it holds.
void write_quoted_record(std::string_view record, io::OutputBuffer& out) {
  out.put('\'');
  out.write(xfen::printable(record));
  out.put('\'');
}

void write_expected(const CaseResult& result, io::OutputBuffer& out) {
  if (result.case_.expectation == Expectation::reject) {
    out.write("error (a rejection)");
    return;
  }
  out.write("ok ");
  out.write(result.case_.expected);
  if (result.case_.expectation == Expectation::either) out.write("  or  error");
}

// A sentence xfen wrote (a verdict's detail, the rule a case states): the bytes it quotes were
// shown by xfen::printable_byte when it was made, so its backslashes and quotes are xfen's own and
// stay; only a byte that is not printable ASCII (a suite file's note may hold one) is shown as
// printable_byte shows it, so that the report stays one safe line per field.
void write_sentence(std::string_view sentence, io::OutputBuffer& out) {
  std::array<char, kMaxPrintableByteSize> shown{};
  for (const char c : sentence) {
    if (c == '\\' || c == '\'') {
      out.put(c);
    } else {
      out.write(std::string_view(shown.data(), printable_byte(c, shown)));
    }
  }
}

// The last lines of what the program wrote on stderr, enough to see a crash's message, as an
// indented block whose every line starts with "| " (write_untrusted_lines).
void write_stderr_block(const std::string& tail, io::OutputBuffer& out) {
  constexpr std::size_t kShown = 300;
  std::string_view shown = tail;
  if (shown.size() > kShown) shown = shown.substr(shown.size() - kShown);
  out.write(kBlockPrefix);
  if (shown.size() < tail.size()) out.write("…");
  write_untrusted_lines(shown, kBlockPrefix, out);
}

void write_failure(const CaseResult& result, io::OutputBuffer& out) {
  out.write("FAIL ");
  out.write(xfen::printable(result.case_.id));
  out.put(' ');
  out.write(verdict_name(result.verdict));
  if (!result.detail.empty()) {
    out.write(": ");
    write_sentence(result.detail, out);
  }
  out.write("\n  input:    ");
  write_quoted_record(result.case_.input, out);
  out.write("\n  expected: ");
  write_expected(result, out);
  out.write("\n  answer:   ");
  write_answer(result.answer, out);
  out.write("\n  rule:     ");
  write_sentence(result.case_.rule, out);
  out.write("\n  class:    ");
  out.write(conformance::case_class_name(result.case_.case_class));
  if (!result.case_.tags.empty()) {
    out.write("; tags: ");
    for (std::size_t i = 0; i < result.case_.tags.size(); ++i) {
      if (i) out.write(", ");
      out.write(result.case_.tags[i]);
    }
  }
  if (!result.answer.stderr_tail.empty()) {
    out.write("\n  stderr:");
    write_stderr_block(result.answer.stderr_tail, out);
  }
  out.put('\n');
}

void write_group_rest(const std::vector<const CaseResult*>& group, io::OutputBuffer& out) {
  if (group.size() < 2) return;
  out.write("  and ");
  out.write_number(group.size() - 1);
  out.write(group.size() == 2 ? " more case" : " more cases");
  out.write(" with this verdict and detail: ");
  for (std::size_t i = 1; i < group.size() && i <= kIdsShownPerGroup; ++i) {
    if (i > 1) out.write(", ");
    out.write(xfen::printable(group[i]->case_.id));
  }
  if (group.size() - 1 > kIdsShownPerGroup) out.write(", …");
  out.write(" (each case is in the JSON, JUnit and HTML reports)\n");
}

// Each block ends with a blank line; true when it wrote any.
bool write_failures(const CertifyReport& report, io::OutputBuffer& out) {
  // A block's verdict and detail, and a number that keeps cases apart that share them: the cases
  // of a generative run are each the minimal record of a group of its own, and two groups of
  // different keys can share a verdict and a detail ("accepted a record that must be rejected").
  using BlockKey = std::tuple<Verdict, std::string_view, std::size_t>;
  std::map<BlockKey, std::vector<const CaseResult*>> groups;
  std::vector<const std::vector<const CaseResult*>*> in_order;  // by each group's first case
  for (std::size_t i = 0; i < report.cases.size(); ++i) {
    const CaseResult& result = report.cases[i];
    if (tally_of(result.verdict) != Tally::failed) continue;
    auto& group = groups[{result.verdict, result.detail, report.generative ? i : 0}];
    if (group.empty()) in_order.push_back(&group);
    group.push_back(&result);
  }
  for (const auto* group : in_order) {
    write_failure(*group->front(), out);
    write_group_rest(*group, out);
    out.put('\n');
  }
  return !in_order.empty();
}

void write_protocol_failure(const CertifyReport& report, io::OutputBuffer& out) {
  // Not a case: "ERROR", so that a reader of "FAIL <id> <verdict>:" lines is not misled.
  out.write("ERROR protocol-error: ");
  write_sentence(report.protocol_failure, out);
  if (!report.run.first_lines.empty()) {
    out.write("\n  its first lines on stdout:");
    for (const std::string& line : report.run.first_lines) {
      out.write(kBlockPrefix);
      out.write(xfen::printable(line));
    }
  }
  out.write("\n\n");
}

// ": 10x8 326, capablanca 90", the capabilities the not-applicable cases listed need.
void write_needed_capabilities(const CertifyReport& report, io::OutputBuffer& out) {
  std::map<std::string, std::uint64_t> needed;
  for (const CaseResult& result : report.cases)
    if (result.verdict == Verdict::not_applicable)
      for (const std::string& tag : unsupported_capabilities(result.case_, report.capabilities, *report.supports))
        ++needed[tag];
  const char* separator = ": ";
  for (const std::string& tag : report.capabilities) {
    const auto found = needed.find(tag);
    if (found == needed.end()) continue;
    out.write(separator);
    out.write(xfen::printable(tag));
    out.put(' ');
    out.write_number(found->second);
    separator = ", ";
  }
}

// The run's scope and what it may claim: what was selected and relaxed, then the outcome.
void write_scope(const CertifyReport& report, io::OutputBuffer& out) {
  if (!report.selection.empty()) {
    out.write("selection: ");
    write_sentence(selection_text(report), out);
    if (report.suite_cases > 0) {
      out.write(" (");
      out.write_number(report.cases_run());
      out.write(" of ");
      out.write_number(report.suite_cases);
      out.write(" cases)");
    }
    out.put('\n');
  }
  for (const std::string& relaxation : relaxations(report)) {
    out.write("relaxed: ");
    write_sentence(relaxation, out);
    out.put('\n');
  }
  if (report.supports) {
    out.write("supports: ");
    out.write(xfen::printable(joined(*report.supports, " ")));
    out.write(" (declared: ");
    out.write_number(report.summary.not_applicable);
    out.write(" cases need another capability and are not applicable");
    write_needed_capabilities(report, out);
    out.write(")\n");
  }
  if (report.any_answer_accepted()) {
    out.write("spelling used: ");
    write_sentence(report.spelling_used.describe(), out);
    if (const std::string suggestion = report.spelling_used.suggestion(report.accepted_spellings);
        !suggestion.empty()) {
      out.write("\nspelling to declare: ");
      write_sentence(suggestion, out);
    }
    out.write("\nlayout of the accepted answers: ");
    out.write(layouts_summary(report));
    out.put('\n');
  }
  if (report.dialect_graded > 0) {
    out.write("dialect cases: ");
    out.write_number(report.dialect_graded);
    out.write(" graded (each answer in the declared spelling, X-FEN's where none is declared)\n");
  }
}

void write_count(io::OutputBuffer& out, std::uint64_t count, std::string_view what) {
  out.write_number(count);
  out.put(' ');
  out.write(what);
}

// One group of a generative run: the record it was first met on, that record shrunk on its choice
// tape, then on its text, what that cost, the command that replays it, and the id its minimal
// record is listed by with the failures. Labels as a failure's, a column wider for "shrinking".
void write_generated_group(const CertifyReport& report, std::size_t number, const GeneratedGroup& group,
                           io::OutputBuffer& out) {
  out.write("group ");
  out.write_number(number);
  out.write(": ");
  out.write(xfen::printable(group.key));
  out.write(" — ");
  write_count(out, group.records, group.records == 1 ? "record" : "records");
  out.write("\n  first:     record ");
  out.write_number(group.record_index);
  out.write(", seed ");
  out.write_number(group.record_seed);
  out.write(": ");
  write_sentence(group.description, out);
  out.write("\n             ");
  write_quoted_record(group.record, out);
  out.write("\n  tape:      ");
  write_quoted_record(group.tape_shrunk, out);
  out.write(" (shrunk on its choice tape)\n  minimal:   ");
  write_quoted_record(group.minimal, out);
  out.write(" (");
  write_count(out, group.minimal.size(), group.minimal.size() == 1 ? "byte)" : "bytes)");
  out.write("\n  shrinking: ");
  out.write(shrink_cost(group));
  if (const std::string compared = suite_comparison(*report.generative, group); !compared.empty()) {
    out.write("\n  suite:     ");
    out.write(xfen::printable(compared));
  }
  // The command is for copying into a shell: its quotes stay as they are.
  out.write("\n  replay:    ");
  write_untrusted_lines(group.replay, kBlockPrefix, out);
  out.write("\n  listed as: ");
  if (const CaseResult* listed = group_case(report, group)) {
    out.write(xfen::printable(listed->case_.id));
    out.write(" (below)");
  } else {
    out.write("(not listed)");
  }
  out.write("\n\n");
}

// How a generative run made its records and why it stopped, then each group it found. Each block
// ends with a blank line.
void write_generative(const CertifyReport& report, io::OutputBuffer& out) {
  const GenerativeSummary& run = *report.generative;
  out.write("generated records: seed ");
  out.write_number(run.seed);
  out.write(", profile ");
  out.write(xfen::printable(run.profile));
  out.write(", from record ");
  out.write_number(run.first_record);
  out.write("\n  ");
  write_count(out, run.generated, "records graded in ");
  out.write(seconds_text(run.generation_seconds));
  out.write(" (");
  out.write(speed_text(run));
  out.write(")\n  stopped by ");
  write_sentence(run.stopped_by, out);
  out.write(" (limits: ");
  out.write(generation_limits(run));
  out.write(")\n  ");
  write_count(out, run.groups.size(), run.groups.size() == 1 ? "group, shrunk in " : "groups, shrunk in ");
  out.write(seconds_text(run.shrink_seconds));
  out.write("\n\n");
  for (std::size_t i = 0; i < run.groups.size(); ++i) write_generated_group(report, i + 1, run.groups[i], out);
}

}  // namespace

void write_text_report(const CertifyReport& report, io::OutputBuffer& out) {
  // One blank line before the summary: the blocks end with one, unless lines follow them.
  bool blank_line_before = false;
  if (report.generative) {
    write_generative(report, out);
    blank_line_before = true;
  }
  if (!report.protocol_failure.empty()) {
    write_protocol_failure(report, out);
    blank_line_before = true;
  }
  blank_line_before = write_failures(report, out) || blank_line_before;
  std::map<std::string, std::uint64_t> skip_reasons;
  for (const CaseResult& result : report.cases)
    if (result.verdict == Verdict::skipped) ++skip_reasons[result.detail];
  for (const auto& [reason, count] : skip_reasons) {
    blank_line_before = false;
    out.write("SKIP ");
    write_count(out, count, count == 1 ? "case: " : "cases: ");
    write_sentence(reason, out);
    out.put('\n');
  }
  if (report.unlisted > 0) {
    blank_line_before = false;
    write_count(out, report.unlisted, "more cases that did not pass are not listed\n");
  }
  if (!blank_line_before) out.put('\n');
  out.write("xfen certify: ");
  out.write(xfen::printable(report.name));
  if (report.version) out.write(" version " + xfen::printable(*report.version));
  out.write(report.mode == Mode::stream ? ", stream mode, " : ", per-case mode, ");
  if (report.suite_version.empty()) {
    out.write(xfen::printable(records_certified(report)));
  } else {
    out.write("suite ");
    out.write(report.suite_version);
  }
  out.write(", ");
  write_count(out, report.cases_run(), "cases in ");
  out.write(seconds_text(report.seconds));
  if (report.run.restarts > 0) {
    out.write(", ");
    write_count(out, report.run.restarts, "restart(s)");
  }
  out.put('\n');
  write_scope(report, out);
  out.write(report.summary.total() == 0 ? "verdicts: none" : "verdicts:");
  for (const Verdict verdict : all_verdicts()) {
    const std::uint64_t count = report.verdicts[static_cast<std::size_t>(verdict)];
    if (count == 0) continue;
    out.put(' ');
    out.write(verdict_name(verdict));
    out.put(' ');
    out.write_number(count);
  }
  out.put('\n');
  const std::vector<ClassFigure> classes = class_figures(report);
  for (std::size_t i = 0; i < classes.size(); ++i) {
    out.write(classes[i].name);
    out.write(" (");
    out.write(classes[i].duty);
    out.write("): ");
    out.write(classes[i].figures);
    out.write(i + 1 < classes.size() ? "; " : "\n");
  }
  write_sentence(outcome(report), out);
  out.put('\n');
  write_count(out, report.summary.passed, "passed, ");
  write_count(out, report.summary.failed, "failed, ");
  write_count(out, report.summary.skipped, report.supports ? "skipped, " : "skipped\n");
  if (report.supports) write_count(out, report.summary.not_applicable, "not applicable\n");
}


void write_untrusted_lines(std::string_view bytes, std::string_view prefix, io::OutputBuffer& out) {
  if (bytes.ends_with('\n')) bytes.remove_suffix(1);
  while (true) {
    const std::size_t end = bytes.find('\n');
    // As printable shows bytes, but a quote as it is: nothing here is quoted, and "can't open
    // file" should read as the program wrote it.
    std::array<char, kMaxPrintableByteSize> shown{};
    for (const char c : bytes.substr(0, end))
      out.write(c == '\'' ? std::string_view("'") : std::string_view(shown.data(), printable_byte(c, shown)));
    if (end == std::string_view::npos) return;
    out.write(prefix);
    bytes.remove_prefix(end + 1);
  }
}

}  // namespace xfen::certify
