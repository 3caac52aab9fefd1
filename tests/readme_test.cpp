// Figures the README states that can be counted, counted: they must not drift from the tree.
#define BOOST_TEST_MODULE readme_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>

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
  // The README says "conformance suite of N data-only vectors", wrapped anywhere; read it with the
  // white space folded. (No <regex>: g++ 12 warns inside it under the sanitizers.)
  std::string readme;
  for (const char c : read_file(kSourceDir / "README.md"))
    if (!std::isspace(static_cast<unsigned char>(c)) || (!readme.empty() && readme.back() != ' '))
      readme += std::isspace(static_cast<unsigned char>(c)) ? ' ' : c;
  constexpr std::string_view kBefore = "conformance suite of ";
  const std::size_t at = readme.find(kBefore);
  BOOST_TEST_REQUIRE(at != std::string::npos,
                     "README no longer says how many conformance vectors there are");
  std::size_t digits = 0;
  const std::size_t stated = std::stoul(readme.substr(at + kBefore.size()), &digits);
  BOOST_TEST(readme.substr(at + kBefore.size() + digits, 11) == " data-only ");
  BOOST_TEST(stated == vectors);
}
