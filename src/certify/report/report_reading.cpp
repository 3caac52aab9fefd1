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

using Json = nlohmann::json;

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
  const Json& summary = member(document, "", "summary", Json::value_t::object);
  report.failed = count_member(summary, "/summary", "failed");
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
