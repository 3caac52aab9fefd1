#include "certify_text_report.hpp"

#include <cstdio>
#include <map>
#include <string>

#include "escape.hpp"

namespace xfen::cli {
namespace {

using certify::Answer;
using certify::CaseResult;
using certify::Verdict;

// The answer as the protocol carried it, or what happened instead.
void write_answer(const Answer& answer, OutputBuffer& out) {
  switch (answer.kind) {
    case Answer::Kind::accepted:
      out.write("ok ");
      out.write(escaped(answer.text));
      return;
    case Answer::Kind::rejected:
      out.write(answer.text.empty() ? "error" : "error ");
      out.write(escaped(answer.text));
      return;
    case Answer::Kind::protocol_error:
      out.put('\'');
      out.write(escaped(answer.text));
      out.put('\'');
      return;
    case Answer::Kind::crash: out.write("(none: it crashed)"); return;
    case Answer::Kind::timeout: out.write("(none in time)"); return;
    case Answer::Kind::not_run: out.write("(not sent)"); return;
  }
}

void write_expected(const CaseResult& result, OutputBuffer& out) {
  if (result.case_.expectation == certify::Expectation::reject) {
    out.write("error (a rejection)");
    return;
  }
  out.write("ok ");
  out.write(result.case_.expected);
  if (result.case_.expectation == certify::Expectation::either) out.write("  or  error");
}

// The last line or two of what the program wrote on stderr: enough to see a crash's message.
std::string stderr_excerpt(const std::string& tail) {
  constexpr std::size_t kShown = 300;
  if (tail.size() <= kShown) return escaped(tail);
  std::string excerpt = "…";
  excerpt += escaped(std::string_view(tail).substr(tail.size() - kShown));
  return excerpt;
}

void write_failure(const CaseResult& result, OutputBuffer& out) {
  out.write("FAIL ");
  out.write(escaped(result.case_.id));
  out.put(' ');
  out.write(certify::verdict_name(result.verdict));
  if (!result.detail.empty()) {
    out.write(": ");
    out.write(escaped(result.detail));
  }
  out.write("\n  input:    '");
  out.write(escaped(result.case_.input));
  out.write("'\n  expected: ");
  write_expected(result, out);
  out.write("\n  answer:   ");
  write_answer(result.answer, out);
  out.write("\n  rule:     ");
  out.write(escaped(result.case_.rule));
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
    out.write("\n  stderr:   ");
    out.write(stderr_excerpt(result.answer.stderr_tail));
  }
  out.write("\n\n");
}

void write_count(OutputBuffer& out, std::uint64_t count, std::string_view what) {
  out.write_number(count);
  out.put(' ');
  out.write(what);
}

}  // namespace

void write_text_report(const certify::CertifyReport& report, OutputBuffer& out) {
  std::map<std::string, std::uint64_t> skip_reasons;
  for (const CaseResult& result : report.cases) {
    if (result.verdict == Verdict::skipped)
      ++skip_reasons[result.detail];
    else if (certify::tally_of(result.verdict) == certify::Tally::failed)
      write_failure(result, out);
  }
  for (const auto& [reason, count] : skip_reasons) {
    out.write("SKIP ");
    write_count(out, count, count == 1 ? "case: " : "cases: ");
    out.write(escaped(reason));
    out.put('\n');
  }
  if (report.unlisted > 0) {
    write_count(out, report.unlisted, "more cases that did not pass are not listed\n");
  }
  if (report.run.extra_answers > 0) {
    // Not a case: "ERROR", so that a reader of "FAIL <id> <verdict>:" lines is not misled.
    out.write("ERROR the program wrote ");
    write_count(out, report.run.extra_answers, "answer line(s) more than it was sent records (the first: '");
    out.write(escaped(report.run.first_extra_answer));
    out.write("')\n");
  }
  out.write("\nxfen certify: ");
  out.write(escaped(report.name));
  out.write(report.mode == certify::Mode::stream ? ", stream mode, " : ", per-case mode, ");
  if (report.suite_version.empty()) {
    out.write("records of ");
    out.write(escaped(report.source));
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
  for (const Verdict verdict : certify::all_verdicts()) {
    const std::uint64_t count = report.verdicts[static_cast<std::size_t>(verdict)];
    if (count == 0) continue;
    out.put(' ');
    out.write(certify::verdict_name(verdict));
    out.put(' ');
    out.write_number(count);
  }
  out.put('\n');
  write_count(out, report.summary.passed, "passed, ");
  write_count(out, report.summary.failed, "failed, ");
  write_count(out, report.summary.skipped, "skipped\n");
}

}  // namespace xfen::cli
