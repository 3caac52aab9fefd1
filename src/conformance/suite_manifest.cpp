#include "conformance/suite_manifest.hpp"

#include <fstream>
#include <nlohmann/json.hpp>

namespace xfen::conformance {

std::variant<SuiteManifest, ManifestProblem> read_suite_manifest(const std::filesystem::path& directory) {
  const std::filesystem::path file = directory / "manifest.json";
  std::ifstream in(file, std::ios::binary);
  if (!in) return ManifestProblem{file.string() + ": cannot be read"};
  const nlohmann::json manifest = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (manifest.is_discarded()) return ManifestProblem{file.string() + ": not JSON"};
  const auto version = manifest.find("version");
  if (!manifest.is_object() || version == manifest.end() || !version->is_string())
    return ManifestProblem{file.string() + ": no \"version\" string"};
  SuiteManifest out{version->get<std::string>(), 0, {}};
  if (const auto capabilities = manifest.find("capabilities"); capabilities != manifest.end()) {
    if (!capabilities->is_array())
      return ManifestProblem{file.string() + ": \"capabilities\" is not an array of tags"};
    for (const nlohmann::json& tag : *capabilities) {
      if (!tag.is_string()) return ManifestProblem{file.string() + ": \"capabilities\" is not an array of tags"};
      out.capabilities.push_back(tag.get<std::string>());
    }
  }
  const auto files = manifest.find("files");
  if (files == manifest.end() || !files->is_array())
    return ManifestProblem{file.string() + ": no \"files\" array"};
  for (const nlohmann::json& entry : *files) {
    const auto cases = entry.find("cases");
    if (!entry.is_object() || cases == entry.end() || !cases->is_number_unsigned())
      return ManifestProblem{file.string() + ": a \"files\" entry without a \"cases\" count"};
    out.cases += cases->get<std::uint64_t>();
  }
  return out;
}

}  // namespace xfen::conformance
