// The pieces of a position as a range (pieces.hpp): a forward range visiting each occupied
// square of the board in index order, a1 to the last file of rank 1, then rank 2 and on, never a
// square beyond the board's width; and count() (SPEC R14.4).
#define BOOST_TEST_MODULE pieces_test
#include <boost/test/unit_test.hpp>

#include <iterator>
#include <ranges>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xfen/xfen.hpp"

static_assert(std::ranges::forward_range<xfen::PieceRange>);
static_assert(std::ranges::common_range<xfen::PieceRange>);
static_assert(std::forward_iterator<xfen::PieceRange::iterator>);

namespace {

// Whether pieces() takes an argument of type T: a temporary position would be gone before a
// range-for loop's body runs.
template <class T>
concept takes_pieces = requires(T&& position) { xfen::pieces(std::forward<T>(position)); };
static_assert(takes_pieces<const xfen::Position&>);
static_assert(takes_pieces<xfen::Position&>);
static_assert(!takes_pieces<xfen::Position>);

xfen::Position read(std::string_view record) {
  const xfen::ParseResult result = xfen::parse(record);
  BOOST_TEST_REQUIRE(result.ok(), record);
  return result.position;
}

std::vector<xfen::PlacedPiece> visited(const xfen::Position& position) {
  std::vector<xfen::PlacedPiece> seen;
  for (const auto [square, piece] : xfen::pieces(position)) seen.push_back({square, piece});
  return seen;
}

// The same list the slow way: every square of the 10×8 array in index order, kept when it lies
// on the board and holds a piece.
std::vector<xfen::PlacedPiece> expected(const xfen::Position& position) {
  std::vector<xfen::PlacedPiece> seen;
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < xfen::kMaxFiles; ++file) {
      const xfen::Square square = xfen::make_square(file, rank);
      if (square.is_valid(position.width) && !position.at(square).empty())
        seen.push_back({square, position.at(square)});
    }
  return seen;
}

std::string squares_text(const std::vector<xfen::PlacedPiece>& placed) {
  std::string text;
  for (const auto& [square, piece] : placed) {
    text += square.file_letter();
    text += square.rank_digit();
    text += piece.letter();
    text += ' ';
  }
  return text;
}

constexpr std::string_view kRecords[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
    "1r2k1rr/pp3ppp/8/3pP3/8/8/PPP2PPP/RR2K1R1 w KBgq d6 0 12",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "9k/10/10/10/10/10/10/K9 w - - 0 1",
    "k9/10/10/10/10/10/10/9K w - - 0 1",
};

}  // namespace

BOOST_AUTO_TEST_CASE(visits_occupied_squares_in_index_order) {
  for (const std::string_view record : kRecords) {
    const xfen::Position position = read(record);
    BOOST_TEST(squares_text(visited(position)) == squares_text(expected(position)), record);
  }
  BOOST_TEST(squares_text(visited(read("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"))) ==
             "a1R e1K h1R e8k ");
}

BOOST_AUTO_TEST_CASE(an_empty_board_has_no_pieces) {
  const xfen::Position empty;
  const xfen::PieceRange range = xfen::pieces(empty);
  BOOST_TEST((range.begin() == range.end()));
}

BOOST_AUTO_TEST_CASE(squares_beyond_the_width_are_not_visited) {
  xfen::Position position = read("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  // Not a position a reader makes, but a value a program can: the files of a 10×8 board beyond
  // an 8-file board's edge.
  position.put(xfen::make_square(8, 0), xfen::Piece(xfen::PieceType::queen, xfen::Color::white));
  position.put(xfen::make_square(9, 7), xfen::Piece(xfen::PieceType::rook, xfen::Color::black));
  BOOST_TEST(squares_text(visited(position)) == "e1K e8k ");
  BOOST_TEST(xfen::count(position, xfen::Piece(xfen::PieceType::queen, xfen::Color::white)) == 0);
}

BOOST_AUTO_TEST_CASE(the_range_can_be_walked_twice_and_its_iterators_copied) {
  const xfen::Position position = read(kRecords[2]);
  const xfen::PieceRange range = xfen::pieces(position);
  BOOST_TEST(std::ranges::distance(range) == 21);
  BOOST_TEST(std::ranges::distance(range) == 21);
  auto first = range.begin();
  auto copy = first;
  ++copy;
  BOOST_TEST(((*first).square == xfen::make_square(0, 0)));
  BOOST_TEST(((*copy).square == xfen::make_square(1, 0)));
  BOOST_TEST(((*first++).square == xfen::make_square(0, 0)));
  BOOST_TEST((first == copy));
}

BOOST_AUTO_TEST_CASE(count_counts_each_piece_on_the_board) {
  using xfen::Color;
  using xfen::Piece;
  using xfen::PieceType;
  const xfen::Position standard = read(kRecords[0]);
  BOOST_TEST(xfen::count(standard, Piece(PieceType::pawn, Color::white)) == 8);
  BOOST_TEST(xfen::count(standard, Piece(PieceType::knight, Color::black)) == 2);
  BOOST_TEST(xfen::count(standard, Piece(PieceType::king, Color::black)) == 1);
  BOOST_TEST(xfen::count(standard, Piece(PieceType::archbishop, Color::white)) == 0);
  BOOST_TEST(xfen::count(standard, Piece()) == 32);
  const xfen::Position capablanca = read(kRecords[1]);
  BOOST_TEST(xfen::count(capablanca, Piece(PieceType::chancellor, Color::black)) == 1);
  BOOST_TEST(xfen::count(capablanca, Piece(PieceType::pawn, Color::black)) == 10);
  BOOST_TEST(xfen::count(capablanca, Piece()) == 40);
  // Every piece counted once: the counts add up to the squares the range visits.
  for (const std::string_view record : kRecords) {
    const xfen::Position position = read(record);
    int total = 0;
    for (const Color color : {Color::white, Color::black})
      for (int type = 1; type <= static_cast<int>(PieceType::chancellor); ++type)
        total += xfen::count(position, Piece(static_cast<PieceType>(type), color));
    BOOST_TEST(total == static_cast<int>(visited(position).size()), record);
    BOOST_TEST(total + xfen::count(position, Piece()) == 8 * position.width, record);
  }
}
