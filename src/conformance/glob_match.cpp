#include "conformance/glob_match.hpp"

#include <cstddef>

namespace xfen::conformance {

// Greedy with one point of return: when a byte fails to match, the last `*` takes one more byte.
// Going back further never helps, since a later `*` can absorb whatever an earlier one would, so
// the work stays proportional to pattern size times text size at worst.
bool glob_matches(std::string_view pattern, std::string_view text) noexcept {
  std::size_t p = 0;
  std::size_t t = 0;
  std::size_t star = std::string_view::npos;  // the pattern position after the last '*'
  std::size_t star_text = 0;                  // where the text stood when it was seen
  while (t < text.size()) {
    if (p < pattern.size() && pattern[p] == '*') {
      star = ++p;
      star_text = t;
    } else if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (star != std::string_view::npos) {
      p = star;
      t = ++star_text;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace xfen::conformance
