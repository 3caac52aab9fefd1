// Printing (ostream.hpp): squares by name, pieces by letter, colours by name, positions as their
// canonical record or as something no reader takes for one, diagnostics by code, field and
// offset (SPEC R14.5).
#define BOOST_TEST_MODULE ostream_test
#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>
#include <string_view>

#include "xfen/ostream.hpp"
#include "xfen/xfen.hpp"

namespace {

template <class T>
std::string printed(const T& value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

xfen::Position read(std::string_view record) {
  const xfen::ParseResult result = xfen::parse(record);
  BOOST_TEST_REQUIRE(result.ok(), record);
  return result.position;
}

}  // namespace

BOOST_AUTO_TEST_CASE(squares_print_their_names) {
  BOOST_TEST(printed(xfen::make_square(4, 3)) == "e4");
  BOOST_TEST(printed(xfen::make_square(0, 0)) == "a1");
  BOOST_TEST(printed(xfen::make_square(9, 7)) == "j8");
  BOOST_TEST(printed(xfen::Square{}) == "-");
  BOOST_TEST(printed(xfen::make_square(10, 0)) == "-");
  BOOST_TEST(printed(xfen::make_square(0, 8)) == "-");
}

BOOST_AUTO_TEST_CASE(pieces_print_their_letters) {
  for (const char letter : std::string_view("KQRBNPACkqrbnpac"))
    BOOST_TEST(printed(xfen::Piece::from_letter(letter)) == std::string(1, letter));
  BOOST_TEST(printed(xfen::Piece()) == ".");
}

BOOST_AUTO_TEST_CASE(colours_print_their_names) {
  BOOST_TEST(printed(xfen::Color::white) == "white");
  BOOST_TEST(printed(xfen::Color::black) == "black");
}

BOOST_AUTO_TEST_CASE(positions_print_their_canonical_record) {
  BOOST_TEST(printed(read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1")) ==
             "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  BOOST_TEST(printed(read("1r2k1rr/pp3ppp/8/3pP3/8/8/PPP2PPP/RR2K1R1 w BGbg d6 0 12")) ==
             "1r2k1rr/pp3ppp/8/3pP3/8/8/PPP2PPP/RR2K1R1 w KBgq d6 0 12");
  BOOST_TEST(printed(xfen::capablanca_start()) ==
             "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1");
}

BOOST_AUTO_TEST_CASE(a_position_the_writer_refuses_prints_as_no_record) {
  xfen::Position position = xfen::standard_start();
  position.put(xfen::make_square(7, 0), xfen::Piece());  // the h1 rook of a K right is gone
  BOOST_TEST(printed(position) == "<invalid position: castling.no-rook>");
  // Nothing around it either: the stream goes on after it.
  std::ostringstream out;
  out << position << '|' << xfen::make_square(7, 0);
  BOOST_TEST(out.str() == "<invalid position: castling.no-rook>|h1");
}

BOOST_AUTO_TEST_CASE(diagnostics_print_code_field_and_offset) {
  const xfen::ParseResult error = xfen::parse("4k3/8/8/8/8/8/8/4K3 w K - 0 1");
  BOOST_TEST_REQUIRE(!error.ok());
  BOOST_TEST(printed(error.error) == "error[castling.no-rook] castling at byte 22");
  const xfen::ParseResult lenient =
      xfen::parse("4k3/8/8/8/8/8/8/4K3 w - -", {.profile = xfen::Profile::lenient});
  BOOST_TEST_REQUIRE(lenient.ok());
  BOOST_TEST_REQUIRE(!lenient.warnings.empty());
  BOOST_TEST(printed(lenient.warnings[0]) == "warning[record.missing-field] record at byte 25");
  BOOST_TEST(printed(xfen::Diagnostic{}) == "ok");
}
