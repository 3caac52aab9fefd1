// The suite's manifest (corpus/conformance/manifest.json): what a report names the suite by, and
// how many cases it has, which a conformance statement counts against.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

namespace xfen::conformance {

struct ManifestProblem {
  std::string what;  // "manifest.json: no \"version\" string"
};

struct SuiteManifest {
  std::string version;      // "1.0.0"
  std::uint64_t cases = 0;  // the sum of its files' "cases"
  // The tags that name a capability a program may lack ("8x8", "capablanca", …); empty in a
  // manifest older than 1.1.0.
  std::vector<std::string> capabilities;
};

// DIRECTORY/manifest.json's version and case count, or why they cannot be read.
std::variant<SuiteManifest, ManifestProblem> read_suite_manifest(const std::filesystem::path& directory);

}  // namespace xfen::conformance
