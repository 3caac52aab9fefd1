#include "conformance/case_filter.hpp"

#include <algorithm>
#include <set>

#include <xfen/message.hpp>

#include "conformance/case_class.hpp"
#include "conformance/glob_match.hpp"
#include "conformance/nearest_names.hpp"

namespace xfen::conformance {
namespace {

bool has_tag(const Case& c, const std::string& tag) {
  return std::binary_search(c.tags.begin(), c.tags.end(), tag);  // the loader sorts them
}

std::vector<std::string> all_tags(const Suite& suite) {
  std::set<std::string> tags;
  for (const Case& c : suite.cases) tags.insert(c.tags.begin(), c.tags.end());
  return {tags.begin(), tags.end()};
}

std::string suggestion(const std::string& wanted, std::span<const std::string> names) {
  const std::vector<std::string> near = nearest_names(wanted, names);
  return near.empty() ? std::string() : "; did you mean " + quoted_choices(near) + "?";
}

}  // namespace

bool CaseFilter::matches(const Case& c) const {
  if (!std::all_of(tags.begin(), tags.end(), [&c](const std::string& tag) { return has_tag(c, tag); }))
    return false;
  if (!classes.empty() &&
      std::find(classes.begin(), classes.end(), c.case_class) == classes.end())
    return false;
  return id_globs.empty() || std::any_of(id_globs.begin(), id_globs.end(), [&c](const std::string& glob) {
           return glob_matches(glob, c.id);
         });
}

std::vector<const Case*> select_cases(const Suite& suite, const CaseFilter& filter) {
  std::vector<const Case*> selected;
  for (const Case& c : suite.cases)
    if (filter.matches(c)) selected.push_back(&c);
  return selected;
}

std::optional<std::string> why_nothing_is_selected(const Suite& suite, const CaseFilter& filter) {
  if (std::any_of(suite.cases.begin(), suite.cases.end(), [&filter](const Case& c) { return filter.matches(c); }))
    return std::nullopt;
  if (suite.cases.empty()) return "the suite has no case";
  // First what names nothing at all, each on its own; then the combination.
  const std::vector<std::string> tags = all_tags(suite);
  for (const std::string& tag : filter.tags)
    if (!std::binary_search(tags.begin(), tags.end(), tag))
      return "no case has the tag '" + xfen::printable(tag) + "'" + suggestion(tag, tags) + " (the tags are " +
             quoted_choices(tags) + ")";
  std::vector<std::string> ids;
  for (const Case& c : suite.cases) ids.push_back(c.id);
  for (const std::string& glob : filter.id_globs)
    if (std::none_of(ids.begin(), ids.end(), [&glob](const std::string& id) { return glob_matches(glob, id); }))
      return "no case id matches '" + xfen::printable(glob) + "'" + suggestion(glob, ids) +
             " (`xfen suite list` lists the ids)";
  std::string combination;
  const auto add = [&combination](const std::string& part) {
    combination += (combination.empty() ? "" : " ") + part;
  };
  for (const std::string& tag : filter.tags) add("--tag " + xfen::printable(tag));
  for (const CaseClass case_class : filter.classes) add("--class " + std::string(case_class_name(case_class)));
  for (const std::string& glob : filter.id_globs) add("--id '" + xfen::printable(glob) + "'");
  std::vector<std::string> classes;
  for (const std::string_view name : case_class_names()) classes.emplace_back(name);
  return "no case matches all of " + combination + " (each matches some case on its own; the classes are " +
         quoted_choices(classes) + ")";
}

}  // namespace xfen::conformance
