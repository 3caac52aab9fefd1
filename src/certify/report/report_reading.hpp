// A JSON report of `xfen certify` (docs/PROTOCOL.md "Reports") read back: what `certify diff`
// compares and what `--rerun-failed` runs again. Only the members those need are read and
// checked; the rest of the document may hold anything.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "certify/grade/verdict.hpp"

namespace xfen::certify {

// Strings are as the report holds them: a text that had to be escaped stays in its escaped form
// (untrusted_text.hpp), which is valid UTF-8 but may still need xfen::printable to be shown.
struct ReportedCase {
  std::string id;
  Verdict verdict = Verdict::pass;
  std::string detail;
  // What the case was and what came back, for `certify matrix`; read when the report has them
  // (certify writes them all; a hand-written report may not), empty or unset otherwise.
  std::string case_class;
  std::vector<std::string> tags;
  std::string input;
  std::optional<std::string> expected;  // unset: the record must be rejected
  std::optional<std::string> answer;    // unset: there was none (crash, timeout, not-run)
  std::string rule;
};

// summary.spelling_used's account of one spelling choice (castling, en passant): the spelling
// every answer that tells them apart agrees with, if one does, and how many agree with each.
struct ReportedSpellingChoice {
  std::optional<std::string> spelling;
  std::uint64_t answers = 0;
  std::vector<std::pair<std::string, std::uint64_t>> agreeing;  // in the report's order
};

struct ReadReport {
  std::optional<std::string> suite_version;  // none: a run on the records of a file (--inputs)
  std::string source;                        // the suite's folder, or that file
  std::string implementation_name;
  // What describes the run, for `certify matrix`: members an older report lacks stay unset.
  std::optional<std::string> implementation_version;  // --impl-version
  std::optional<std::string> date;                    // when the run started, UTC, ISO 8601
  std::optional<std::string> command;
  std::optional<std::string> mode;
  std::optional<std::vector<std::string>> capabilities;  // --supports
  std::optional<ReportedSpellingChoice> castling_spelling, en_passant_spelling;
  std::optional<std::vector<std::pair<std::string, std::uint64_t>>> layouts_used;
  std::uint64_t passed = 0, skipped = 0, not_applicable = 0;  // the summary's counts (0: absent)
  std::vector<ReportedCase> cases;  // in the report's order
  std::uint64_t failed = 0;         // the summary's count, listed or not
  std::uint64_t unlisted = 0;       // cases run but left out of `cases` (its length is bounded)
  // Why the run graded nothing: the summary's start_error (the program could not run) or
  // protocol_error (its answers did not line up); its cases are then none.
  std::optional<std::string> no_verdict;

  // The cases the run graded or counted apart (the summary's counts), listed or not.
  [[nodiscard]] std::uint64_t cases_counted() const noexcept { return passed + failed + skipped + not_applicable; }

  // PROTOCOL.md: a run on a file's records (`suite` null) lists only the cases that did not
  // pass. When it also left none unlisted, a case it does not list passed.
  [[nodiscard]] bool absent_cases_passed() const noexcept { return !suite_version && unlisted == 0; }
};

// Why a report could not be read, as a sentence for "xfen: " to precede: "cannot open NAME:
// REASON", "cannot read NAME: REASON", or "NAME: not an xfen certify report: WHY" (for a file
// that is not JSON, WHY gives the line, column and byte offset where its parser stopped). Ready to
// show as it is: the name and the values it quotes are already shown through xfen::printable.
struct ReportReadError {
  std::string message;
};

std::variant<ReadReport, ReportReadError> read_json_report(const std::string& path);

// The ids of the cases whose verdict counts as failed (tally_of), in the report's order: what
// `xfen certify --rerun-failed REPORT` runs again. An error too when the report lists fewer
// failures than its summary counts (beyond its limit of listed cases), since running only the
// listed ones would pass over the others in silence.
std::variant<std::vector<std::string>, ReportReadError> failed_case_ids(const std::string& path);

}  // namespace xfen::certify
