// Reads the conformance suite (corpus/conformance/*.jsonl) into Cases. A case that breaks the
// format of corpus/conformance/README.md is not loaded; it becomes a problem naming file:line,
// so that a broken suite is reported, never half-run in silence.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/conformance_case.hpp"

namespace xfen::conformance {

struct Suite {
  std::vector<Case> cases;             // in file-name order, then line order
  std::vector<std::string> groups;     // every file's group, in file-name order
  std::vector<std::string> problems;   // "castling.jsonl:12: unknown key \"outptu\""
};

// Every *.jsonl file of `directory`. Repeated ids across files are problems too.
Suite load_suite(const std::filesystem::path& directory);

// One line of one file; `group` is the file's name without .jsonl. Returns the problems found
// (none when `out` was filled in).
std::vector<std::string> read_case(std::string_view line_text, std::string_view group, Case& out);

}  // namespace xfen::conformance
