// PositionBuilder: a position stated in code is read as the record it stands for, so it is held
// to exactly reading's rules and codes; the record and the sentence explain a failure.
#define BOOST_TEST_MODULE position_builder
#include <boost/test/unit_test.hpp>

#include <string>

#include "xfen/xfen.hpp"

using namespace xfen::literals;

namespace {

xfen::PositionBuilder start_board() {
  xfen::PositionBuilder builder;
  const std::string_view back = "RNBQKBNR";
  for (int file = 0; file < 8; ++file) {
    const char piece = back[static_cast<std::size_t>(file)];
    builder.put(piece, xfen::make_square(file, 0))
        .put('P', xfen::make_square(file, 1))
        .put('p', xfen::make_square(file, 6))
        .put(static_cast<char>(piece - 'A' + 'a'), xfen::make_square(file, 7));
  }
  return builder;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_start_position) {
  const xfen::BuildResult built = start_board().castling("KQkq").build();
  BOOST_TEST_REQUIRE(built.ok(), xfen::message(built.error, built.record()));
  BOOST_TEST((built.position == xfen::standard_start()));
  BOOST_TEST(built.record() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

BOOST_AUTO_TEST_CASE(every_field) {
  const xfen::BuildResult built = xfen::PositionBuilder(10)
                                      .put('K', "f1"_sq)
                                      .put('R', "j1"_sq)
                                      .put('k', "f8"_sq)
                                      .put('P', "e4"_sq)
                                      .put('p', "d4"_sq)
                                      .put('C', "a5"_sq)
                                      .castling("J")
                                      .side_to_move(xfen::Color::black)
                                      .en_passant("e3"_sq)
                                      .clocks(0, 42)
                                      .build();
  BOOST_TEST_REQUIRE(built.ok(), xfen::message(built.error, built.record()));
  BOOST_TEST(xfen::to_string(built.position).text == "5k4/10/10/C9/3pP5/10/10/5K3R b K e3 0 42");
  BOOST_TEST(built.position.castling.rook_file(xfen::Color::white, xfen::CastlingSide::h_side).value_or(-1) == 9);
}

// Mistakes get reading's codes, with a sentence that names them.
BOOST_AUTO_TEST_CASE(mistakes_are_reading_errors) {
  const auto sentence = [](const xfen::BuildResult& built) {
    return std::string(xfen::code_name(built.error.code)) + ": " +
           xfen::message(built.error, built.record());
  };
  BOOST_TEST(sentence(xfen::PositionBuilder().put('x', "e1"_sq).build()) ==
             "board.bad-char: 'x' is not a piece letter (KQRBNPAC, kqrbnpac), an empty-square "
             "count or '/'");
  BOOST_TEST(sentence(xfen::PositionBuilder().put('Q', "i3"_sq).build()) ==
             "board.off-board: 'Q' on i3 stands beyond the last file of this 8-file board");
  BOOST_TEST(sentence(xfen::PositionBuilder().put('K', "e1"_sq).castling("K").build()) ==
             "castling.no-rook: castling token 'K' names no rook: no white rook stands on the "
             "h-side of the king on e1");
  BOOST_TEST(sentence(xfen::PositionBuilder().put('K', "e1"_sq).castling("KQkqK").build()) ==
             "castling.no-rook: castling token 'K' names no rook: no white rook stands on the "
             "h-side of the king on e1");
  BOOST_TEST(sentence(xfen::PositionBuilder().castling("KQkqKQ").build()) ==
             "castling.bad-char: 'KQkqKQ' cannot stand here in the castling field: it is '-' "
             "alone, or an optional prefix 's' or 'm' followed by tokens K, Q, k, q or file "
             "letters");
  BOOST_TEST(sentence(xfen::PositionBuilder().en_passant("d5"_sq).build()) ==
             "en-passant.wrong-rank: en passant square 'd5' must be on rank 6 with White to move");
  BOOST_TEST(sentence(xfen::PositionBuilder().clocks(0, 0).build()) ==
             "fullmove.range: fullmove number '0' is outside 1..2147483647");
  BOOST_TEST(sentence(xfen::PositionBuilder(9).build()) ==
             "board.width: rank 8 is 9 squares wide; a board has 8 or 10 files");
  // A mistake in a field is reading's, so the record read comes with it; a mistake in a call
  // comes before any record.
  const xfen::BuildResult no_fullmove = xfen::PositionBuilder().clocks(7, 0).build();
  BOOST_TEST(no_fullmove.record() == "8/8/8/8/8/8/8/8 w - - 7 0");
  BOOST_TEST(no_fullmove.error.offset == 24u);
  BOOST_TEST(xfen::PositionBuilder().put('x', "a1"_sq).build().record().empty());
  // The first mistake is reported, not a later one.
  BOOST_TEST(sentence(xfen::PositionBuilder().put('x', "a1"_sq).put('Q', "j1"_sq).build())
                 .starts_with("board.bad-char"));
}

// The literal names the 10×8 grid; a name outside it does not compile (not testable here
// without a try-compile: tests/api/ has one).
BOOST_AUTO_TEST_CASE(square_literals) {
  static_assert("a1"_sq == xfen::make_square(0, 0));
  static_assert("j8"_sq == xfen::make_square(9, 7));
  BOOST_TEST(xfen::square_name("e4"_sq) == "e4");
}
