#include "certify/report/report_reading.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string_view>
#include <unordered_map>
#include <utility>

#include <xfen/message.hpp>

#include "io/input_files.hpp"
#include "io/io_error.hpp"

namespace xfen::certify {
namespace {

// ordered_json: counts by name (layouts_used, spelling_used) keep the order the report gives.
using Json = nlohmann::ordered_json;

// Why the document is not a report, as a JSON pointer and what is wrong there. Thrown from deep
// in the walk over the document, caught once in read_json_report.
struct NotAReport {
  std::string why;
};

std::string_view kind_name(Json::value_t kind) noexcept {
  switch (kind) {
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::number_unsigned: return "a count";
    default: return "a value of another kind";
  }
}

// The member `name` of `object` (found at the JSON pointer `where`), which must be of `kind`.
const Json& member(const Json& object, const std::string& where, const char* name, Json::value_t kind) {
  const std::string pointer = where + "/" + name;
  const auto found = object.find(name);
  if (found == object.end()) throw NotAReport{pointer + " is missing"};
  if (found->type() != kind) throw NotAReport{pointer + " is not " + std::string(kind_name(kind))};
  return *found;
}

// The member `name` when `object` has it and it is not null, which must then be of `kind`.
const Json* optional_member(const Json& object, const std::string& where, const char* name, Json::value_t kind) {
  const auto found = object.find(name);
  if (found == object.end() || found->is_null()) return nullptr;
  if (found->type() != kind)
    throw NotAReport{where + "/" + name + " is not " + std::string(kind_name(kind))};
  return &*found;
}

std::optional<std::string> optional_string(const Json& object, const std::string& where, const char* name) {
  const Json* found = optional_member(object, where, name, Json::value_t::string);
  return found ? std::optional(found->get<std::string>()) : std::nullopt;
}

std::uint64_t optional_count(const Json& object, const std::string& where, const char* name) {
  const Json* found = optional_member(object, where, name, Json::value_t::number_unsigned);
  return found ? found->get<std::uint64_t>() : 0;
}

std::vector<std::string> strings(const Json& array, const std::string& where) {
  std::vector<std::string> read;
  for (std::size_t i = 0; i < array.size(); ++i) {
    if (!array[i].is_string()) throw NotAReport{where + "/" + std::to_string(i) + " is not a string"};
    read.push_back(array[i].get<std::string>());
  }
  return read;
}

// {"full": 264, "epd": 3}, or summary.spelling_used's "agreeing": names and counts in order.
std::vector<std::pair<std::string, std::uint64_t>> counts_by_name(const Json& object, const std::string& where) {
  std::vector<std::pair<std::string, std::uint64_t>> read;
  for (const auto& [name, count] : object.items()) {
    if (!count.is_number_unsigned()) throw NotAReport{where + "/" + name + " is not a count"};
    read.emplace_back(name, count.get<std::uint64_t>());
  }
  return read;
}

std::optional<ReportedSpellingChoice> spelling_choice(const Json& spelling_used, const std::string& where,
                                                      const char* name) {
  const Json* choice = optional_member(spelling_used, where, name, Json::value_t::object);
  if (!choice) return std::nullopt;
  const std::string at = where + "/" + name;
  ReportedSpellingChoice read;
  read.spelling = optional_string(*choice, at, "spelling");
  read.answers = optional_count(*choice, at, "answers");
  if (const Json* agreeing = optional_member(*choice, at, "agreeing", Json::value_t::object))
    read.agreeing = counts_by_name(*agreeing, at + "/agreeing");
  return read;
}

std::string string_member(const Json& object, const std::string& where, const char* name) {
  return member(object, where, name, Json::value_t::string).get<std::string>();
}

std::uint64_t count_member(const Json& object, const std::string& where, const char* name) {
  return member(object, where, name, Json::value_t::number_unsigned).get<std::uint64_t>();
}

Verdict verdict_named(std::string_view name, const std::string& pointer) {
  const auto verdicts = all_verdicts();
  const auto found = std::find_if(verdicts.begin(), verdicts.end(),
                                  [name](Verdict verdict) { return verdict_name(verdict) == name; });
  if (found == verdicts.end())
    throw NotAReport{pointer + " is '" + xfen::printable(name) + "', not a verdict of xfen certify"};
  return *found;
}

std::vector<ReportedCase> reported_cases(const Json& cases) {
  std::vector<ReportedCase> read;
  read.reserve(cases.size());
  // A diff pairs cases by id, which only means something when each id stands once.
  std::unordered_map<std::string, std::size_t> index_of_id;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string where = "/cases/" + std::to_string(i);
    if (!cases[i].is_object()) throw NotAReport{where + " is not an object"};
    ReportedCase c;
    c.id = string_member(cases[i], where, "id");
    c.verdict = verdict_named(string_member(cases[i], where, "verdict"), where + "/verdict");
    c.detail = string_member(cases[i], where, "detail");
    c.case_class = optional_string(cases[i], where, "class").value_or("");
    if (const Json* tags = optional_member(cases[i], where, "tags", Json::value_t::array))
      c.tags = strings(*tags, where + "/tags");
    c.input = optional_string(cases[i], where, "input").value_or("");
    c.expected = optional_string(cases[i], where, "expected");
    c.answer = optional_string(cases[i], where, "answer");
    c.rule = optional_string(cases[i], where, "rule").value_or("");
    const auto [first, inserted] = index_of_id.try_emplace(c.id, i);
    if (!inserted)
      throw NotAReport{where + "/id '" + xfen::printable(c.id) + "' is the id of /cases/" +
                       std::to_string(first->second) + " too"};
    read.push_back(std::move(c));
  }
  return read;
}

ReadReport report_of(const Json& document) {
  if (!document.is_object()) throw NotAReport{"the document is not an object"};
  ReadReport report;
  const auto suite = document.find("suite");
  if (suite == document.end()) throw NotAReport{"/suite is missing"};
  if (suite->is_string())
    report.suite_version = suite->get<std::string>();
  else if (!suite->is_null())
    throw NotAReport{"/suite is neither a string nor null"};
  report.source = string_member(document, "", "source");
  const Json& implementation = member(document, "", "implementation", Json::value_t::object);
  report.implementation_name = string_member(implementation, "/implementation", "name");
  report.implementation_version = optional_string(implementation, "/implementation", "version");
  report.command = optional_string(implementation, "/implementation", "command");
  report.mode = optional_string(implementation, "/implementation", "mode");
  if (const Json* capabilities = optional_member(implementation, "/implementation", "capabilities", Json::value_t::array))
    report.capabilities = strings(*capabilities, "/implementation/capabilities");
  report.date = optional_string(document, "", "date");
  const Json& summary = member(document, "", "summary", Json::value_t::object);
  report.failed = count_member(summary, "/summary", "failed");
  report.passed = optional_count(summary, "/summary", "passed");
  report.skipped = optional_count(summary, "/summary", "skipped");
  report.not_applicable = optional_count(summary, "/summary", "not_applicable");
  if (const Json* spelling = optional_member(summary, "/summary", "spelling_used", Json::value_t::object)) {
    report.castling_spelling = spelling_choice(*spelling, "/summary/spelling_used", "castling");
    report.en_passant_spelling = spelling_choice(*spelling, "/summary/spelling_used", "en_passant");
  }
  if (const Json* layouts = optional_member(summary, "/summary", "layouts_used", Json::value_t::object))
    report.layouts_used = counts_by_name(*layouts, "/summary/layouts_used");
  report.unlisted = count_member(summary, "/summary", "unlisted");
  for (const char* why : {"start_error", "protocol_error"})
    if (const auto found = summary.find(why); found != summary.end() && found->is_string())
      report.no_verdict = found->get<std::string>();
  report.cases = reported_cases(member(document, "", "cases", Json::value_t::array));
  return report;
}

// nlohmann's account of a syntax error without its own position prefix (given here as line,
// column and offset) and without the "last read" bytes of the file, which it does not escape. A
// future wording holding other bytes of the file than those is dropped rather than shown raw.
std::string syntax_error_reason(const Json::parse_error& error) {
  std::string_view reason = error.what();
  const std::size_t after_position = reason.find(": ");
  reason = after_position == std::string_view::npos ? "" : reason.substr(after_position + 2);
  reason = reason.substr(0, reason.find("; last read:"));
  const bool printable_ascii =
      std::all_of(reason.begin(), reason.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
  return printable_ascii ? std::string(reason) : std::string();
}

// "line 3, column 5 (byte offset 41)", counted as in every xfen diagnostic: line and column
// from 1, the offset from 0. `error.byte` counts the bytes read up to and including the one the
// parser stopped at (one past the end when the input ended too soon).
std::string syntax_error_position(const Json::parse_error& error, std::string_view text) {
  const std::size_t offset = std::min<std::size_t>(error.byte == 0 ? 0 : error.byte - 1, text.size());
  const std::string_view before = text.substr(0, offset);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t last_line_feed = before.rfind('\n');
  const std::size_t line_start = last_line_feed == std::string_view::npos ? 0 : last_line_feed + 1;
  return "line " + std::to_string(line) + ", column " + std::to_string(offset - line_start + 1) +
         " (byte offset " + std::to_string(offset) + ")";
}

std::variant<std::string, ReportReadError> file_text(const std::string& path) {
  io::InputFile file(path);
  if (file.open_error()) return ReportReadError{io::io_error_message(*file.open_error())};
  std::string text;
  std::array<char, 64 * 1024> buffer{};
  while (const std::size_t got = file.source().read(buffer)) text.append(buffer.data(), got);
  if (const int error = file.source().error(); error != 0)
    return ReportReadError{io::io_error_message({io::IoOperation::read, path, error})};
  return text;
}

}  // namespace

std::variant<ReadReport, ReportReadError> read_json_report(const std::string& path) {
  auto text = file_text(path);
  if (auto* error = std::get_if<ReportReadError>(&text)) return std::move(*error);
  const std::string& bytes = std::get<std::string>(text);
  const std::string not_a_report = xfen::printable(path) + ": not an xfen certify report: ";
  try {
    return report_of(Json::parse(bytes));
  } catch (const Json::parse_error& error) {
    const std::string reason = syntax_error_reason(error);
    return ReportReadError{not_a_report + "not JSON at " + syntax_error_position(error, bytes) +
                           (reason.empty() ? "" : ": " + reason)};
  } catch (const NotAReport& problem) {
    return ReportReadError{not_a_report + problem.why};
  }
}

std::variant<std::vector<std::string>, ReportReadError> failed_case_ids(const std::string& path) {
  auto read = read_json_report(path);
  if (auto* error = std::get_if<ReportReadError>(&read)) return std::move(*error);
  const ReadReport& report = std::get<ReadReport>(read);
  std::vector<std::string> ids;
  for (const ReportedCase& c : report.cases)
    if (tally_of(c.verdict) == Tally::failed) ids.push_back(c.id);
  if (ids.size() < report.failed)
    return ReportReadError{xfen::printable(path) + " lists " + std::to_string(ids.size()) + " of the " +
                           std::to_string(report.failed) +
                           " failed cases it counts: the others are beyond its limit of listed cases"};
  return ids;
}

}  // namespace xfen::certify
