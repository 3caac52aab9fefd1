// The JSON report (docs/PROTOCOL.md "Reports"). Every string is passed through untrusted_text, so
// the document is valid JSON (and valid UTF-8) whatever bytes the implementation wrote; for the
// bytes the implementation was sent and wrote back (input, answer, stderr) a `*_base64` member
// holds them exactly whenever the text had to be escaped, so a consumer gets the bytes back as
// `base64 decode of X_base64 if present, else X`.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xfen/style_names.hpp>

#include "certify/grade/statement.hpp"
#include "certify/report/generated_records.hpp"
#include "certify/report/reports.hpp"
#include "certify/report/untrusted_text.hpp"
#include "certify/run/protocol.hpp"
#include "certify/run/runner.hpp"

namespace xfen::certify {
namespace {

// ordered_json: the members stay in the documented order.
using Json = nlohmann::ordered_json;

Json text(std::string_view bytes) { return untrusted_text(bytes).text; }

// `name` and, when the text is not the bytes, `name_base64`.
void add_bytes(Json& object, const std::string& name, std::string_view bytes) {
  UntrustedText shown = untrusted_text(bytes);
  object[name] = std::move(shown.text);
  if (shown.escaped) object[name + "_base64"] = base64(bytes);
}

Json verdict_counts(const CertifyReport& report) {
  Json counts = Json::object();
  for (const Verdict verdict : all_verdicts())
    counts[std::string(verdict_name(verdict))] = report.verdicts[static_cast<std::size_t>(verdict)];
  return counts;
}

// {"valid": {"passed": 74, "failed": 103, "skipped": 0}, …}: each class (or tag) apart, since a
// program that rejects everything passes every invalid case.
Json tallies_by_name(const std::map<std::string, Tallies>& tallies) {
  Json object = Json::object();
  for (const auto& [name, counts] : tallies)
    object[text(name)] = {{"passed", counts.passed},
                          {"failed", counts.failed},
                          {"skipped", counts.skipped},
                          {"not_applicable", counts.not_applicable}};
  return object;
}

Json texts(const std::vector<std::string>& lines) {
  Json array = Json::array();
  for (const std::string& line : lines) array.push_back(text(line));
  return array;
}

// {"summary": "…", "castling": {"spelling": "shredder", "answers": 40, "agreeing": {"x-fen": 12,
// …}}, "en_passant": {…}}: "spelling" is null when no one spelling agrees with every answer
// that tells them apart (or none does).
Json spelling_used(const SpellingProfile& profile, SpellingSet declared) {
  const auto choice = [](const ChoiceEvidence& evidence, std::string_view (*key)(std::size_t)) {
    Json agreeing = Json::object();
    for (std::size_t i = 0; i < evidence.agreeing.size(); ++i) agreeing[std::string(key(i))] = evidence.agreeing[i];
    const auto used = evidence.used();
    return Json{{"spelling", used ? Json(std::string(key(*used))) : Json(nullptr)},
                {"answers", evidence.answers},
                {"agreeing", std::move(agreeing)}};
  };
  return {{"summary", profile.describe()},
          {"suggestion", profile.suggestion(declared)},
          {"castling", choice(profile.castling(), castling_style_key)},
          {"en_passant", choice(profile.en_passant(), en_passant_style_key)}};
}

// {"full": 404, "epd": 126}: the layouts some accepted answer came in.
Json layouts_used(const CertifyReport& report) {
  Json object = Json::object();
  for (std::size_t i = 0; i < kLayoutNames.size(); ++i)
    if (report.layouts_used[i] > 0) object[std::string(kLayoutNames[i].first)] = report.layouts_used[i];
  return object;
}

Json summary(const CertifyReport& report) {
  const std::optional<std::string> statement = conformance_statement(report);
  Json json = {{"outcome", text(outcome(report))},
               {"conformance_statement", statement ? text(*statement) : Json(nullptr)},
               {"selection", texts(report.selection)},
               {"relaxations", texts(relaxations(report))},
               {"passed", report.summary.passed},
               {"failed", report.summary.failed},
               {"skipped", report.summary.skipped},
               {"not_applicable", report.summary.not_applicable},
               {"need_per_case", report.need_per_case},
               {"dialect_graded", report.dialect_graded},
               {"spelling_used", spelling_used(report.spelling_used, report.accepted_spellings)},
               {"layouts_used", layouts_used(report)},
               {"verdicts", verdict_counts(report)},
               {"by_class", tallies_by_name(report.by_class)},
               {"by_tag", tallies_by_name(report.by_tag)},
               {"restarts", report.run.restarts},
               {"extra_answers", report.run.extra_answers},
               {"unlisted", report.unlisted},
               {"discarded", report.discarded},
               {"seconds", report.seconds}};
  if (report.run.extra_answers > 0)
    add_bytes(json, "first_extra_answer", report.run.first_extra_answer);
  if (!report.protocol_failure.empty()) {
    json["protocol_error"] = text(report.protocol_failure);
    Json lines = Json::array();
    for (const std::string& line : report.run.first_lines) {
      Json shown = Json::object();
      add_bytes(shown, "line", line);
      lines.push_back(std::move(shown));
    }
    json["first_lines"] = std::move(lines);
  }
  if (!report.run.started) {
    add_bytes(json, "start_error", report.run.start_error);
    if (!report.run.stderr_tail.empty()) add_bytes(json, "stderr", report.run.stderr_tail);
  }
  return json;
}

Json implementation(const CertifyReport& report) {
  Json spellings = Json::array();
  for (const Spelling spelling : all_spellings())
    if (report.accepted_spellings.contains(spelling)) spellings.push_back(spelling_name(spelling));
  Json layouts = Json::array();
  for (const RecordFields layout : kShorterLayouts)
    if (report.accepted_layouts.contains(layout)) layouts.push_back(style_name(layout));
  return {{"command", text(report.command)},
          {"per_case_command", report.per_case_command.empty() ? Json(nullptr) : text(report.per_case_command)},
          {"name", text(report.name)},
          {"version", report.version ? text(*report.version) : Json(nullptr)},
          {"mode", mode_name(report.mode)},
          {"accepted_spellings", std::move(spellings)},
          {"accepted_layouts", std::move(layouts)},
          {"capabilities", report.supports ? texts(*report.supports) : Json(nullptr)}};
}

Json case_json(const CaseResult& result) {
  const CertifyCase& c = result.case_;
  Json tags = Json::array();
  for (const std::string& tag : c.tags) tags.push_back(text(tag));
  Json json = {{"id", text(c.id)},
               {"class", conformance::case_class_name(c.case_class)},
               {"tags", std::move(tags)},
               {"verdict", verdict_name(result.verdict)}};
  add_bytes(json, "input", c.input);
  json["expected"] = c.expectation == Expectation::reject ? Json(nullptr) : text(c.expected);
  if (const std::optional<std::string> line = answer_line(result.answer))
    add_bytes(json, "answer", *line);
  else
    json["answer"] = nullptr;
  json["detail"] = text(result.detail);
  json["rule"] = text(c.rule);
  json["seconds"] = std::chrono::duration<double>(result.answer.elapsed).count();
  if (!result.answer.stderr_tail.empty()) add_bytes(json, "stderr", result.answer.stderr_tail);
  return json;
}

Json generated_group(const CertifyReport& report, const GeneratedGroup& group) {
  Json tape = Json::array();
  for (const std::uint32_t choice : group.tape) tape.push_back(choice);
  const CaseResult* listed = group_case(report, group);
  Json json = {{"key", text(group.key)},
               {"verdict", verdict_name(group.verdict)},
               {"records", group.records},
               {"record_index", group.record_index},
               {"record_seed", group.record_seed},
               {"description", text(group.description)}};
  // The records as a case's input is: text, and base64 when the text had to be escaped.
  add_bytes(json, "record", group.record);
  json["tape"] = std::move(tape);
  json["reproduced"] = group.reproduced;
  add_bytes(json, "tape_shrunk", group.tape_shrunk);
  add_bytes(json, "minimal", group.minimal);
  json["minimal_bytes"] = group.minimal.size();
  json["calls"] = group.calls;
  json["call_bound_reached"] = group.call_bound_reached;
  json["shrink_seconds"] = group.shrink_seconds;
  json["case"] = listed ? text(listed->case_.id) : Json(nullptr);
  json["replay"] = text(group.replay);
  json["suite_case"] = group.suite_case ? text(*group.suite_case) : Json(nullptr);
  return json;
}

Json generative(const CertifyReport& report) {
  const GenerativeSummary& run = *report.generative;
  Json groups = Json::array();
  for (const GeneratedGroup& group : run.groups) groups.push_back(generated_group(report, group));
  return {{"seed", run.seed},
          {"profile", text(run.profile)},
          {"first_record", run.first_record},
          {"record_limit", run.record_limit},
          {"time_limit", run.time_limit ? Json(*run.time_limit) : Json(nullptr)},
          {"stale_limit", run.stale_limit},
          {"generated", run.generated},
          {"stopped_by", text(run.stopped_by)},
          {"generation_seconds", run.generation_seconds},
          {"cases_per_second", cases_per_second(run)},
          {"shrink_seconds", run.shrink_seconds},
          {"suite_report", run.suite_report ? text(*run.suite_report) : Json(nullptr)},
          {"groups", std::move(groups)}};
}

}  // namespace

std::string json_report(const CertifyReport& report) {
  Json json;
  json["suite"] = report.suite_version.empty() ? Json(nullptr) : text(report.suite_version);
  json["source"] = text(report.source);
  json["date"] = report.date.empty() ? Json(nullptr) : Json(report.date);
  json["implementation"] = implementation(report);
  json["summary"] = summary(report);
  if (report.generative) json["generative"] = generative(report);
  Json cases = Json::array();
  for (const CaseResult& result : report.cases) cases.push_back(case_json(result));
  json["cases"] = std::move(cases);
  return json.dump(2) + "\n";
}

}  // namespace xfen::certify
