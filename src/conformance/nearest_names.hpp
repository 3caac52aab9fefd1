// The names closest to one that was mistyped: "did you mean 'castling.spec-example-BGbg'?" for a
// case id, a tag or a class a user spelled wrong in a selection or a skip file.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xfen::conformance {

// Up to `at_most` of `names`, nearest first, within an edit distance that a typo explains (about
// a third of the wanted name's length, at least 2) and at most one edit further than the nearest
// (none further when one differs only in case), ignoring case and the wildcards * and ?; a
// trailing * compares with the names' beginnings. Ties keep the order of `names`.
std::vector<std::string> nearest_names(std::string_view wanted, std::span<const std::string> names,
                                       std::size_t at_most = 3);

// "'a', 'b' or 'c'": names quoted and listed as a sentence ends them.
std::string quoted_choices(std::span<const std::string> names);

}  // namespace xfen::conformance
