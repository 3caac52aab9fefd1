// Every Chess960 start position and a deterministic sample of Capablanca Random Chess start
// positions read strictly, write back unchanged with `KQkq` (SPEC R4.2, R7.3, R7.6), write the
// rooks' files in the Shredder dialect (R8.1), and the Shredder record reads as the same position.
#define BOOST_TEST_MODULE start_positions_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "generate/start_arrays.hpp"
#include "xfen/xfen.hpp"

namespace {

using xfen::generate::Array10;
using xfen::generate::Array8;
using xfen::generate::capablanca_array;
using xfen::generate::chess960_array;
using xfen::generate::kCapablancaArrangements;

char lower(char c) { return static_cast<char>(c - 'A' + 'a'); }

template <std::size_t W>
std::string back_rank(const std::array<char, W>& a, bool black) {
  std::string s;
  for (const char c : a) s += black ? lower(c) : c;
  return s;
}

template <std::size_t W>
std::string start_record(const std::array<char, W>& a, std::string_view castling) {
  const std::string pawns(W, 'p');
  const std::string empty = std::to_string(W);
  std::string record = back_rank(a, true) + '/' + pawns + '/';
  for (int i = 0; i < 4; ++i) record += empty + '/';
  for (const char c : pawns) record += static_cast<char>(c - 'a' + 'A');
  record += '/' + back_rank(a, false) + " w " + std::string(castling) + " - 0 1";
  return record;
}

template <std::size_t W>
int file_of(const std::array<char, W>& a, char piece, bool last) {
  int found = -1;
  for (std::size_t i = 0; i < W; ++i) {
    if (a[i] == piece) {
      found = static_cast<int>(i);
      if (!last) break;
    }
  }
  return found;
}

template <std::size_t W>
void check_array(const std::array<char, W>& a) {
  // Shape of the arrangement itself.
  BOOST_TEST(std::count(a.begin(), a.end(), 'B') == 2);
  BOOST_TEST(std::count(a.begin(), a.end(), 'R') == 2);
  BOOST_TEST(std::count(a.begin(), a.end(), 'N') == 2);
  BOOST_TEST(std::count(a.begin(), a.end(), 'K') == 1);
  BOOST_TEST(std::count(a.begin(), a.end(), 'Q') == 1);
  const int bishop_a = file_of(a, 'B', false);
  const int bishop_b = file_of(a, 'B', true);
  BOOST_TEST((bishop_a + bishop_b) % 2 == 1);  // opposite colours
  const int king = file_of(a, 'K', false);
  const int rook_a = file_of(a, 'R', false);
  const int rook_h = file_of(a, 'R', true);
  BOOST_TEST(rook_a < king);
  BOOST_TEST(king < rook_h);

  const std::string record = start_record(a, "KQkq");
  const auto parsed = xfen::parse(record);
  BOOST_TEST_REQUIRE(parsed.ok(), record << ": " << xfen::code_name(parsed.error.code));
  BOOST_TEST(parsed.warnings.empty());
  const xfen::Position& p = parsed.position;
  BOOST_TEST(p.width == W);

  // Canonical writing gives the record back (R7.3: outermost rooks are K/Q).
  const auto canonical = xfen::to_string(p);
  BOOST_TEST(canonical.ok());
  BOOST_TEST(canonical.text == record);
  const auto classic = xfen::to_string(p, {xfen::CastlingStyle::classic});
  BOOST_TEST(classic.ok());
  BOOST_TEST(classic.text == record);

  // The rights are the outermost rooks, which are the two rooks.
  for (const xfen::Color color : {xfen::Color::white, xfen::Color::black}) {
    BOOST_TEST((xfen::castling_king_file(p, color) == std::optional<int>(king)));
    BOOST_TEST((xfen::outermost_rook_file(p, color, xfen::CastlingSide::h_side) ==
                std::optional<int>(rook_h)));
    BOOST_TEST((xfen::outermost_rook_file(p, color, xfen::CastlingSide::a_side) ==
                std::optional<int>(rook_a)));
    BOOST_TEST((p.castling.rook_file(color, xfen::CastlingSide::h_side) ==
                std::optional<int>(rook_h)));
    BOOST_TEST((p.castling.rook_file(color, xfen::CastlingSide::a_side) ==
                std::optional<int>(rook_a)));
  }
  BOOST_TEST((p.castling.mode == xfen::CastlingMode::standard));

  // Shredder dialect: the rooks' file letters, White's h-side, a-side, then Black's.
  const char h = static_cast<char>('A' + rook_h);
  const char a_side = static_cast<char>('A' + rook_a);
  const std::string shredder_rights{h, a_side, lower(h), lower(a_side)};
  const std::string shredder_record = start_record(a, shredder_rights);
  const auto shredder = xfen::to_string(p, {xfen::CastlingStyle::shredder});
  BOOST_TEST(shredder.ok());
  BOOST_TEST(shredder.text == shredder_record);

  // ... and reading it gives the same position, which writes the canonical record.
  const auto reparsed = xfen::parse(shredder_record);
  BOOST_TEST_REQUIRE(reparsed.ok(), shredder_record);
  BOOST_TEST((reparsed.position == p));
  BOOST_TEST(xfen::to_string(reparsed.position).text == record);

  // Mixed spellings name the same rooks too.
  const std::string mixed_rights{'K', a_side, lower(h), 'q'};
  const auto mixed = xfen::parse(start_record(a, mixed_rights));
  BOOST_TEST_REQUIRE(mixed.ok());
  BOOST_TEST((mixed.position == p));
}

}  // namespace

BOOST_AUTO_TEST_CASE(chess960_numbering) {
  BOOST_TEST(back_rank(chess960_array(518), false) == "RNBQKBNR");
  BOOST_TEST(back_rank(chess960_array(0), false) == "BBQNNRKR");
  BOOST_TEST(back_rank(chess960_array(959), false) == "RKRNNQBB");
  std::set<Array8> distinct;
  for (int sp = 0; sp < 960; ++sp) distinct.insert(chess960_array(sp));
  BOOST_TEST(distinct.size() == 960u);
}

BOOST_AUTO_TEST_CASE(sp518_shredder_is_HAha) {
  const auto parsed = xfen::parse(start_record(chess960_array(518), "KQkq"));
  BOOST_TEST_REQUIRE(parsed.ok());
  BOOST_TEST(xfen::to_string(parsed.position, {xfen::CastlingStyle::shredder}).text ==
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  const auto shredder = xfen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  BOOST_TEST_REQUIRE(shredder.ok());
  BOOST_TEST((shredder.position == parsed.position));
}

BOOST_AUTO_TEST_CASE(all_960_chess960_start_positions) {
  for (int sp = 0; sp < 960; ++sp) {
    BOOST_TEST_CONTEXT("SP " << sp) { check_array(chess960_array(sp)); }
  }
}

BOOST_AUTO_TEST_CASE(capablanca_numbering) {
  std::set<Array10> distinct;
  for (int i = 0; i < kCapablancaArrangements; ++i) distinct.insert(capablanca_array(i));
  BOOST_TEST(distinct.size() == static_cast<std::size_t>(kCapablancaArrangements));
}

BOOST_AUTO_TEST_CASE(capablanca_random_start_positions) {
  // 500 arrangements spread over all 84000 with a fixed stride coprime to 84000, so they are
  // distinct and the same on every run; plus Capablanca's own arrangement.
  constexpr int kSample = 500;
  constexpr int kStride = 16127;  // prime, does not divide 84000
  std::set<Array10> seen;
  for (int k = 0; k < kSample; ++k) {
    const int index = static_cast<int>((static_cast<long long>(k) * kStride + 4321) %
                                       kCapablancaArrangements);
    const Array10 a = capablanca_array(index);
    seen.insert(a);
    BOOST_TEST_CONTEXT("CRC arrangement " << index << " " << back_rank(a, false)) {
      check_array(a);
    }
  }
  BOOST_TEST(seen.size() == static_cast<std::size_t>(kSample));
  const Array10 capablanca{'R', 'N', 'A', 'B', 'Q', 'K', 'B', 'C', 'N', 'R'};
  check_array(capablanca);
  BOOST_TEST(xfen::to_string(xfen::parse(start_record(capablanca, "KQkq")).position,
                             {xfen::CastlingStyle::shredder})
                 .text == "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1");
}
