// Figures the README states that can be counted, counted: they must not drift from the tree.
#define BOOST_TEST_MODULE readme_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>

namespace {

const std::filesystem::path kSourceDir = XFEN_SOURCE_DIR;

std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace

BOOST_AUTO_TEST_CASE(conformance_vector_count) {
  std::size_t vectors = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kSourceDir / "corpus/conformance"))
    if (entry.path().extension() == ".jsonl") {
      const std::string text = read_file(entry.path());
      vectors += static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    }
  const std::string readme = read_file(kSourceDir / "README.md");
  std::smatch match;
  BOOST_TEST_REQUIRE(std::regex_search(readme, match,
                                       std::regex(R"(conformance\s+suite\s+of\s+(\d+)\s+data-only)")),
                     "README no longer says how many conformance vectors there are");
  BOOST_TEST(std::stoul(match[1].str()) == vectors);
}
