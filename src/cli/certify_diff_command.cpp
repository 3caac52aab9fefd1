#include "cli/certify_diff_command.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include <xfen/message.hpp>

#include "certify/grade/verdict.hpp"
#include "certify/report/report_reading.hpp"
#include "cli/command_output.hpp"

namespace xfen::cli {
namespace {

using certify::ReadReport;
using certify::ReportedCase;
using certify::Verdict;

// What one report says of a case: its verdict and detail, or no verdict when it does not list the
// case and cannot be taken to have passed it.
struct Side {
  std::optional<Verdict> verdict;
  std::string_view detail;
};

class CaseIndex {
 public:
  // `absent_passed`: whether a case the report does not list passed in its run.
  CaseIndex(const ReadReport& report, bool absent_passed) : absent_passed_(absent_passed) {
    for (const ReportedCase& c : report.cases) by_id_.emplace(c.id, &c);
  }

  bool lists(const std::string& id) const { return by_id_.contains(id); }

  Side side_of(const std::string& id) const {
    if (const auto found = by_id_.find(id); found != by_id_.end())
      return {found->second->verdict, found->second->detail};
    if (absent_passed_) return {Verdict::pass, {}};
    return {};
  }

 private:
  bool absent_passed_;
  std::unordered_map<std::string_view, const ReportedCase*> by_id_;
};

// In the order the listing shows them; `unchanged` is only counted.
enum class Change : std::uint8_t { broke, fixed, changed, only_old, only_new, unchanged };
constexpr std::size_t kChangeCount = 6;
constexpr std::array<std::string_view, kChangeCount> kLabels = {"BROKE",    "FIXED",    "CHANGED",
                                                                "ONLY-OLD", "ONLY-NEW", ""};

// Either side may lack a verdict, never both: the case is listed by one of the reports.
Change change_between(std::optional<Verdict> old_verdict, std::optional<Verdict> new_verdict) {
  if (!new_verdict) return Change::only_old;
  if (certify::is_failure(*new_verdict) && !(old_verdict && certify::is_failure(*old_verdict))) return Change::broke;
  if (!old_verdict) return Change::only_new;
  if (certify::is_failure(*old_verdict) && *new_verdict == Verdict::pass) return Change::fixed;
  return *old_verdict == *new_verdict ? Change::unchanged : Change::changed;
}

std::string_view verdict_shown(std::optional<Verdict> verdict) {
  return verdict ? certify::verdict_name(*verdict) : "(not listed)";
}

// A detail is a sentence xfen wrote: as in the text report, its quotes and backslashes are xfen's
// own and stay, and any other byte that is not printable ASCII is shown as xfen::printable shows it.
std::string sentence_shown(std::string_view sentence) {
  std::string shown;
  for (const char c : sentence) {
    if (c == '\\' || c == '\'')
      shown += c;
    else
      xfen::append_printable(shown, std::string_view(&c, 1));
  }
  return shown;
}

// "BROKE castling.x pass -> crash: DETAIL", "ONLY-OLD castling.y wrong-position".
std::string listing_line(Change change, std::string_view id, const Side& old_side,
                         const Side& new_side) {
  std::string line = std::string(kLabels[static_cast<std::size_t>(change)]) + ' ';
  (line += xfen::printable(id)) += ' ';
  if (change == Change::only_old) return line += verdict_shown(old_side.verdict);
  if (change == Change::only_new) return line += verdict_shown(new_side.verdict);
  ((line += verdict_shown(old_side.verdict)) += " -> ") += verdict_shown(new_side.verdict);
  if (!new_side.detail.empty()) (line += ": ") += sentence_shown(new_side.detail);
  return line;
}

class Listing {
 public:
  void add(std::string_view id, const Side& old_side, const Side& new_side) {
    const Change change = change_between(old_side.verdict, new_side.verdict);
    const auto at = static_cast<std::size_t>(change);
    ++counts_[at];
    if (change != Change::unchanged) lines_[at].push_back(listing_line(change, id, old_side, new_side));
  }

  std::uint64_t count(Change change) const { return counts_[static_cast<std::size_t>(change)]; }

  void write(io::OutputBuffer& out) const {
    for (const std::vector<std::string>& lines : lines_)
      for (const std::string& line : lines) {
        out.write(line);
        out.put('\n');
      }
    const auto counted = [this](Change change, std::string_view what) {
      return std::to_string(count(change)) + ' ' + std::string(what);
    };
    out.write(counted(Change::broke, "broke, ") + counted(Change::fixed, "fixed, ") +
              counted(Change::changed, "changed, ") + counted(Change::unchanged, "unchanged, ") +
              counted(Change::only_old, "only in old, ") + counted(Change::only_new, "only in new\n"));
  }

 private:
  std::array<std::vector<std::string>, kChangeCount> lines_;  // by Change
  std::array<std::uint64_t, kChangeCount> counts_{};
};

// NEW's cases in its order, then those only OLD lists in OLD's order.
Listing compare(const ReadReport& old_report, const ReadReport& new_report) {
  // A run on a file's records vouches for the records it does not list, not for a suite's cases.
  const bool same_kind = old_report.suite_version.has_value() == new_report.suite_version.has_value();
  const CaseIndex old_cases(old_report, same_kind && old_report.absent_cases_passed());
  const CaseIndex new_cases(new_report, same_kind && new_report.absent_cases_passed());
  Listing listing;
  for (const ReportedCase& c : new_report.cases)
    listing.add(c.id, old_cases.side_of(c.id), {c.verdict, c.detail});
  for (const ReportedCase& c : old_report.cases)
    if (!new_cases.lists(c.id)) listing.add(c.id, {c.verdict, c.detail}, new_cases.side_of(c.id));
  return listing;
}

std::string certified_against(const ReadReport& report) {
  return report.suite_version ? "suite " + xfen::printable(*report.suite_version)
                              : "the records of " + xfen::printable(report.source);
}

// The reports can be compared whatever they are of, but an id may then name another case, or a
// case another implementation's answer: said once per difference, before the listing.
void warn_of_differences(const CertifyDiffOptions& options, const ReadReport& old_report,
                         const ReadReport& new_report, io::OutputBuffer& errors) {
  const std::string old_name = xfen::printable(options.old_report);
  const std::string new_name = xfen::printable(options.new_report);
  const std::string old_against = certified_against(old_report);
  const std::string new_against = certified_against(new_report);
  if (old_against != new_against)
    errors.write("xfen: warning: " + old_name + " is a run on " + old_against + ", " + new_name +
                 " on " + new_against + "\n");
  if (old_report.implementation_name != new_report.implementation_name)
    errors.write("xfen: warning: " + old_name + " grades '" +
                 xfen::printable(old_report.implementation_name) + "', " + new_name + " grades '" +
                 xfen::printable(new_report.implementation_name) + "'\n");
  for (const auto& [name, report] : {std::pair{&old_name, &old_report}, {&new_name, &new_report}})
    if (report->unlisted > 0)
      errors.write("xfen: warning: " + *name + " leaves " + std::to_string(report->unlisted) +
                   " cases unlisted: a case it does not list is not compared\n");
}

std::optional<ReadReport> read_report(const std::string& path, CommandOutput& output) {
  auto read = certify::read_json_report(path);
  if (auto* report = std::get_if<ReadReport>(&read)) return std::move(*report);
  output.errors.write("xfen: " + std::get<certify::ReportReadError>(read).message + "\n");
  return std::nullopt;
}

}  // namespace

ExitStatus run_certify_diff(const CertifyDiffOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text);
  const std::optional<ReadReport> old_report = read_report(options.old_report, output);
  const std::optional<ReadReport> new_report = read_report(options.new_report, output);
  if (!old_report || !new_report) return output.finish(), ExitStatus::failure;
  warn_of_differences(options, *old_report, *new_report, output.errors);
  output.errors.flush();  // the warnings before the listing they qualify
  // A run that graded nothing lists no case, so nothing in it looks broken: it broke everything.
  if (new_report->no_verdict) {
    output.out.write("BROKE the run: " + xfen::printable(options.new_report) + " graded no case: " +
                     xfen::printable(*new_report->no_verdict) + "\n");
    output.finish();
    return ExitStatus::invalid;
  }
  const Listing listing = compare(*old_report, *new_report);
  listing.write(output.out);
  if (!output.finish()) return ExitStatus::failure;
  return listing.count(Change::broke) > 0 ? ExitStatus::invalid : ExitStatus::success;
}

}  // namespace xfen::cli
