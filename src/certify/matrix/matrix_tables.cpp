#include "certify/matrix/matrix_tables.hpp"

#include <array>
#include <optional>
#include <string_view>

#include "certify/grade/joined.hpp"

namespace xfen::certify {
namespace {

constexpr std::array<std::string_view, 4> kClasses{"valid", "invalid", "implementation-defined", "dialect"};

std::string count_text(std::uint64_t count) { return std::to_string(count); }

std::string stated(const std::optional<std::string>& text) { return text ? *text : kNotStated; }

// "shredder (66)": the spelling every answer telling the spellings apart agrees with, and how many
// did; "mixed, of 25: x-fen 8, shredder 17, classic 0" when none does; "not shown" when no answer
// told them apart.
std::string choice_text(const std::optional<ReportedSpellingChoice>& choice) {
  if (!choice) return kNotStated;
  if (choice->answers == 0) return "not shown";
  if (choice->spelling) return *choice->spelling + " (" + count_text(choice->answers) + ")";
  std::vector<std::string> agreeing;
  for (const auto& [spelling, count] : choice->agreeing) agreeing.push_back(spelling + " " + count_text(count));
  return "mixed, of " + count_text(choice->answers) + ": " + joined(agreeing, ", ");
}

std::string spelling_text(const ReadReport& report) {
  if (!report.castling_spelling && !report.en_passant_spelling) return kNotStated;
  return "castling " + choice_text(report.castling_spelling) + "; en passant " +
         choice_text(report.en_passant_spelling);
}

// "full 175, epd 3": the accepted answers per layout; "none" when no answer was accepted.
std::string layouts_text(const ReadReport& report) {
  if (!report.layouts_used) return kNotStated;
  std::vector<std::string> parts;
  for (const auto& [layout, count] : *report.layouts_used)
    if (count > 0) parts.push_back(layout + " " + count_text(count));
  return parts.empty() ? "none" : joined(parts, ", ");
}

std::string declared_text(const ReadReport& report) {
  if (!report.capabilities) return kNotStated;
  return report.capabilities->empty() ? "none" : joined(*report.capabilities, ", ");
}

const Tallies& tallies_of(const std::map<std::string, Tallies>& by_name, std::string_view name) {
  static const Tallies none;
  const auto found = by_name.find(std::string(name));
  return found == by_name.end() ? none : found->second;
}

}  // namespace

std::string passed_of_graded(const Tallies& tallies) {
  return count_text(tallies.passed) + " of " + count_text(tallies.graded());
}

TextTable class_table(const Matrix& matrix) {
  TextTable table;
  table.header = {"run"};
  table.header.insert(table.header.end(), kClasses.begin(), kClasses.end());
  table.header.insert(table.header.end(), {"passed", "failed", "crash", "timeout", "n/a", "skipped"});
  for (const MatrixRun& run : matrix.runs) {
    std::vector<std::string> row{run.report.implementation_name};
    for (const std::string_view name : kClasses) row.push_back(passed_of_graded(tallies_of(run.by_class, name)));
    row.insert(row.end(), {count_text(run.totals.passed), count_text(run.totals.failed),
                           count_text(run.count(Verdict::crash)), count_text(run.count(Verdict::timeout)),
                           count_text(run.totals.not_applicable), count_text(run.totals.skipped)});
    table.rows.push_back(std::move(row));
  }
  return table;
}

TextTable tag_table(const Matrix& matrix) {
  TextTable table;
  table.header = {"run"};
  table.header.insert(table.header.end(), matrix.tags.begin(), matrix.tags.end());
  for (const MatrixRun& run : matrix.runs) {
    std::vector<std::string> row{run.report.implementation_name};
    for (const std::string& tag : matrix.tags) {
      const Tallies& tallies = tallies_of(run.by_tag, tag);
      row.push_back(tallies.graded() == 0 ? kNotStated : passed_of_graded(tallies));
    }
    table.rows.push_back(std::move(row));
  }
  return table;
}

TextTable run_table(const Matrix& matrix) {
  TextTable table;
  table.header = {"run", "version", "date", "mode", "declares", "spelling used", "layouts", "command"};
  for (const MatrixRun& run : matrix.runs) {
    const ReadReport& report = run.report;
    table.rows.push_back({report.implementation_name, stated(report.implementation_version), stated(report.date),
                          stated(report.mode), declared_text(report), spelling_text(report), layouts_text(report),
                          stated(report.command)});
  }
  return table;
}

}  // namespace xfen::certify
