// Which cases of a suite to take: by tag, by class and by id. What `xfen suite list` and
// `xfen suite export` select, and what a runner can use to run part of the suite.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/suite_loader.hpp"

namespace xfen::conformance {

struct CaseFilter {
  std::vector<std::string> tags{};       // a case must have every one
  std::vector<CaseClass> classes{};      // a case must be of one of them; empty: any class
  // Shell-style * and ? (glob_match.hpp); a case must match one of them; empty: any id.
  std::vector<std::string> id_globs{};

  bool selects_all() const noexcept { return tags.empty() && classes.empty() && id_globs.empty(); }
  bool matches(const Case& c) const;
};

// The cases `filter` matches, in the suite's order; they point into `suite.cases`.
std::vector<const Case*> select_cases(const Suite& suite, const CaseFilter& filter);

// Why `filter` selects no case of `suite`, in a sentence a user can act on: the tag no case has
// (and the tags there are), the id glob no id matches (and the nearest ids), or the combination
// that excludes every case. Nothing when it selects some case. What the user typed is shown by
// xfen::printable; the suite's names are printable already (the loader checks them).
std::optional<std::string> why_nothing_is_selected(const Suite& suite, const CaseFilter& filter);

}  // namespace xfen::conformance
