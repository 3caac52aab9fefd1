// The rules lint applies to a game's start (SPEC R13.6): which Chess960 start array a board is
// (xfen::chess960_number, Scharnagl's numbering, checked against the generators' independent
// construction of all 960 arrays), and which family each Variant tag value names.
#define BOOST_TEST_MODULE pgn_start_rules_test
#include <boost/test/unit_test.hpp>

#include <string>
#include <string_view>

#include "generate/start_arrays.hpp"
#include "pgn/variant.hpp"
#include "xfen/xfen.hpp"

namespace {

xfen::Position read(const std::string& record) {
  const xfen::ParseResult result = xfen::parse(record);
  BOOST_TEST_REQUIRE(result.ok(), record);
  return result.position;
}

std::string start_record(const xfen::generate::Array8& array) {
  std::string white(array.begin(), array.end());
  std::string black;
  for (const char c : white) black += static_cast<char>(c - 'A' + 'a');
  return black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1";
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_chess960_array_has_its_number) {
  for (int number = 0; number < 960; ++number) {
    const std::string record = start_record(xfen::generate::chess960_array(number));
    BOOST_TEST(xfen::chess960_number(read(record)).value_or(-1) == number, record);
  }
}

BOOST_AUTO_TEST_CASE(the_standard_array_is_518) {
  BOOST_TEST(*xfen::chess960_number(
                 read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")) == 518);
}

BOOST_AUTO_TEST_CASE(boards_that_are_no_chess960_start_have_no_number) {
  for (const std::string_view record : {
           // bishops on squares of one colour
           "rnbqkrbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKRBN w - - 0 1",
           // the king not between the rooks
           "rrbqkbnn/pppppppp/8/8/8/8/PPPPPPPP/RRBQKBNN w - - 0 1",
           // a pawn has moved
           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
           // Black does not mirror White
           "rnbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
           // two queens, one knight
           "rqbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBQKBNR w - - 0 1",
           // a piece in the middle
           "rnbqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           // 10 files
           "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
       })
    BOOST_TEST(!xfen::chess960_number(read(std::string(record))).has_value(), record);
}

BOOST_AUTO_TEST_CASE(variant_names_and_their_families) {
  using xfen::pgn::VariantFamily;
  struct Named {
    std::string_view value;
    VariantFamily family;
  };
  for (const auto& [value, family] : {
           Named{"", VariantFamily::standard},
           Named{"Standard", VariantFamily::standard},
           Named{"From Position", VariantFamily::standard},
           Named{"Chess960", VariantFamily::chess960},
           Named{"chess 960", VariantFamily::chess960},
           Named{"Fischerandom", VariantFamily::chess960},
           Named{"FischeRandom", VariantFamily::chess960},
           Named{"fischer-random", VariantFamily::chess960},
           Named{"FRC", VariantFamily::chess960},
           Named{"960", VariantFamily::chess960},
           Named{"Capablanca", VariantFamily::capablanca},
           Named{"Capablanca Random", VariantFamily::capablanca},
           Named{"Capablanca Random Chess", VariantFamily::capablanca},
           Named{"CRC", VariantFamily::capablanca},
           Named{"caparandom", VariantFamily::capablanca},
           Named{"Gothic", VariantFamily::capablanca},
           Named{"Crazyhouse", VariantFamily::other},
           Named{"Chess961", VariantFamily::other},
           Named{"Capablanca Random Chess but far too long a name", VariantFamily::other},
       })
    BOOST_TEST((xfen::pgn::variant_family(value) == family), value);
  BOOST_TEST(*xfen::pgn::required_width(VariantFamily::chess960) == 8);
  BOOST_TEST(*xfen::pgn::required_width(VariantFamily::capablanca) == 10);
  BOOST_TEST(!xfen::pgn::required_width(VariantFamily::other).has_value());
}
