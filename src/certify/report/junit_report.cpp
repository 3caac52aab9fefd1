// The JUnit XML report, for CI systems that show test results: one <testsuite>, one <testcase>
// per case listed, written with pugixml so that the markup is escaped by a library that knows
// XML. pugixml cannot make NUL and the other characters XML 1.0 forbids well-formed (they have no
// character reference either), so every string goes through untrusted_text first.
#include <charconv>
#include <chrono>
#include <cstdint>
#include <optional>
#include <pugixml.hpp>
#include <vector>

#include "certify/grade/joined.hpp"
#include "certify/grade/statement.hpp"
#include "certify/report/generated_records.hpp"
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

// <properties> of <property name value> pairs: the suite's, and a generated group's test case's.
class Properties {
 public:
  explicit Properties(pugi::xml_node parent) : properties_(parent.append_child("properties")) {}
  void add(const char* name, std::string_view value) {
    pugi::xml_node property = properties_.append_child("property");
    set(property, "name", name);
    set(property, "value", value);
  }

 private:
  pugi::xml_node properties_;
};

// What a generated group adds to its case's failure, ahead of the case's own lines: what the group
// is, how many records fell into it, the first one's seed, and the command that replays it.
std::string group_lines(const GeneratedGroup& group) {
  return labelled("group", group.key + " (" + std::to_string(group.records) +
                               (group.records == 1 ? " record" : " records") + "; the first: record " +
                               std::to_string(group.record_index) + ", seed " + std::to_string(group.record_seed) +
                               ")") +
         labelled("shrinking", shrink_cost(group)) + labelled("replay", group.replay);
}

// The same for a reader of the XML: properties of the test case, as the suite's are.
void add_group_properties(pugi::xml_node testcase, const GeneratedGroup& group) {
  Properties properties(testcase);
  properties.add("group", group.key);
  properties.add("records", std::to_string(group.records));
  properties.add("record_seed", std::to_string(group.record_seed));
  properties.add("replay", group.replay);
}

// `group`: the generated group whose minimal record the case is, null for a case of the suite.
void add_case(pugi::xml_node suite, const CertifyReport& report, const CaseResult& result,
              const GeneratedGroup* group) {
  pugi::xml_node testcase = suite.append_child("testcase");
  set(testcase, "classname", class_name(report, result.case_));
  set(testcase, "name", result.case_.id);
  set(testcase, "time", seconds(std::chrono::duration<double>(result.answer.elapsed).count()));
  if (group) add_group_properties(testcase, *group);
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
      failure.text().set(text((group ? group_lines(*group) : std::string()) + failure_body(result)).c_str());
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
  Properties properties(suite);
  properties.add("outcome", outcome(report));
  if (const std::optional<std::string> statement = conformance_statement(report))
    properties.add("conformance_statement", *statement);
  for (const std::string& word : report.selection) properties.add("selection", word);
  for (const std::string& relaxation : relaxations(report)) properties.add("relaxation", relaxation);
  for (const ClassFigure& figure : class_figures(report))
    properties.add(("class " + figure.name).c_str(), figure.figures);
  properties.add("suite", report.suite_version);
  properties.add("source", report.source);
  properties.add("command", report.command);
  if (!report.per_case_command.empty()) properties.add("per_case_command", report.per_case_command);
  properties.add("mode", mode_name(report.mode));
  properties.add("passed", std::to_string(report.summary.passed));
  properties.add("failed", std::to_string(report.summary.failed));
  properties.add("skipped", std::to_string(report.summary.skipped));
  properties.add("spelling_used", report.spelling_used.describe());
  if (report.supports) {
    properties.add("supports", joined(*report.supports, ","));
    properties.add("not_applicable", std::to_string(report.summary.not_applicable));
  }
  properties.add("need_per_case", std::to_string(report.need_per_case));
  properties.add("unlisted", std::to_string(report.unlisted));
  properties.add("restarts", std::to_string(report.run.restarts));
  if (!report.run.started) properties.add("start_error", report.run.start_error);
  if (report.generative) {
    properties.add("seed", std::to_string(report.generative->seed));
    properties.add("profile", report.generative->profile);
    properties.add("generated", std::to_string(report.generative->generated));
    properties.add("stopped_by", report.generative->stopped_by);
  }
}

// The generated group of each listed case, by its place in the cases; null where none is.
std::vector<const GeneratedGroup*> groups_by_case(const CertifyReport& report) {
  std::vector<const GeneratedGroup*> groups(report.cases.size(), nullptr);
  if (report.generative)
    for (const GeneratedGroup& group : report.generative->groups)
      if (group_case(report, group)) groups[group.case_index] = &group;
  return groups;
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
  const std::vector<const GeneratedGroup*> groups = groups_by_case(report);
  for (std::size_t i = 0; i < report.cases.size(); ++i) add_case(suite, report, report.cases[i], groups[i]);
  std::string xml;
  StringWriter writer(xml);
  document.save(writer, "  ", pugi::format_default, pugi::encoding_utf8);
  return xml;
}

}  // namespace xfen::certify
