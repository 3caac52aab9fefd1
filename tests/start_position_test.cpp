// The start positions and their numbers (start_position.hpp, SPEC R14): Chess960 by Scharnagl's
// numbering, checked against the generators' independent construction; Capablanca Random Chess
// by xfen's numbering of Scharnagl's 48,000 arrangements, checked against a brute-force count of
// every arrangement of the ten pieces; every start position read, written and judged legal
// through the rest of the library.
#define BOOST_TEST_MODULE start_position_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "generate/start_arrays.hpp"
#include "xfen/xfen.hpp"

namespace {

// White's back rank as letters: "RNBQKBNR".
std::string back_rank(const xfen::Position& position) {
  std::string letters;
  for (int file = 0; file < position.width; ++file)
    letters += position.at(xfen::make_square(file, 0)).letter();
  return letters;
}

std::string record_of(const xfen::Position& position) {
  const xfen::StringResult written = xfen::to_string(position);
  BOOST_TEST_REQUIRE(written.ok(), xfen::code_name(written.error.code));
  return written.text;
}

// The record a start array must write: Black mirroring White, pawns, White to move, both outer
// rooks of both colours, no en passant square, 0 1.
std::string start_record(std::string_view white) {
  std::string black;
  for (const char letter : white) black += static_cast<char>(letter - 'A' + 'a');
  const std::string width = std::to_string(white.size());
  return black + '/' + std::string(white.size(), 'p') + '/' + width + '/' + width + '/' + width +
         '/' + width + '/' + std::string(white.size(), 'P') + '/' + std::string(white) +
         " w KQkq - 0 1";
}

bool light(std::size_t file) { return file % 2 == 1; }  // a1 is dark

// Scharnagl's constraints on a Capablanca Random back rank, checked on the letters: exactly the
// ten pieces, bishops on squares of opposite colours, queen and archbishop too, the king
// between the rooks.
bool is_crc_arrangement(std::string_view rank) {
  std::string sorted(rank);
  std::sort(sorted.begin(), sorted.end());
  if (sorted != "ABBCKNNQRR") return false;
  const std::size_t bishop = rank.find('B');
  const std::size_t other_bishop = rank.rfind('B');
  const std::size_t queen = rank.find('Q');
  const std::size_t archbishop = rank.find('A');
  const std::size_t king = rank.find('K');
  return light(bishop) != light(other_bishop) && light(queen) != light(archbishop) &&
         rank.find('R') < king && king < rank.rfind('R');
}

// The start position reads from its own record with no warning, is the same position, and is
// legal.
void check_through_the_library(const xfen::Position& start, const std::string& record) {
  const xfen::ParseResult read = xfen::parse(record);
  BOOST_TEST_REQUIRE(read.ok(), record);
  BOOST_TEST(read.warnings.empty(), record);
  BOOST_TEST((read.position == start), record);
  BOOST_TEST(xfen::check_legality(read, record).ok(), record);
}

using StartOf = std::optional<xfen::Position> (*)(int) noexcept;
using NumberOf = std::optional<int> (*)(const xfen::Position&) noexcept;

// Every number of a numbering gives a start position that writes the start record of its back
// rank, reads back to the same number and goes through the library; the back ranks, by number.
std::vector<std::string> check_numbering(StartOf start_of, NumberOf number_of, int numbers) {
  std::vector<std::string> ranks;
  for (int number = 0; number < numbers; ++number) {
    const std::optional<xfen::Position> start = start_of(number);
    BOOST_TEST_REQUIRE(start.has_value(), number);
    const std::string rank = back_rank(*start);
    const std::string record = record_of(*start);
    BOOST_TEST(record == start_record(rank), number);
    BOOST_TEST(number_of(*start).value_or(-1) == number, rank);
    check_through_the_library(*start, record);
    ranks.push_back(rank);
  }
  return ranks;
}

}  // namespace

BOOST_AUTO_TEST_CASE(standard_and_capablanca_starts) {
  BOOST_TEST(record_of(xfen::standard_start()) ==
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  BOOST_TEST(record_of(xfen::capablanca_start()) ==
             "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
  BOOST_TEST((xfen::standard_start() == *xfen::chess960_start(xfen::kStandardChess960Number)));
  BOOST_TEST(xfen::chess960_number(xfen::standard_start()).value_or(-1) ==
             xfen::kStandardChess960Number);
  // Capablanca's own array has queen (e1) and archbishop (c1) on dark squares: not one of
  // Scharnagl's arrangements, so no number.
  BOOST_TEST(!xfen::capablanca_random_number(xfen::capablanca_start()).has_value());
  check_through_the_library(xfen::standard_start(), record_of(xfen::standard_start()));
  check_through_the_library(xfen::capablanca_start(), record_of(xfen::capablanca_start()));
}

BOOST_AUTO_TEST_CASE(all_960_chess960_numbers) {
  const std::vector<std::string> ranks =
      check_numbering(xfen::chess960_start, xfen::chess960_number, xfen::kChess960Starts);
  for (std::size_t number = 0; number < ranks.size(); ++number) {
    const xfen::generate::Array8 independent =
        xfen::generate::chess960_array(static_cast<int>(number));
    BOOST_TEST(ranks[number] == std::string(independent.begin(), independent.end()), number);
  }
  BOOST_TEST(std::set<std::string>(ranks.begin(), ranks.end()).size() == 960u);
  BOOST_TEST(ranks[0] == "BBQNNRKR");
  BOOST_TEST(ranks[518] == "RNBQKBNR");
  BOOST_TEST(ranks[959] == "RKRNNQBB");
}

BOOST_AUTO_TEST_CASE(all_48000_capablanca_random_numbers) {
  const std::vector<std::string> ranks = check_numbering(
      xfen::capablanca_random_start, xfen::capablanca_random_number, xfen::kCapablancaRandomStarts);
  for (std::size_t number = 0; number < ranks.size(); ++number)
    BOOST_TEST(is_crc_arrangement(ranks[number]), number << ' ' << ranks[number]);
  BOOST_TEST(std::set<std::string>(ranks.begin(), ranks.end()).size() == 48000u);
  // The first and last numbers, as SPEC R14.2 spells them out.
  BOOST_TEST(ranks[0] == "BBQACNNRKR");
  BOOST_TEST(ranks[47999] == "RKRNNCAQBB");
}

// Every distinct order of the ten pieces, kept when it satisfies the constraints: 48,000, and
// exactly the arrangements the numbers give.
BOOST_AUTO_TEST_CASE(brute_force_count_of_capablanca_random_arrangements) {
  std::set<std::string> numbered;
  for (int number = 0; number < xfen::kCapablancaRandomStarts; ++number)
    numbered.insert(back_rank(*xfen::capablanca_random_start(number)));
  std::string rank = "ABBCKNNQRR";  // sorted: next_permutation visits every distinct order once
  std::set<std::string> satisfying;
  int orders = 0;
  do {
    ++orders;
    if (is_crc_arrangement(rank)) satisfying.insert(rank);
  } while (std::next_permutation(rank.begin(), rank.end()));
  BOOST_TEST(orders == 453600);  // 10! / (2! 2! 2!)
  BOOST_TEST(satisfying.size() == 48000u);
  BOOST_TEST((satisfying == numbered));
}

BOOST_AUTO_TEST_CASE(numbers_outside_the_range_give_nothing) {
  for (const int number : {-1, 960, INT_MIN, INT_MAX})
    BOOST_TEST(!xfen::chess960_start(number).has_value(), number);
  for (const int number : {-1, 48000, INT_MIN, INT_MAX})
    BOOST_TEST(!xfen::capablanca_random_start(number).has_value(), number);
}

BOOST_AUTO_TEST_CASE(only_the_board_is_numbered) {
  const auto read = [](std::string_view record) {
    const xfen::ParseResult result = xfen::parse(record);
    BOOST_TEST_REQUIRE(result.ok(), record);
    return result.position;
  };
  // Side, castling and counters do not matter.
  const xfen::Position standard =
      read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 7 30");
  BOOST_TEST(xfen::chess960_number(standard).value_or(-1) == 518);
  const xfen::Position first_crc =
      read("bbqacnnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BBQACNNRKR b Hh - 3 9");
  BOOST_TEST(xfen::capablanca_random_number(first_crc).value_or(-1) == 0);
  for (const std::string_view record : {
           "rnbqkrbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKRBN w - - 0 1",  // bishops on one colour
           "rrbqkbnn/pppppppp/8/8/8/8/PPPPPPPP/RRBQKBNN w - - 0 1",  // king not between the rooks
           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",  // a pawn has moved
           "rnbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",  // Black not mirroring
           "RNBQKBNR/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",  // Black's rank white
           "rqbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBQKBNR w - - 0 1",  // two queens, one knight
           "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // a piece in the middle
       })
    BOOST_TEST(!xfen::chess960_number(read(record)).has_value(), record);
  for (const std::string_view record : {
           "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",  // Q, A dark
           "bbqacnnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BBACQNNRKR w - - 0 1",  // not mirrored
           "bqbacnnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BQBACNNRKR w - - 0 1",  // bishops dark
           "bbqacnnkrr/pppppppppp/10/10/10/10/PPPPPPPPPP/BBQACNNKRR w - - 0 1",  // king outside
           "bbqqcnnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BBQQCNNRKR w - - 0 1",  // no archbishop
           "bbqacnnrkr/pppppppppp/10/10/10/10/PPPPPPPPP1/BBQACNNRKR w - - 0 1",  // a pawn gone
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",  // 8 files
       })
    BOOST_TEST(!xfen::capablanca_random_number(read(record)).has_value(), record);
  BOOST_TEST(!xfen::chess960_number(read(
                  "bbqacnnrkr/pppppppppp/10/10/10/10/PPPPPPPPPP/BBQACNNRKR w - - 0 1"))
                  .has_value());
}
