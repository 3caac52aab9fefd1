#include "conformance/case_filter.hpp"

#include <algorithm>

#include "conformance/glob_match.hpp"

namespace xfen::conformance {

bool CaseFilter::matches(const Case& c) const {
  const auto has_tag = [&c](const std::string& tag) {
    return std::binary_search(c.tags.begin(), c.tags.end(), tag);  // the loader sorts them
  };
  if (!std::all_of(tags.begin(), tags.end(), has_tag)) return false;
  if (!classes.empty() &&
      std::find(classes.begin(), classes.end(), c.case_class) == classes.end())
    return false;
  return !id_glob || glob_matches(*id_glob, c.id);
}

std::vector<const Case*> select_cases(const Suite& suite, const CaseFilter& filter) {
  std::vector<const Case*> selected;
  for (const Case& c : suite.cases)
    if (filter.matches(c)) selected.push_back(&c);
  return selected;
}

}  // namespace xfen::conformance
