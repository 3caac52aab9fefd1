#include "conformance/suite_manifest.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

namespace xfen::conformance {

std::variant<std::string, ManifestProblem> read_suite_version(const std::filesystem::path& directory) {
  const std::filesystem::path file = directory / "manifest.json";
  std::ifstream in(file, std::ios::binary);
  if (!in) return ManifestProblem{file.string() + ": cannot be read"};
  const nlohmann::json manifest = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (manifest.is_discarded()) return ManifestProblem{file.string() + ": not JSON"};
  const auto version = manifest.find("version");
  if (!manifest.is_object() || version == manifest.end() || !version->is_string())
    return ManifestProblem{file.string() + ": no \"version\" string"};
  return version->get<std::string>();
}

}  // namespace xfen::conformance
