// Square names (square_name.hpp): every square of the 10×8 board has its name and reads back
// from it; names of other lengths, cases, files beyond the width and ranks beyond 8 read as
// nothing; squares off the board have no name (SPEC R14.4).
#define BOOST_TEST_MODULE square_name_test
#include <boost/test/unit_test.hpp>

#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "xfen/square_name.hpp"

namespace {

std::string expected_name(int file, int rank) {
  return {static_cast<char>('a' + file), static_cast<char>('1' + rank)};
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_square_has_its_name_and_reads_back) {
  std::set<std::string_view> names;
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < xfen::kMaxFiles; ++file) {
      const xfen::Square square = xfen::make_square(file, rank);
      const std::string_view name = xfen::square_name(square);
      BOOST_TEST(name == expected_name(file, rank));
      names.insert(name);
      BOOST_TEST((xfen::square_from_name(name) == std::optional<xfen::Square>(square)), name);
      const bool on_8_files = file < 8;
      BOOST_TEST(xfen::square_from_name(name, 8).has_value() == on_8_files, name);
    }
  BOOST_TEST(names.size() == 80u);
  BOOST_TEST(xfen::square_name(xfen::make_square(0, 0)) == "a1");
  BOOST_TEST(xfen::square_name(xfen::make_square(9, 7)) == "j8");
}

BOOST_AUTO_TEST_CASE(a_name_is_a_view_into_static_storage) {
  const std::string_view first = xfen::square_name(xfen::make_square(4, 3));
  const std::string_view again = xfen::square_name(xfen::make_square(4, 3));
  BOOST_TEST(static_cast<const void*>(first.data()) == static_cast<const void*>(again.data()));
}

BOOST_AUTO_TEST_CASE(squares_off_the_board_have_no_name) {
  for (const xfen::Square square : {xfen::Square{}, xfen::make_square(10, 0),
                                    xfen::make_square(0, 8), xfen::make_square(-1, 3),
                                    xfen::make_square(3, -1), xfen::make_square(127, 127)})
    BOOST_TEST(xfen::square_name(square).empty());
}

BOOST_AUTO_TEST_CASE(only_exact_names_read) {
  for (const std::string_view name :
       {"", "a", "e", "4", "a0", "a9", "e10", "k1", "z8", "A1", "E4", " e4", "e4 ", "e4\n", "4e",
        "ee", "44", "-", "`1", "a:", "e4e4"})
    BOOST_TEST(!xfen::square_from_name(name).has_value(), '"' << name << '"');
  // Bytes far below 'a' or '1' must not wrap onto the board.
  for (int byte = 0; byte < 256; ++byte) {
    const char c = static_cast<char>(byte);
    const bool file_ok = c >= 'a' && c <= 'j';
    const bool rank_ok = c >= '1' && c <= '8';
    BOOST_TEST(xfen::square_from_name(std::string{c, '1'}).has_value() == file_ok, byte);
    BOOST_TEST(xfen::square_from_name(std::string{'a', c}).has_value() == rank_ok, byte);
  }
  // A NUL inside the view is a byte like any other.
  BOOST_TEST(!xfen::square_from_name(std::string_view("a\0", 2)).has_value());
}

BOOST_AUTO_TEST_CASE(the_width_bounds_the_files) {
  BOOST_TEST(xfen::square_from_name("h1", 8).has_value());
  BOOST_TEST(!xfen::square_from_name("i1", 8).has_value());
  BOOST_TEST(xfen::square_from_name("j8", 10).has_value());
  BOOST_TEST(xfen::square_from_name("j8").has_value());  // 10 files unless told otherwise
  // A width beyond the 10×8 board gives no eleventh file.
  BOOST_TEST(!xfen::square_from_name("k1", 26).has_value());
  BOOST_TEST(!xfen::square_from_name("a1", 0).has_value());
}
