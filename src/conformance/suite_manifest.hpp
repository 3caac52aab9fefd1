// The suite's manifest (corpus/conformance/manifest.json): what a report names the suite by.
#pragma once

#include <filesystem>
#include <string>
#include <variant>

namespace xfen::conformance {

struct ManifestProblem {
  std::string what;  // "manifest.json: no \"version\" string"
};

// The "version" member of DIRECTORY/manifest.json ("1.0.0"), or why it cannot be read.
std::variant<std::string, ManifestProblem> read_suite_version(const std::filesystem::path& directory);

}  // namespace xfen::conformance
