// The JUnit XML report, for CI systems that show test results: one <testsuite>, one <testcase>
// per case listed, written with pugixml so that the markup is escaped by a library that knows
// XML. pugixml cannot make NUL and the other characters XML 1.0 forbids well-formed (they have no
// character reference either), so every string goes through untrusted_text first.
#include <charconv>
#include <chrono>
#include <cstdint>
#include <optional>
#include <pugixml.hpp>

#include "certify/grade/joined.hpp"
#include "certify/grade/statement.hpp"
#include "certify/report/reports.hpp"
#include "certify/report/untrusted_text.hpp"
#include "certify/run/protocol.hpp"
#include "certify/run/runner.hpp"

namespace xfen::certify {
namespace {

std::string text(std::string_view bytes) { return untrusted_text(bytes).text; }

void set(pugi::xml_node node, const char* attribute, std::string_view bytes) {
  node.append_attribute(attribute).set_value(text(bytes).c_str());
}

void set(pugi::xml_node node, const char* attribute, std::uint64_t value) {
  node.append_attribute(attribute).set_value(std::to_string(value).c_str());
}

std::string seconds(double value) {
  char buffer[64];
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 3);
  return result.ec == std::errc{} ? std::string(buffer, result.ptr) : "0";
}

// `label: text`, with a note when the text is the escaped form; text of many lines (`block`)
// starts on a line of its own.
std::string labelled(std::string_view label, std::string_view bytes, bool block = false) {
  const UntrustedText shown = untrusted_text(bytes);
  std::string line(label);
  if (shown.escaped) line += " (bytes escaped: \\xNN is a byte, \\\\ a backslash)";
  line += block ? ":\n" : ": ";
  line += shown.text;
  if (line.back() != '\n') line += '\n';
  return line;
}

// What a person needs to see the failure without the other reports.
std::string failure_body(const CaseResult& result) {
  const CertifyCase& c = result.case_;
  std::string body = labelled("input", c.input);
  body +=
      labelled("expected", c.expectation == Expectation::reject   ? "rejection"
                           : c.expectation == Expectation::either ? c.expected + " (or rejection)"
                                                                  : c.expected);
  const std::optional<std::string> line = answer_line(result.answer);
  body += line ? labelled("answer", *line)
               : "answer: none (" + std::string(answer_kind_name(result.answer.kind)) + ")\n";
  if (!result.detail.empty()) body += labelled("detail", result.detail);
  body += labelled("rule", c.rule);
  if (!result.answer.stderr_tail.empty())
    body += labelled("stderr", result.answer.stderr_tail, true);
  return body;
}

// The suite's group ("castling" of "castling.no-rook"); a user's records (--inputs) have none,
// and are grouped by class.
std::string class_name(const CertifyReport& report, const CertifyCase& c) {
  const std::size_t dot = c.id.find('.');
  if (!report.suite_version.empty() && dot != std::string::npos && dot > 0)
    return c.id.substr(0, dot);
  return std::string(conformance::case_class_name(c.case_class));
}

void add_case(pugi::xml_node suite, const CertifyReport& report, const CaseResult& result) {
  pugi::xml_node testcase = suite.append_child("testcase");
  set(testcase, "classname", class_name(report, result.case_));
  set(testcase, "name", result.case_.id);
  set(testcase, "time", seconds(std::chrono::duration<double>(result.answer.elapsed).count()));
  const std::string_view verdict = verdict_name(result.verdict);
  const std::string message =
      std::string(verdict) + (result.detail.empty() ? "" : ": " + result.detail);
  switch (tally_of(result.verdict)) {
    case Tally::passed: break;
    // JUnit has no "not applicable": skipped, with the verdict's name first in its message.
    case Tally::skipped:
    case Tally::not_applicable: set(testcase.append_child("skipped"), "message", message); break;
    case Tally::failed: {
      pugi::xml_node failure = testcase.append_child("failure");
      set(failure, "message", message);
      set(failure, "type", verdict);
      failure.text().set(text(failure_body(result)).c_str());
      break;
    }
  }
}

// What went wrong with the run as a whole, as one more test case, so that CI shows a failure (a
// failed test case: answers that do not line up) or an error (a program that could not run)
// rather than green or "no test results".
void add_run_problem(pugi::xml_node suite, const char* element, const char* type, std::string_view message,
                     const std::string& body) {
  pugi::xml_node testcase = suite.append_child("testcase");
  set(testcase, "classname", "run");
  set(testcase, "name", type);
  set(testcase, "time", "0");
  pugi::xml_node problem = testcase.append_child(element);
  set(problem, "message", std::string(type) + ": " + std::string(message));  // as a case's "VERDICT: DETAIL"
  set(problem, "type", type);
  problem.text().set(body.c_str());
}

void add_protocol_failure(pugi::xml_node suite, const CertifyReport& report) {
  std::string body = labelled("protocol error", report.protocol_failure);
  for (const std::string& line : report.run.first_lines) body += labelled("a first line on stdout", line);
  add_run_problem(suite, "failure", "protocol-error", report.protocol_failure, body);
}

void add_properties(pugi::xml_node suite, const CertifyReport& report) {
  pugi::xml_node properties = suite.append_child("properties");
  const auto add = [&](const char* name, std::string_view value) {
    pugi::xml_node property = properties.append_child("property");
    set(property, "name", name);
    set(property, "value", value);
  };
  add("outcome", outcome(report));
  if (const std::optional<std::string> statement = conformance_statement(report))
    add("conformance_statement", *statement);
  for (const std::string& word : report.selection) add("selection", word);
  for (const std::string& relaxation : relaxations(report)) add("relaxation", relaxation);
  for (const ClassFigure& figure : class_figures(report)) add(("class " + figure.name).c_str(), figure.figures);
  add("suite", report.suite_version);
  add("source", report.source);
  add("command", report.command);
  if (!report.per_case_command.empty()) add("per_case_command", report.per_case_command);
  add("mode", mode_name(report.mode));
  add("passed", std::to_string(report.summary.passed));
  add("failed", std::to_string(report.summary.failed));
  add("skipped", std::to_string(report.summary.skipped));
  add("spelling_used", report.spelling_used.describe());
  if (report.supports) {
    add("supports", joined(*report.supports, ","));
    add("not_applicable", std::to_string(report.summary.not_applicable));
  }
  add("need_per_case", std::to_string(report.need_per_case));
  add("unlisted", std::to_string(report.unlisted));
  add("restarts", std::to_string(report.run.restarts));
  if (!report.run.started) add("start_error", report.run.start_error);
}

class StringWriter : public pugi::xml_writer {
 public:
  explicit StringWriter(std::string& out) : out_(out) {}
  void write(const void* data, std::size_t size) override {
    out_.append(static_cast<const char*>(data), size);
  }

 private:
  std::string& out_;
};

}  // namespace

std::string junit_report(const CertifyReport& report) {
  pugi::xml_document document;
  pugi::xml_node declaration = document.append_child(pugi::node_declaration);
  declaration.append_attribute("version").set_value("1.0");
  declaration.append_attribute("encoding").set_value("UTF-8");
  pugi::xml_node suite = document.append_child("testsuites").append_child("testsuite");
  // The counts are those of the test cases in this document, as JUnit readers check them; the
  // run's own totals (which with --inputs include unlisted passes) are in the properties.
  Tallies listed;
  for (const CaseResult& result : report.cases) listed.count(result.verdict);
  const bool protocol_failure = !report.protocol_failure.empty();
  const bool could_not_run = !report.run.started;
  set(suite, "name", "xfen certify: " + report.name);
  set(suite, "tests", listed.total() + (protocol_failure ? 1 : 0) + (could_not_run ? 1 : 0));
  set(suite, "failures", listed.failed + (protocol_failure ? 1 : 0));
  set(suite, "errors", std::uint64_t{could_not_run ? 1U : 0U});
  set(suite, "skipped", listed.skipped + listed.not_applicable);
  set(suite, "time", seconds(report.seconds));
  add_properties(suite, report);
  if (could_not_run)
    add_run_problem(suite, "error", "cannot-run", "the implementation could not run",
                    labelled("why", report.run.start_error) +
                        (report.run.stderr_tail.empty() ? std::string()
                                                        : labelled("stderr", report.run.stderr_tail, true)));
  if (protocol_failure) add_protocol_failure(suite, report);
  for (const CaseResult& result : report.cases) add_case(suite, report, result);
  std::string xml;
  StringWriter writer(xml);
  document.save(writer, "  ", pugi::format_default, pugi::encoding_utf8);
  return xml;
}

}  // namespace xfen::certify
