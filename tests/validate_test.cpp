// validate(): a position built by hand is held to what reading holds a record to, with reading's
// codes; every position reading returns is valid; the writer refuses exactly what validate
// refuses (write_test's reference pins each refusal's details).
#define BOOST_TEST_MODULE validate
#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "xfen/xfen.hpp"

namespace {

using xfen::CastlingSide;
using xfen::Color;
using xfen::Position;

Position start() {
  return xfen::parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").position;
}

void put(Position& p, std::string_view square, char letter) {
  p.put(*xfen::square_from_name(square), xfen::Piece::from_letter(letter));
}

struct Case {
  std::string_view what;
  void (*change)(Position&);
  std::string_view code;  // "ok" for a valid position
};

// One line per rule, in the order validate checks them.
const Case kCases[] = {
    {"the start position", [](Position&) {}, "ok"},
    {"width 9", [](Position& p) { p.width = 9; }, "board.width"},
    {"width 10 with the pieces of an 8-file board", [](Position& p) { p.width = 10; }, "ok"},
    {"a queen on i3 of an 8-file board", [](Position& p) { put(p, "i3", 'Q'); }, "board.off-board"},
    {"a prefix without a right",
     [](Position& p) {
       p.castling = {};
       p.castling.mode = xfen::CastlingMode::modern;
     },
     "castling.empty-prefix"},
    {"a prefix with rights", [](Position& p) { p.castling.mode = xfen::CastlingMode::symmetric; },
     "ok"},
    {"a right on file j of an 8-file board",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::h_side, 9); },
     "castling.file-off-board"},
    {"a right without its king", [](Position& p) { put(p, "e8", '\0'); }, "castling.no-king"},
    {"a right with two kings on the back rank", [](Position& p) { put(p, "d1", 'K'); },
     "castling.no-king"},
    {"a right with no rook: h1 empty", [](Position& p) { put(p, "h1", '\0'); }, "castling.no-rook"},
    {"a right whose rook is black", [](Position& p) { put(p, "a1", 'r'); }, "castling.no-rook"},
    {"an h-side right naming the a1 rook",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::h_side, 0); },
     "castling.no-rook"},
    {"an inner rook's right (a Shredder right)",
     [](Position& p) {
       put(p, "g1", 'R');
       p.castling.set(Color::white, CastlingSide::h_side, 6);
     },
     "ok"},
    {"en passant on the pawn's own square d5",
     [](Position& p) {
       put(p, "d7", '\0');
       put(p, "d5", 'p');
       p.en_passant = xfen::make_square(3, 4);
     },
     "en-passant.wrong-rank"},
    {"en passant d6 after d7-d5, no capturer",
     [](Position& p) {
       put(p, "d7", '\0');
       put(p, "d5", 'p');
       p.en_passant = xfen::make_square(3, 5);
     },
     "ok"},
    {"en passant on rank 9", [](Position& p) { p.en_passant = xfen::make_square(3, 8); },
     "en-passant.wrong-rank"},
    {"en passant off the board", [](Position& p) { p.en_passant = xfen::make_square(8, 5); },
     "en-passant.off-board"},
    {"en passant without the pushed pawn",
     [](Position& p) { p.en_passant = xfen::make_square(3, 5); }, "en-passant.no-pawn"},
    {"en passant with the square occupied",
     [](Position& p) {
       put(p, "d5", 'p');
       p.en_passant = xfen::make_square(3, 5);
     },
     "en-passant.occupied"},
    {"halfmove clock 2^31", [](Position& p) { p.halfmove_clock = 2147483648u; }, "halfmove.range"},
    {"fullmove number 0", [](Position& p) { p.fullmove_number = 0; }, "fullmove.range"},
    {"fullmove number 2^31-1", [](Position& p) { p.fullmove_number = 2147483647u; }, "ok"},
    // Legality is not validity: no kings at all, and no rights, is a valid position.
    {"no kings, no rights",
     [](Position& p) {
       p.castling = {};
       put(p, "e1", '\0');
       put(p, "e8", '\0');
     },
     "ok"},
    // The board comes first, then castling, then en passant, then the counters.
    {"off-board piece and bad counter",
     [](Position& p) {
       put(p, "j1", 'N');
       p.fullmove_number = 0;
     },
     "board.off-board"},
    {"bad right and bad en passant",
     [](Position& p) {
       put(p, "h8", '\0');
       p.en_passant = xfen::make_square(0, 0);
     },
     "castling.no-rook"},
};

}  // namespace

BOOST_AUTO_TEST_CASE(each_rule_with_reading_codes) {
  for (const Case& c : kCases) {
    BOOST_TEST_CONTEXT(c.what) {
      Position p = start();
      c.change(p);
      const xfen::ValidationResult valid = xfen::validate(p);
      BOOST_TEST(xfen::code_name(valid.error.code) == c.code);
      BOOST_TEST(valid.ok() == (c.code == "ok"));
      BOOST_TEST((valid.error.severity == xfen::Severity::error));
      // The writer refuses what validate refuses, with the same diagnostic, in every style.
      const xfen::StringResult written = xfen::to_string(p, {xfen::CastlingStyle::shredder});
      BOOST_TEST(xfen::code_name(written.error.code) == c.code);
      if (valid.ok()) {
        // ... and what it accepts reads back as the same position.
        const xfen::ParseResult read = xfen::parse(written.text);
        BOOST_TEST_REQUIRE(read.ok(), written.text);
        BOOST_TEST((read.position == p), written.text);
      }
    }
  }
}

// Every position reading returns is valid: the bundled corpus, strict and lenient.
BOOST_AUTO_TEST_CASE(every_position_read_is_valid) {
  std::ifstream corpus(std::filesystem::path(XFEN_SOURCE_DIR) / "corpus/positions/mixed.xfen");
  std::string line;
  std::size_t read = 0;
  while (std::getline(corpus, line)) {
    if (line.empty() || line.front() == '#') continue;
    for (const auto profile : {xfen::Profile::strict, xfen::Profile::lenient}) {
      const xfen::ParseResult result = xfen::parse(line, {.profile = profile});
      if (!result) continue;
      ++read;
      const xfen::ValidationResult valid = xfen::validate(result.position);
      BOOST_TEST_REQUIRE(valid.ok(), line << ": " << xfen::message(valid.error));
    }
  }
  BOOST_TEST(read > 10000u);
}

// A piece alone on any square of files i and j of an 8-file board: the check of those two files
// reads each rank's pair at once, and must read exactly that pair. File a is emptied (and the
// rights its rooks held go), so that a check one file over, which would read the next rank's
// first square with file j, finds nothing there to give the piece away.
BOOST_AUTO_TEST_CASE(a_piece_on_any_square_past_an_8_file_board) {
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (const int file : {8, 9}) {
      Position p = start();
      p.castling = {};
      for (int other = 0; other < xfen::kRanks; ++other)
        put(p, std::string("a") + static_cast<char>('1' + other), '\0');
      const xfen::Square square = xfen::make_square(file, rank);
      p.board[square.index()] = xfen::Piece::from_letter('N');
      const xfen::ValidationResult valid = xfen::validate(p);
      BOOST_TEST_CONTEXT(square.file_letter() << square.rank_digit()) {
        BOOST_TEST(xfen::code_name(valid.error.code) == "board.off-board");
        BOOST_TEST((valid.error.square == square));
      }
    }
}

// A wrong en passant square, also one off the board, is quoted as a record would spell it, as far
// as one character can: a rank past 9, or before 1, and a file past z, or before a, have no such
// character and are quoted '?'.
BOOST_AUTO_TEST_CASE(a_wrong_en_passant_square_is_quoted_as_far_as_it_can_be) {
  const struct {
    int file, rank;
    std::string_view quoted;
  } squares[] = {{3, 0, "d1"},  {3, 8, "d9"},  {3, 9, "d?"}, {3, -1, "d?"},
                 {0, 2, "a3"},  {25, 5, "z6"}, {26, 5, "?6"}, {-1, 5, "?6"}};
  for (const auto& square : squares) {
    Position p = start();
    p.en_passant = xfen::make_square(square.file, square.rank);
    const xfen::ValidationResult valid = xfen::validate(p);
    BOOST_TEST_CONTEXT(square.quoted) {
      BOOST_TEST(!valid.ok());
      BOOST_TEST(valid.error.value_text() == square.quoted);
    }
  }
}
