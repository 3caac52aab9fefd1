// Hashing positions (position_hash.hpp): consistent with operator==, so that equal positions
// read from different spellings (an en passant square X-FEN does not write, castling rights by
// K, H or Shredder letters, lenient records) hash equal; distinct positions spread over the
// whole word; std::unordered_set<Position> works (SPEC R14.5).
#define BOOST_TEST_MODULE position_hash_test
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <string_view>
#include <unordered_set>

#include "xfen/xfen.hpp"

namespace {

xfen::Position read(std::string_view record, xfen::Profile profile = xfen::Profile::strict) {
  const xfen::ParseResult result = xfen::parse(record, {.profile = profile});
  BOOST_TEST_REQUIRE(result.ok(), record);
  return result.position;
}

struct Spellings {
  std::string_view a;
  std::string_view b;
  xfen::Profile profile_b = xfen::Profile::strict;
};

// Two records each, of one position.
constexpr Spellings kEqual[] = {
    // an en passant square with no capturer beside the pushed pawn is not written
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
    {"rnbqkbnr/pppppppp/8/8/P6p/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 1",
     "rnbqkbnr/pppppppp/8/8/P6p/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1"},
    {"rnabqkbcnr/pppppppppp/10/10/9P/10/PPPPPPPPP1/RNABQKBCNR b KQkq j3 0 1",
     "rnabqkbcnr/pppppppppp/10/10/9P/10/PPPPPPPPP1/RNABQKBCNR b KQkq - 0 1"},
    // castling rights are rooks, not letters
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkAH - 0 1"},
    {"1r2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1", "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgq - 0 1"},
    {"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
     "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sHAha - 0 1"},
    // lenient spellings; a prefix whose tokens were all dropped is no prefix
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "  rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 0 1\r\n", xfen::Profile::lenient},
    {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1",
     "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w sKk - 0 1", xfen::Profile::lenient},
};

// Positions that differ in one thing each from the first.
constexpr std::string_view kDistinct[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w mKQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k5/10/10/10/10/10/10/4K5 w - - 0 1",
};

}  // namespace

BOOST_AUTO_TEST_CASE(equal_positions_hash_equal) {
  for (const auto& [a, b, profile_b] : kEqual) {
    const xfen::Position first = read(a);
    const xfen::Position second = read(b, profile_b);
    BOOST_TEST_REQUIRE((first == second), a << " == " << b);
    BOOST_TEST(xfen::hash_value(first) == xfen::hash_value(second), a << " and " << b);
    BOOST_TEST(std::hash<xfen::Position>{}(first) == xfen::hash_value(first));
  }
}

BOOST_AUTO_TEST_CASE(what_equality_ignores_the_hash_ignores) {
  // Files beyond an 8-file board's edge, and a castling prefix without a right.
  const xfen::Position plain = read("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  xfen::Position altered = plain;
  altered.put(xfen::make_square(9, 3), xfen::Piece(xfen::PieceType::queen, xfen::Color::black));
  altered.castling.mode = xfen::CastlingMode::modern;
  BOOST_TEST_REQUIRE((altered == plain));
  BOOST_TEST(xfen::hash_value(altered) == xfen::hash_value(plain));
}

BOOST_AUTO_TEST_CASE(distinct_positions_hash_apart) {
  std::set<std::size_t> hashes;
  for (const std::string_view record : kDistinct) hashes.insert(xfen::hash_value(read(record)));
  BOOST_TEST(hashes.size() == std::size(kDistinct));
  // Every start position: 48,960 values, no collision expected in 64 bits.
  for (int number = 0; number < xfen::kChess960Starts; ++number)
    hashes.insert(xfen::hash_value(*xfen::chess960_start(number)));
  for (int number = 0; number < xfen::kCapablancaRandomStarts; ++number)
    hashes.insert(xfen::hash_value(*xfen::capablanca_random_start(number)));
  BOOST_TEST(hashes.size() == std::size(kDistinct) + 960 + 48000 - 1);  // the standard start twice
}

// Every square of the board feeds the hash: changing the piece on any one square of a start
// position (8 and 10 files) changes it.
BOOST_AUTO_TEST_CASE(every_square_reaches_the_hash) {
  for (const xfen::Position& start :
       {*xfen::chess960_start(518), *xfen::capablanca_random_start(0)}) {
    const std::size_t before = xfen::hash_value(start);
    for (int rank = 0; rank < xfen::kRanks; ++rank)
      for (int file = 0; file < start.width; ++file) {
        const xfen::Square square = xfen::make_square(file, rank);
        xfen::Position changed = start;
        changed.put(square, start.at(square).empty() ? xfen::Piece::from_letter('N') : xfen::Piece());
        BOOST_TEST(xfen::hash_value(changed) != before, "width " << int{start.width} << " square "
                                                                  << xfen::square_name(square));
      }
  }
}

// A container that picks a bucket by the low bits must not see positions that differ in a high
// bit of one field as one: the 960 starts each with fullmove numbers 1 and 1 + 2^30 differ in
// the lowest 6 bits of the hash nearly always (without the final mixing, never).
BOOST_AUTO_TEST_CASE(a_high_bit_reaches_the_low_bits) {
  int apart = 0;
  for (int number = 0; number < xfen::kChess960Starts; ++number) {
    xfen::Position start = *xfen::chess960_start(number);
    const std::size_t before = xfen::hash_value(start);
    start.fullmove_number += std::uint32_t{1} << 30;
    if ((before & 63) != (xfen::hash_value(start) & 63)) ++apart;
  }
  BOOST_TEST(apart > 900);  // 960 * 63/64 = 945 expected
}

BOOST_AUTO_TEST_CASE(positions_key_an_unordered_set) {
  std::unordered_set<xfen::Position> set;
  for (const auto& [a, b, profile_b] : kEqual) {
    set.insert(read(a));
    set.insert(read(b, profile_b));
  }
  // kEqual holds 10 pairs of 8 distinct positions (the standard start three times).
  BOOST_TEST(set.size() == 8u);
  BOOST_TEST(set.contains(xfen::standard_start()));
  BOOST_TEST(set.contains(read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1")));
  BOOST_TEST(!set.contains(read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")));
}
