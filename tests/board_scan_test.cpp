// The fast board scan against the precise reader (law in fuzz/board_scan_law.hpp), over every
// board the project has: the conformance inputs, the 13,000 positions of the bundled corpus, and
// every one-byte edit (replace, insert, delete) of a sample of them, which is where the two
// readers' edges meet. The `board_scan` fuzz target checks the same law on generated input.
#define BOOST_TEST_MODULE board_scan
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "../testing/escaped_bytes.hpp"
#include "board_scan_law.hpp"
#include "conformance/suite_loader.hpp"

namespace {

std::filesystem::path source_dir() { return XFEN_SOURCE_DIR; }

std::vector<std::string> corpus_records() {
  std::vector<std::string> records;
  std::ifstream in(source_dir() / "corpus" / "positions" / "mixed.xfen", std::ios::binary);
  for (std::string line; std::getline(in, line);) records.push_back(line);
  return records;
}

// Counts the boards checked, and reports the first few that break the law in full.
class LawChecker {
 public:
  void check(std::string_view bytes) {
    ++checked_;
    const std::string difference = xfen::fuzz::board_scan_disagreement(bytes);
    if (difference.empty()) return;
    if (++broken_ <= 5)
      BOOST_ERROR("\"" << xfen::testing::escaped(bytes) << "\": " << difference);
  }
  std::size_t checked() const { return checked_; }
  std::size_t broken() const { return broken_; }

 private:
  std::size_t checked_ = 0;
  std::size_t broken_ = 0;
};

}  // namespace

BOOST_AUTO_TEST_CASE(conformance_inputs) {
  const auto suite = xfen::conformance::load_suite(source_dir() / "corpus" / "conformance");
  BOOST_TEST_REQUIRE(suite.cases.size() > 400U);
  LawChecker law;
  for (const auto& c : suite.cases) law.check(c.input);
  BOOST_TEST(law.broken() == 0U, law.broken() << " of " << law.checked() << " break the law");
}

BOOST_AUTO_TEST_CASE(bundled_positions_on_8_and_10_files) {
  const std::vector<std::string> records = corpus_records();
  BOOST_TEST_REQUIRE(records.size() == 13000U);
  LawChecker law;
  std::set<std::uint8_t> widths;
  for (const std::string& record : records) {
    law.check(record);
    widths.insert(xfen::parse(record).position.width);
  }
  BOOST_TEST(law.broken() == 0U, law.broken() << " of " << law.checked() << " break the law");
  BOOST_TEST((widths == std::set<std::uint8_t>{8, 10}), "the corpus has both board widths");
}

BOOST_AUTO_TEST_CASE(every_one_byte_edit_of_sample_boards) {
  const std::vector<std::string> records = corpus_records();
  // Bytes that matter to a board reader: the separators, each digit, letters of both colours
  // and of no piece, and a byte above ASCII.
  constexpr std::string_view kBytes = "/0123456789pPkKaAcCxX \t\xff";
  LawChecker law;
  for (std::size_t sample = 0; sample < records.size(); sample += 130) {
    const std::string board = records[sample].substr(0, records[sample].find(' '));
    for (std::size_t at = 0; at <= board.size(); ++at) {
      if (at < board.size()) law.check(std::string(board).erase(at, 1));
      for (const char byte : kBytes) {
        law.check(std::string(board).insert(at, 1, byte));
        if (at < board.size()) law.check(std::string(board).replace(at, 1, 1, byte));
      }
    }
  }
  BOOST_TEST(law.checked() > 100000U);
  BOOST_TEST(law.broken() == 0U, law.broken() << " of " << law.checked() << " break the law");
}
