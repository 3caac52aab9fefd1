#include "conformance/nearest_names.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <utility>

namespace xfen::conformance {
namespace {

std::string folded(std::string_view text) {
  std::string out;
  for (const char c : text)
    if (c != '*' && c != '?') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Levenshtein distance, one row at a time: names are short (case ids are under 80 bytes).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), std::size_t{0});
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> nearest_names(std::string_view wanted, std::span<const std::string> names,
                                       std::size_t at_most) {
  const std::string key = folded(wanted);
  // A glob ending in '*' meant a prefix: it is compared with as much of each name.
  const bool prefix = wanted.ends_with('*');
  const std::size_t limit = std::max<std::size_t>(2, key.size() / 3);
  std::vector<std::pair<std::size_t, std::size_t>> near;  // distance, index into names
  for (std::size_t i = 0; i < names.size(); ++i) {
    std::string name = folded(names[i]);
    if (prefix) name.resize(std::min(name.size(), key.size()));
    if (const std::size_t distance = edit_distance(key, name); distance <= limit) near.emplace_back(distance, i);
  }
  std::stable_sort(near.begin(), near.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  // Only the nearest and those one edit further: a name that differs only in case is the answer,
  // and "did you mean" should not list every name within reach.
  std::vector<std::string> out;
  for (std::size_t i = 0; i < near.size() && out.size() < at_most; ++i)
    if (near[i].first <= near.front().first + (near.front().first == 0 ? 0 : 1))
      out.push_back(names[near[i].second]);
  return out;
}

std::string quoted_choices(std::span<const std::string> names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) text += i + 1 == names.size() ? " or " : ", ";
    text += "'" + names[i] + "'";
  }
  return text;
}

}  // namespace xfen::conformance
