#include "conformance/suite_export.hpp"

#include <array>
#include <map>
#include <set>

#include "conformance/enum_names.hpp"
#include "conformance/file_name_check.hpp"
#include "conformance/output_directory.hpp"

namespace xfen::conformance {
namespace {

// Indexed by ExportFormat, whose enumerators are declared in this order.
constexpr std::array<std::string_view, 2> kFormatNames = {"files", "jsonl"};

// "board.jsonl:4: id \"a/b\" cannot be a file name: it does not match …", or nothing.
std::optional<std::string> unusable_name(const Case& c, std::string_view what,
                                         const std::string& name) {
  const std::string refusal = file_name_refusal(name);
  if (refusal.empty()) return std::nullopt;
  return c.location() + ": " + std::string(what) + " \"" + name +
         "\" cannot be a file name: it " + refusal;
}

// `files` makes file names of ids. Ids that differ only in case are refused too: they would be
// one file on macOS or Windows.
std::vector<std::string> id_problems(std::span<const Case* const> cases) {
  std::vector<std::string> problems;
  std::map<std::string, const Case*> by_folded_id;
  for (const Case* c : cases) {
    if (auto problem = unusable_name(*c, "id", c->id)) {
      problems.push_back(std::move(*problem));
      continue;
    }
    const auto [other, first] = by_folded_id.emplace(case_folded(c->id), c);
    if (!first)
      problems.push_back(c->location() + ": id \"" + c->id + "\" differs only in case from \"" +
                         other->second->id + "\" (" + other->second->location() +
                         "): one file where case is not told apart");
  }
  return problems;
}

// `jsonl` makes file names of groups: names of files already, but of a suite that may come from
// anywhere. Each group is named once.
std::vector<std::string> group_problems(std::span<const Case* const> cases) {
  std::vector<std::string> problems;
  std::set<std::string, std::less<>> checked;
  for (const Case* c : cases)
    if (checked.insert(c->group).second)
      if (auto problem = unusable_name(*c, "group", c->group))
        problems.push_back(std::move(*problem));
  return problems;
}

std::string with_newline(std::string_view text) { return std::string(text) + '\n'; }

// <id>.output, <id>.error or <id>.write-error: what must come of reading (and writing) the input.
std::pair<std::string, std::string> expectation_file(const Case& c) {
  switch (c.outcome) {
    case Outcome::accepted: return {c.id + ".output", with_newline(c.output)};
    case Outcome::rejected: return {c.id + ".error", with_newline(c.error.code)};
    case Outcome::write_refused: return {c.id + ".write-error", with_newline(c.error.code)};
  }
  return {};
}

void export_files(std::span<const Case* const> cases, OutputDirectory& directory,
                  ExportReport& report) {
  std::map<CaseClass, OutputDirectory> class_directories;
  for (const Case* c : cases) {
    auto found = class_directories.find(c->case_class);
    if (found == class_directories.end())
      found = class_directories
                  .emplace(c->case_class, directory.subdirectory(case_class_name(c->case_class)))
                  .first;
    OutputDirectory& class_directory = found->second;
    if (!class_directory.problem().empty())
      return report.problems.push_back(class_directory.problem());
    const std::pair<std::string, std::string> files[] = {
        {c->id + ".input", c->input},  // exactly: no newline, any bytes
        expectation_file(*c),
        {c->id + ".json", with_newline(c->line_text)}};
    for (const auto& [name, bytes] : files) {
      if (!class_directory.write_file(name, bytes))
        return report.problems.push_back(class_directory.problem());
      ++report.files_written;
    }
  }
}

void export_jsonl(std::span<const Case* const> cases, OutputDirectory& directory,
                  ExportReport& report) {
  std::map<std::string, std::string> groups;  // group -> its selected lines
  for (const Case* c : cases) (groups[c->group] += c->line_text) += '\n';
  for (const auto& [group, lines] : groups) {
    if (!directory.write_file(group + ".jsonl", lines))
      return report.problems.push_back(directory.problem());
    ++report.files_written;
  }
}

}  // namespace

std::string_view export_format_name(ExportFormat format) noexcept {
  return name_in(kFormatNames, format);
}

std::optional<ExportFormat> export_format_from_name(std::string_view name) noexcept {
  return value_named<ExportFormat>(kFormatNames, name);
}

std::span<const std::string_view> export_format_names() noexcept { return kFormatNames; }

ExportReport export_cases(std::span<const Case* const> cases, const ExportOptions& options) {
  ExportReport report;
  report.problems =
      options.format == ExportFormat::files ? id_problems(cases) : group_problems(cases);
  if (!report.ok()) return report;
  OutputDirectory directory = OutputDirectory::open(options.directory, options.overwrite);
  if (!directory.problem().empty()) {
    report.problems.push_back(directory.problem());
    return report;
  }
  if (options.format == ExportFormat::files)
    export_files(cases, directory, report);
  else
    export_jsonl(cases, directory, report);
  return report;
}

}  // namespace xfen::conformance
