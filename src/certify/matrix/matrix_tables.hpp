// The tables of a matrix, as text cells: one model that the Markdown and the HTML documents both
// render, each escaping the cells its own way (cells hold the reports' strings as they are: what
// the implementation and its user wrote is untrusted).
#pragma once

#include <string>
#include <vector>

#include "certify/matrix/matrix.hpp"

namespace xfen::certify {

struct TextTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as long as the header
};

// What a report does not say (an older one): the cell's text.
inline constexpr const char* kNotStated = "—";

// "175 of 177": passed of graded (passed and failed; skipped and not applicable apart).
std::string passed_of_graded(const Tallies& tallies);

// One row per run: each class's "passed of graded", the totals, and the verdicts that are no
// answer at all (crash, timeout), not applicable and skipped.
TextTable class_table(const Matrix& matrix);
// One row per run, one column per tag of the suite: "passed of graded", "—" when the run graded
// no case of the tag (none applied, or all were skipped).
TextTable tag_table(const Matrix& matrix);
// One row per run: what describes it (version, date, mode, declared capabilities, the spelling
// and layouts its answers used, the exact command).
TextTable run_table(const Matrix& matrix);

}  // namespace xfen::certify
