#include <array>
#include <cstdio>
#include <map>
#include <string>

#include <xfen/message.hpp>

#include "certify/report/reports.hpp"

namespace xfen::certify {
namespace {

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
// indented block whose every line starts with "| ": whatever the program wrote, none of it can
// pass for a line of the report (such as the closing "N passed, N failed" line), and each line is
// printable (xfen::printable) so that no control character reaches the terminal.
void write_stderr_block(const std::string& tail, io::OutputBuffer& out) {
  constexpr std::size_t kShown = 300;
  constexpr std::string_view kLinePrefix = "\n    | ";
  std::string_view shown = tail;
  if (shown.size() > kShown) shown = shown.substr(shown.size() - kShown);
  if (shown.ends_with('\n')) shown.remove_suffix(1);
  bool first = true;
  while (true) {
    const std::size_t end = shown.find('\n');
    out.write(kLinePrefix);
    if (first && shown.size() < tail.size()) out.write("…");
    first = false;
    out.write(xfen::printable(shown.substr(0, end)));
    if (end == std::string_view::npos) break;
    shown.remove_prefix(end + 1);
  }
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
  out.write("\n  input:    '");
  out.write(xfen::printable(result.case_.input));
  out.write("'\n  expected: ");
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
  out.write("\n\n");
}

void write_count(io::OutputBuffer& out, std::uint64_t count, std::string_view what) {
  out.write_number(count);
  out.put(' ');
  out.write(what);
}

}  // namespace

void write_text_report(const CertifyReport& report, io::OutputBuffer& out) {
  std::map<std::string, std::uint64_t> skip_reasons;
  for (const CaseResult& result : report.cases) {
    if (result.verdict == Verdict::skipped)
      ++skip_reasons[result.detail];
    else if (tally_of(result.verdict) == Tally::failed)
      write_failure(result, out);
  }
  for (const auto& [reason, count] : skip_reasons) {
    out.write("SKIP ");
    write_count(out, count, count == 1 ? "case: " : "cases: ");
    write_sentence(reason, out);
    out.put('\n');
  }
  if (report.unlisted > 0) {
    write_count(out, report.unlisted, "more cases that did not pass are not listed\n");
  }
  if (report.run.extra_answers > 0) {
    // Not a case: "ERROR", so that a reader of "FAIL <id> <verdict>:" lines is not misled.
    out.write("ERROR the program wrote ");
    write_count(out, report.run.extra_answers, "answer line(s) more than it was sent records (the first: '");
    out.write(xfen::printable(report.run.first_extra_answer));
    out.write("')\n");
  }
  out.write("\nxfen certify: ");
  out.write(xfen::printable(report.name));
  out.write(report.mode == Mode::stream ? ", stream mode, " : ", per-case mode, ");
  if (report.suite_version.empty()) {
    out.write("records of ");
    out.write(xfen::printable(report.source));
  } else {
    out.write("suite ");
    out.write(report.suite_version);
  }
  out.write(", ");
  write_count(out, report.summary.total(), "cases in ");
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f s", report.seconds);
  out.write(seconds);
  if (report.run.restarts > 0) {
    out.write(", ");
    write_count(out, report.run.restarts, "restart(s)");
  }
  out.write("\nverdicts:");
  for (const Verdict verdict : all_verdicts()) {
    const std::uint64_t count = report.verdicts[static_cast<std::size_t>(verdict)];
    if (count == 0) continue;
    out.put(' ');
    out.write(verdict_name(verdict));
    out.put(' ');
    out.write_number(count);
  }
  out.put('\n');
  write_count(out, report.summary.passed, "passed, ");
  write_count(out, report.summary.failed, "failed, ");
  write_count(out, report.summary.skipped, "skipped\n");
}

}  // namespace xfen::certify
