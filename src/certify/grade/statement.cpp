#include "certify/grade/statement.hpp"

#include <xfen/style_names.hpp>

#include "certify/grade/joined.hpp"
#include "conformance/case_class.hpp"

namespace xfen::certify {
namespace {

// What declaring each spelling holds every answer to, where X-FEN's rules differ (docs/SPEC.md
// R8): a declaration is a contract on each record, so X-FEN's own writing fails where it differs.
std::string_view relaxed_rule(Spelling spelling) noexcept {
  switch (spelling) {
    case Spelling::shredder:
      return "declared: rights as their rook file letters (R8.1); X-FEN K/Q for an outermost rook fails (R7.3)";
    case Spelling::classic:
      return "declared: rights in K/Q letters (R8.2); an inner rook refused where a dialect case says so, or "
             "named by its X-FEN letter";
    case Spelling::ep_always:
      return "declared: the en passant square as read (R8.3); X-FEN leaving it out where no pawn could capture "
             "fails (R7.4)";
    case Spelling::ep_legal:
      return "declared: the en passant square only when a capture is legal (R8.3); X-FEN writing it for a "
             "capturer that may not capture fails (R7.4)";
  }
  return "";
}

// What accepting each shorter layout lets pass (SPEC R1.1: a record has six fields).
std::string_view relaxed_layout_rule(RecordFields layout) noexcept {
  return layout == RecordFields::epd
             ? "an answer of the first four fields, without the clocks, passes (X-FEN writes six, R1.1)"
             : "an answer of the board alone passes (X-FEN writes six fields, R1.1)";
}

std::string suite_name(const CertifyReport& report) {
  return "the X-FEN conformance suite " + report.suite_version;
}

std::string accepted_layout_list(const CertifyReport& report) {
  std::string names;
  for (const RecordFields layout : kShorterLayouts)
    if (report.accepted_layouts.contains(layout)) (names += names.empty() ? "" : ",") += style_name(layout);
  return names;
}

// The relaxations as the flags that made them ("--accept-spelling shredder"), or, `bare`, as the
// badge's short names ("shredder", "skip list").
std::vector<std::string> relaxed_by(const CertifyReport& report, bool bare) {
  std::vector<std::string> relaxed;
  if (!report.accepted_spellings.empty())
    relaxed.push_back((bare ? "" : "--accept-spelling ") + accepted_spelling_names(report, ","));
  if (!report.accepted_layouts.empty())
    relaxed.push_back((bare ? "" : "--accept-layout ") + accepted_layout_list(report));
  if (!report.skip_file.empty()) relaxed.push_back(bare ? "skip list" : "--skip-file " + report.skip_file);
  return relaxed;
}

}  // namespace

std::string accepted_spelling_names(const CertifyReport& report, std::string_view separator) {
  std::string names;
  for (const Spelling spelling : all_spellings())
    if (report.accepted_spellings.contains(spelling))
      (names += names.empty() ? "" : std::string(separator)) += spelling_name(spelling);
  return names;
}

std::string selection_text(const CertifyReport& report) { return joined(report.selection, " "); }

std::vector<std::string> relaxations(const CertifyReport& report) {
  std::vector<std::string> lines;
  for (const Spelling spelling : all_spellings())
    if (report.accepted_spellings.contains(spelling))
      lines.push_back("--accept-spelling " + std::string(spelling_name(spelling)) + ": " +
                      std::string(relaxed_rule(spelling)));
  for (const RecordFields layout : kShorterLayouts)
    if (report.accepted_layouts.contains(layout))
      lines.push_back("--accept-layout " + std::string(style_name(layout)) + ": " +
                      std::string(relaxed_layout_rule(layout)));
  if (!report.skip_file.empty())
    lines.push_back("--skip-file " + report.skip_file + ": " + std::to_string(report.skip_patterns) +
                    " id(s) or glob(s) of cases expected to fail, not counted as failures");
  return lines;
}

// A declared subset of the suite's capabilities still makes a statement, about that subset: the
// cases outside it are the only ones not graded besides those a line cannot carry.
bool conforms(const CertifyReport& report) {
  return report.run.started && report.protocol_failure.empty() && !report.suite_version.empty() &&
         report.selection.empty() && relaxations(report).empty() && !report.failed() &&
         report.suite_cases > 0 && report.summary.total() == report.suite_cases &&
         report.summary.graded() + report.need_per_case + report.summary.not_applicable == report.suite_cases;
}

namespace {
std::string supports_list(const CertifyReport& report) {
  return report.supports ? joined(*report.supports, ",") : std::string();
}
}  // namespace

std::optional<std::string> conformance_statement(const CertifyReport& report) {
  if (!conforms(report)) return std::nullopt;
  std::string statement = "conforms to " + suite_name(report);
  if (report.supports) statement += " for --supports " + supports_list(report);
  statement += ", strict: " + std::to_string(report.summary.passed) + " of " +
               std::to_string(report.suite_cases) + " cases graded";
  if (report.summary.not_applicable > 0)
    statement += ", " + std::to_string(report.summary.not_applicable) + " not applicable";
  if (report.need_per_case > 0)
    statement += ", " + std::to_string(report.need_per_case) + " need per-case mode";
  return statement;
}

std::string records_certified(const CertifyReport& report) {
  if (report.generative)
    return "records generated from seed " + std::to_string(report.generative->seed) + " (profile " +
           report.generative->profile + ")";
  return "the records of " + report.source;
}

std::string outcome(const CertifyReport& report) {
  if (auto statement = conformance_statement(report)) return std::move(*statement);
  const std::string against =
      report.suite_version.empty() ? records_certified(report) : suite_name(report);
  std::string text;
  if (!report.run.started) {
    text = "could not run the implementation: no verdict on " + against;
  } else if (!report.protocol_failure.empty()) {
    text = "no verdict on " + against + ": the answers do not line up with the records";
  } else if (report.failed()) {
    text = "fails " + against + ": " + std::to_string(report.summary.failed) + " of " +
           std::to_string(report.summary.total() - report.summary.not_applicable) + " cases failed";
  } else {
    text = "passes " + std::to_string(report.summary.passed) + " of " +
           std::to_string(report.summary.total() - report.summary.not_applicable) + " cases of " + against;
    if (report.summary.skipped > 0) text += " (" + std::to_string(report.summary.skipped) + " skipped)";
    text += ", which is no conformance statement";
  }
  if (report.supports)
    text += "; --supports " + supports_list(report) + " (" + std::to_string(report.summary.not_applicable) +
            " not applicable)";
  if (!report.selection.empty()) text += "; selection: " + selection_text(report);
  if (const auto relaxed = relaxed_by(report, false); !relaxed.empty()) text += "; relaxed: " + joined(relaxed, " ");
  return text;
}

std::string layouts_summary(const CertifyReport& report) {
  std::string text;
  for (std::size_t i = 0; i < kLayoutNames.size(); ++i)
    if (report.layouts_used[i] > 0)
      text += (text.empty() ? "" : ", ") + std::string(kLayoutNames[i].second) + " " +
              std::to_string(report.layouts_used[i]);
  return text;
}

std::vector<ClassFigure> class_figures(const CertifyReport& report) {
  std::vector<ClassFigure> figures;
  for (const std::string_view name : conformance::case_class_names()) {
    const auto found = report.by_class.find(std::string(name));
    if (found == report.by_class.end()) continue;
    const Tallies& tallies = found->second;
    const auto case_class = conformance::case_class_from_name(name);
    std::string duty = case_class == conformance::CaseClass::invalid ? "must be rejected"
                       : case_class == conformance::CaseClass::implementation_defined
                           ? "either, if accepted written as the suite says"
                           : "must be accepted";
    std::string text = std::to_string(tallies.passed) + " of " +
                       std::to_string(tallies.passed + tallies.failed) + " passed";
    if (tallies.skipped > 0) text += ", " + std::to_string(tallies.skipped) + " skipped";
    if (tallies.not_applicable > 0) text += ", " + std::to_string(tallies.not_applicable) + " not applicable";
    figures.push_back({std::string(name), std::move(duty), std::move(text)});
  }
  return figures;
}

std::string badge_message(const CertifyReport& report) {
  if (conforms(report)) return report.supports ? "strict, " + supports_list(report) : "strict";
  if (!report.run.started || !report.protocol_failure.empty()) return "no verdict";
  std::string message = std::to_string(report.summary.passed) + "/" +
                        std::to_string(report.summary.passed + report.summary.failed) + " passed";
  if (!report.selection.empty()) message += ", partial run";
  if (const auto relaxed = relaxed_by(report, true); !relaxed.empty()) message += ", relaxed: " + joined(relaxed, ", ");
  return message;
}

}  // namespace xfen::certify
