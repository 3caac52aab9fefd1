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
  std::optional<std::string> id_glob{};  // shell-style * and ? (glob_match.hpp); none: any id

  bool selects_all() const noexcept { return tags.empty() && classes.empty() && !id_glob; }
  bool matches(const Case& c) const;
};

// The cases `filter` matches, in the suite's order; they point into `suite.cases`.
std::vector<const Case*> select_cases(const Suite& suite, const CaseFilter& filter);

}  // namespace xfen::conformance
