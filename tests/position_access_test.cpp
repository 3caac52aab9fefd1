// SPEC R16.7: Position::at and put are safe on any square, in every build type (NDEBUG or not).
// A square of the 10×8 grid (file 0–9, rank 0–7) is addressable whatever the position's width;
// any other square a Square can hold reads as empty from at() and is refused by put(), which
// leaves the position unchanged, instead of reaching outside the board's array or aliasing a
// square of the next rank (file 12 of rank 4 would be c5). Run under the asan preset (Release
// flags with NDEBUG), an access outside the array is a sanitizer's report.
#define BOOST_TEST_MODULE position_access
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <limits>

#include "xfen/position_value.hpp"

namespace {

constexpr xfen::Piece kQueen = xfen::Piece::from_letter('Q');
constexpr xfen::Piece kKnight = xfen::Piece::from_letter('n');

// Every field, the squares beyond the width and the castling prefix included: what operator==
// (position.hpp) leaves out is part of what put() must not change.
bool same_fields(const xfen::Position& a, const xfen::Position& b) {
  return a.board == b.board && a.width == b.width && a.side_to_move == b.side_to_move &&
         a.castling == b.castling && a.en_passant == b.en_passant &&
         a.halfmove_clock == b.halfmove_clock && a.fullmove_number == b.fullmove_number;
}

// A position with a piece on every square of the grid and no field at its default, so that an
// off-grid read that aliased a square would see a piece, and a write anywhere would show.
xfen::Position full_position(int width) {
  xfen::Position position;
  position.width = static_cast<std::uint8_t>(width);
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < xfen::kMaxFiles; ++file)
      position.put(xfen::make_square(file, rank), kKnight);
  position.side_to_move = xfen::Color::black;
  position.castling.set(xfen::Color::white, xfen::CastlingSide::h_side, 7);
  position.en_passant = xfen::make_square(4, 5);
  position.halfmove_clock = 3;
  position.fullmove_number = 40;
  return position;
}

bool on_grid(int file, int rank) {
  return file >= 0 && file < xfen::kMaxFiles && rank >= 0 && rank < xfen::kRanks;
}

// Named off-grid squares, first: the default Square (file and rank -1), the report's case.
constexpr xfen::Square kOffGrid[] = {
    xfen::Square{},              // file -1, rank -1: before the array
    xfen::make_square(12, 3),    // would alias c5
    xfen::make_square(10, 0),    // one past the widest board's last file (aliases a2)
    xfen::make_square(10, 7),    // past the board's storage
    xfen::make_square(-1, 0),    xfen::make_square(0, 8), xfen::make_square(0, -1),
    xfen::make_square(9, 8),     xfen::make_square(127, 127), xfen::make_square(-128, -128),
    xfen::make_square(127, -128), xfen::make_square(-128, 127)};

}  // namespace

BOOST_AUTO_TEST_CASE(named_squares_off_the_grid_read_empty_and_are_refused) {
  for (const int width : {8, 10}) {
    for (const xfen::Square square : kOffGrid) {
      BOOST_TEST_CONTEXT("width " << width << ", file " << int{square.file} << ", rank "
                                  << int{square.rank}) {
        const xfen::Position before = full_position(width);
        BOOST_TEST(before.at(square).empty());
        xfen::Position after = before;
        after.put(square, kQueen);
        BOOST_TEST(same_fields(after, before));
        BOOST_TEST(after.at(square).empty());
      }
    }
  }
}

// Every square a Square can hold, 256 × 256: on the grid it holds what was put there; off it,
// it reads as empty and put() changes nothing.
BOOST_AUTO_TEST_CASE(every_square_a_square_can_hold) {
  using Limits = std::numeric_limits<std::int8_t>;
  const xfen::Position full = full_position(8);
  int off_grid = 0;
  int failures = 0;
  for (int rank = Limits::min(); rank <= Limits::max(); ++rank)
    for (int file = Limits::min(); file <= Limits::max(); ++file) {
      const xfen::Square square = xfen::make_square(file, rank);
      xfen::Position position = full;
      position.put(square, kQueen);
      if (on_grid(file, rank)) {
        failures += position.at(square) != kQueen;
        continue;
      }
      ++off_grid;
      const bool ok = full.at(square).empty() && position.at(square).empty() &&
                      same_fields(position, full);
      if (!ok && failures++ < 5) BOOST_ERROR("file " << file << ", rank " << rank);
    }
  BOOST_TEST(failures == 0);
  BOOST_TEST(off_grid == 256 * 256 - xfen::kMaxSquares);
}

// Every square of the 10×8 grid is addressable, also beyond an 8-file board's width (validate,
// not at/put, says a piece there makes the position invalid: board.off-board).
BOOST_AUTO_TEST_CASE(every_square_of_the_grid_is_addressable) {
  xfen::Position position;
  BOOST_TEST(position.width == 8);
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < xfen::kMaxFiles; ++file) {
      const xfen::Square square = xfen::make_square(file, rank);
      BOOST_TEST_CONTEXT("file " << file << ", rank " << rank) {
        BOOST_TEST(position.at(square).empty());
        position.put(square, kKnight);
        BOOST_TEST((position.at(square) == kKnight));
        BOOST_TEST((position.board[square.index()] == kKnight));
      }
    }
}

// No other square of the board changes when one is put.
BOOST_AUTO_TEST_CASE(put_changes_one_square) {
  const xfen::Position empty;
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < xfen::kMaxFiles; ++file) {
      xfen::Position position = empty;
      position.put(xfen::make_square(file, rank), kQueen);
      int pieces = 0;
      for (const xfen::Piece piece : position.board) pieces += !piece.empty();
      BOOST_TEST(pieces == 1);
    }
}
