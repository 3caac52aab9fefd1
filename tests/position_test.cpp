// Position value semantics: equality as "writes the same canonical record" (SPEC R7.6), piece
// letters (R2.2), and the king and outermost rooks castling rights refer to (R4.2).
#define BOOST_TEST_MODULE position_test
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "xfen/xfen.hpp"
#include "seeded_random.hpp"

namespace {

using xfen::CastlingSide;
using xfen::Color;
using xfen::Piece;
using xfen::PieceType;
using xfen::Position;

Position read(std::string_view record, xfen::Profile profile = xfen::Profile::strict) {
  const auto result = xfen::parse(record, {profile});
  BOOST_TEST_REQUIRE(result.ok(), record << ": " << xfen::code_name(result.error.code) << " at "
                                         << result.error.offset);
  return result.position;
}

std::string canonical(const Position& p) { return xfen::to_string(p).text; }

struct EqualityCase {
  std::string_view a;
  std::string_view b;
  bool equal;
  xfen::Profile profile_b = xfen::Profile::strict;
};

// One line per case: two records and whether their positions compare equal.
constexpr EqualityCase kEquality[] = {
    // the en passant square counts only as X-FEN writes it (R7.4)
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", true},
    {"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false},
    {"rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 1",
     "rnbqkbnr/pppppppp/8/8/P7/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1", true},
    {"rnbqkbnr/pppppppp/8/8/P6p/8/1PPPPPPP/RNBQKBNR b KQkq a3 0 1",  // h4 is not beside a4
     "rnbqkbnr/pppppppp/8/8/P6p/8/1PPPPPPP/RNBQKBNR b KQkq - 0 1", true},
    {"4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",  // capture illegal, still written
     "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 1", false},
    {"rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq e3 0 1",
     "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1", true},
    {"rnabqkbcnr/pppppppppp/10/10/9P/10/PPPPPPPPP1/RNABQKBCNR b KQkq j3 0 1",
     "rnabqkbcnr/pppppppppp/10/10/9P/10/PPPPPPPPP1/RNABQKBCNR b KQkq - 0 1", true},
    {"rnabqkbcnr/pppppppppp/10/10/8pP/10/PPPPPPPPP1/RNABQKBCNR b KQkq j3 0 1",
     "rnabqkbcnr/pppppppppp/10/10/8pP/10/PPPPPPPPP1/RNABQKBCNR b KQkq - 0 1", false},
    // castling rights are rooks, not spellings
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", true},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkAH - 0 1", true},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w H - 0 1", true},
    {"1r2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1",  //
     "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgq - 0 1", true},
    {"1r2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1",  //
     "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w QGbg - 0 1", false},
    {"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
     "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1", true},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", false},
    // the prefix counts when there are rights
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w mKQkq - 0 1", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sHAha - 0 1", true},
    // board, side, counters
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 1 1", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w - - 0 1", false},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNr w - - 0 1", false},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k5/10/10/10/10/10/10/4K5 w - - 0 1", false},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 2147483647 1", false},
    {"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
     "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCRN w KQkq - 0 1", false},
    // lenient reading of the same position
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "  rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 0 1\r\n", true,
     xfen::Profile::lenient},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", true, xfen::Profile::lenient},
    {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w - - 0 1",  // every token dropped: no prefix
     "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w sKk - 0 1", true, xfen::Profile::lenient},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 0", true, xfen::Profile::lenient},
};

}  // namespace

BOOST_AUTO_TEST_CASE(equality_is_same_canonical_record) {
  for (const EqualityCase& c : kEquality) {
    BOOST_TEST_CONTEXT(c.a << " vs " << c.b) {
      const Position a = read(c.a);
      const Position b = read(c.b, c.profile_b);
      BOOST_TEST((a == b) == c.equal);
      BOOST_TEST((b == a) == c.equal);
      BOOST_TEST((a != b) == !c.equal);
      BOOST_TEST((a == a));
      BOOST_TEST((b == b));
      // R7.6: equal exactly when the canonical records are the same bytes.
      BOOST_TEST((canonical(a) == canonical(b)) == c.equal);
    }
  }
}

BOOST_AUTO_TEST_CASE(hand_built_equality) {
  const Position start = read("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");

  // A prefix counts with a right (without one the position is invalid: validate_test).
  for (const auto mode : {xfen::CastlingMode::symmetric, xfen::CastlingMode::modern}) {
    Position with_right = start;
    with_right.castling.set(Color::white, CastlingSide::h_side, 7);
    Position prefixed_right = with_right;
    prefixed_right.castling.mode = mode;
    BOOST_TEST(!(prefixed_right == with_right));
  }

  // An en passant square set by hand with no capturer equals none.
  Position pushed = read("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - - 0 1");
  Position with_square = pushed;
  with_square.en_passant = xfen::make_square(4, 2);
  BOOST_TEST((with_square == pushed));

  // Rights stored per rook: setting the same rook twice is one right.
  Position one = start;
  one.castling.set(Color::black, CastlingSide::a_side, 0);
  Position other = start;
  other.castling.set(Color::black, CastlingSide::a_side, 0);
  other.castling.set(Color::black, CastlingSide::a_side, 0);
  BOOST_TEST((one == other));
  BOOST_TEST(!(one == start));
}

BOOST_AUTO_TEST_CASE(piece_letters_round_trip) {
  struct Letter {
    char letter;
    PieceType type;
    Color color;
  };
  constexpr Letter kLetters[] = {
      {'P', PieceType::pawn, Color::white},       {'N', PieceType::knight, Color::white},
      {'B', PieceType::bishop, Color::white},     {'R', PieceType::rook, Color::white},
      {'Q', PieceType::queen, Color::white},      {'K', PieceType::king, Color::white},
      {'A', PieceType::archbishop, Color::white}, {'C', PieceType::chancellor, Color::white},
      {'p', PieceType::pawn, Color::black},       {'n', PieceType::knight, Color::black},
      {'b', PieceType::bishop, Color::black},     {'r', PieceType::rook, Color::black},
      {'q', PieceType::queen, Color::black},      {'k', PieceType::king, Color::black},
      {'a', PieceType::archbishop, Color::black}, {'c', PieceType::chancellor, Color::black},
  };
  for (const Letter& l : kLetters) {
    BOOST_TEST_CONTEXT("letter " << l.letter) {
      const Piece piece = Piece::from_letter(l.letter);
      BOOST_TEST(!piece.empty());
      BOOST_TEST(piece.letter() == l.letter);
      BOOST_TEST((piece.type() == l.type));
      BOOST_TEST((piece.color() == l.color));
      BOOST_TEST(piece.is(l.type, l.color));
      BOOST_TEST((piece == Piece(l.type, l.color)));
      BOOST_TEST(Piece(l.type, l.color).letter() == l.letter);
    }
  }
  // Every other byte stands for no piece.
  const std::string_view letters = "PNBRQKACpnbrqkac";
  std::size_t rejected = 0;
  for (int byte = 0; byte < 256; ++byte) {
    const char c = static_cast<char>(byte);
    if (letters.find(c) != std::string_view::npos) continue;
    BOOST_TEST_CONTEXT("byte " << byte) {
      BOOST_TEST(Piece::from_letter(c).empty());
      BOOST_TEST((Piece::from_letter(c) == Piece()));
    }
    ++rejected;
  }
  BOOST_TEST(rejected == 240u);
  BOOST_TEST(Piece().letter() == '\0');
  BOOST_TEST(Piece(PieceType::none, Color::black).empty());
}

namespace {

constexpr int kNo = -1;

struct BackRankCase {
  std::string_view rank1;  // files a.., '.' empty
  std::string_view rank2;
  std::string_view rank7;
  std::string_view rank8;
  int white_king, white_h, white_a;
  int black_king, black_h, black_a;
};

// One line per case: ranks 1, 2, 7, 8 and the expected king and outermost rook files.
constexpr BackRankCase kBackRanks[] = {
    {"RNBQKBNR", "........", "........", "rnbqkbnr", 4, 7, 0, 4, 7, 0},
    // no king
    {"R......R", "........", "........", "r......r", kNo, kNo, kNo, kNo, kNo, kNo},
    // two kings on the back rank
    {"RK..K..R", "........", "........", "r...k..r", kNo, kNo, kNo, 4, 7, 0},
    {"R...K..R", "........", "........", "k...k..r", 4, 7, 0, kNo, kNo, kNo},
    // a king off the back rank does not count, either way
    {"R......R", "....K...", "....k...", "r......r", kNo, kNo, kNo, kNo, kNo, kNo},
    {"R...K..R", "...K....", "...k....", "r...k..r", 4, 7, 0, 4, 7, 0},
    // kings and rooks of the other colour do not count
    {"r...K..r", "........", "........", "R...k..R", 4, kNo, kNo, 4, kNo, kNo},
    {"R...k..R", "........", "........", "r...K..r", kNo, kNo, kNo, kNo, kNo, kNo},
    // one rook
    {"....K..R", "........", "........", "r...k...", 4, 7, kNo, 4, kNo, 0},
    {"K......R", "........", "........", "r......k", 0, 7, kNo, 7, kNo, 0},
    // rooks not on the back rank do not count
    {"....K...", "R......R", "r......r", "....k...", 4, kNo, kNo, 4, kNo, kNo},
    // two rooks on one side: the outermost
    {"RR..K..R", "........", "........", "1r..k.rr", 4, 7, 0, 4, 7, 1},
    {"....KRR.", "........", "........", ".rr.k...", 4, 6, kNo, 4, kNo, 1},
    // three rooks
    {"R...KR.R", "........", "........", "rrr.k...", 4, 7, 0, 4, kNo, 0},
    {"....KRRR", "........", "........", "r.r.kr..", 4, 7, kNo, 4, 5, 0},
    {"RRR.K...", "........", "........", ".kr.r.r.", 4, kNo, 0, 1, 6, kNo},
    // pieces between king and rook do not matter
    {"RN..K.BR", "........", "........", "rnbqkbnr", 4, 7, 0, 4, 7, 0},
    // 10×8
    {"RNABQKBCNR", "..........", "..........", "rnabqkbcnr", 5, 9, 0, 5, 9, 0},
    {"R..K.....R", "..........", "..........", "rr..k...rr", 3, 9, 0, 4, 9, 0},
    {"..R.R.K..R", "..........", "..........", "..k.r.r.r.", 6, 9, 2, 2, 8, kNo},
    {"R........K", "..........", "..........", "k........r", 9, kNo, 0, 0, 9, kNo},
    {"R...K....R", "....K.....", "..........", "r...k.k..r", 4, 9, 0, kNo, kNo, kNo},
};

std::optional<int> expected(int file) {
  return file == kNo ? std::nullopt : std::optional<int>(file);
}

void set_rank(Position& p, int rank, std::string_view squares) {
  for (std::size_t file = 0; file < squares.size(); ++file) {
    const char c = squares[file];
    p.put(xfen::make_square(static_cast<int>(file), rank),
          c == '.' || (c >= '0' && c <= '9') ? Piece() : Piece::from_letter(c));
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(king_and_outermost_rook_files) {
  for (const BackRankCase& c : kBackRanks) {
    BOOST_TEST_CONTEXT(c.rank8 << " / " << c.rank7 << " / " << c.rank2 << " / " << c.rank1) {
      Position p;
      p.width = static_cast<std::uint8_t>(c.rank1.size());
      set_rank(p, 0, c.rank1);
      set_rank(p, 1, c.rank2);
      set_rank(p, 6, c.rank7);
      set_rank(p, 7, c.rank8);
      BOOST_TEST((xfen::castling_king_file(p, Color::white) == expected(c.white_king)));
      BOOST_TEST((xfen::outermost_rook_file(p, Color::white, CastlingSide::h_side) ==
                  expected(c.white_h)));
      BOOST_TEST((xfen::outermost_rook_file(p, Color::white, CastlingSide::a_side) ==
                  expected(c.white_a)));
      BOOST_TEST((xfen::castling_king_file(p, Color::black) == expected(c.black_king)));
      BOOST_TEST((xfen::outermost_rook_file(p, Color::black, CastlingSide::h_side) ==
                  expected(c.black_h)));
      BOOST_TEST((xfen::outermost_rook_file(p, Color::black, CastlingSide::a_side) ==
                  expected(c.black_a)));

      // K/Q/k/q read from a record name exactly those rooks.
      for (const Color color : {Color::white, Color::black}) {
        for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
          const auto rook = xfen::outermost_rook_file(p, color, side);
          if (!rook) continue;
          Position with_right = p;
          with_right.castling.set(color, side, *rook);
          const auto written = xfen::to_string(with_right);
          BOOST_TEST_REQUIRE(written.ok(), xfen::code_name(written.error.code));
          const char token = side == CastlingSide::h_side ? 'K' : 'Q';
          const char expected_token =
              color == Color::white ? token : static_cast<char>(token - 'A' + 'a');
          BOOST_TEST(written.text.find(std::string(" w ") + expected_token + " ") !=
                     std::string::npos);
          const auto reparsed = xfen::parse(written.text);
          BOOST_TEST_REQUIRE(reparsed.ok(), written.text);
          BOOST_TEST((reparsed.position.castling.rook_file(color, side) == rook));
        }
      }
    }
  }
}

namespace {

using xfen_test::Random;

// A writable position: kings and rooks on the back ranks with rights for some of them, pieces on
// files a-h only (so that it also reads as a 10×8 board), now and then a double push.
Position random_writable(Random& random) {
  Position p;
  p.side_to_move = random.one_in(2) ? Color::white : Color::black;
  const char kLetters[] = "PNBRQACpnbrqac";
  for (int i = random.below(10); i > 0; --i)
    p.put(xfen::make_square(random.below(8), 1 + random.below(6)),
          Piece::from_letter(kLetters[random.below(14)]));
  for (const Color color : {Color::white, Color::black}) {
    const int rank = xfen::back_rank(color);
    const int king = 1 + random.below(6);
    p.put(xfen::make_square(king, rank), Piece(PieceType::king, color));
    if (random.one_in(2)) {
      p.put(xfen::make_square(0, rank), Piece(PieceType::rook, color));
      p.castling.set(color, CastlingSide::a_side, 0);
    }
    if (random.one_in(2)) {
      p.put(xfen::make_square(7, rank), Piece(PieceType::rook, color));
      p.castling.set(color, CastlingSide::h_side, 7);
    }
  }
  if (p.castling.any() && random.one_in(2))
    p.castling.mode = random.one_in(2) ? xfen::CastlingMode::symmetric : xfen::CastlingMode::modern;
  if (random.one_in(2)) {
    const bool white = p.side_to_move == Color::white;
    const int file = random.below(8);
    p.put(xfen::make_square(file, white ? 4 : 3),
          Piece(PieceType::pawn, white ? Color::black : Color::white));
    p.put(xfen::make_square(file, white ? 5 : 2), Piece());
    p.put(xfen::make_square(file, white ? 6 : 1), Piece());
    if (random.one_in(2) && file > 0)
      p.put(xfen::make_square(file - 1, white ? 4 : 3), Piece(PieceType::pawn, p.side_to_move));
    p.en_passant = xfen::make_square(file, white ? 5 : 2);
  }
  p.halfmove_clock = static_cast<std::uint32_t>(random.below(3));
  p.fullmove_number = static_cast<std::uint32_t>(1 + random.below(3));
  return p;
}

// One change to one part of a position at a time.
struct Change {
  const char* what;
  void (*apply)(Position&, Random&);
};

const Change kChanges[] = {
    {"width", [](Position& p, Random&) { p.width = p.width == 8 ? 10 : 8; }},
    {"side", [](Position& p, Random&) { p.side_to_move = xfen::opposite(p.side_to_move); }},
    {"halfmove", [](Position& p, Random& r) { p.halfmove_clock += static_cast<std::uint32_t>(1 + r.below(2)); }},
    {"fullmove", [](Position& p, Random& r) { p.fullmove_number += static_cast<std::uint32_t>(1 + r.below(2)); }},
    {"castling right",
     [](Position& p, Random& r) {
       const Color color = r.one_in(2) ? Color::white : Color::black;
       const CastlingSide side = r.one_in(2) ? CastlingSide::h_side : CastlingSide::a_side;
       if (p.castling.rook_file(color, side))
         p.castling.clear(color, side);
       else
         p.castling.set(color, side, side == CastlingSide::h_side ? 7 : 0);
     }},
    {"castling mode",
     [](Position& p, Random& r) {
       p.castling.mode = static_cast<xfen::CastlingMode>(
           (static_cast<int>(p.castling.mode) + 1 + r.below(2)) % 3);
     }},
    {"square",
     [](Position& p, Random& r) {
       const auto square = xfen::make_square(r.below(8), r.below(8));
       p.put(square, p.at(square).empty() ? Piece(PieceType::queen, Color::black) : Piece());
     }},
    {"en passant square",
     [](Position& p, Random& r) {
       if (p.en_passant && r.one_in(2))
         p.en_passant.reset();
       else
         p.en_passant = xfen::make_square(r.below(8), p.side_to_move == Color::white ? 5 : 2);
     }},
};

}  // namespace

// R7.6 on pairs that differ in one part only: equal exactly when the canonical records are the
// same bytes, whichever part it is (so no part is ignored, and none counts beyond what is
// written: an en passant square X-FEN does not write).
BOOST_AUTO_TEST_CASE(one_change_at_a_time_equality_follows_the_record) {
  Random random{7};
  std::size_t unequal[std::size(kChanges)] = {};
  std::size_t equal[std::size(kChanges)] = {};
  for (int i = 0; i < 800; ++i) {
    const Position a = random_writable(random);
    const auto text_a = xfen::to_string(a);
    BOOST_TEST_REQUIRE(text_a.ok(), xfen::code_name(text_a.error.code));
    for (std::size_t c = 0; c < std::size(kChanges); ++c) {
      Position b = a;
      kChanges[c].apply(b, random);
      const auto text_b = xfen::to_string(b);
      if (!text_b.ok()) continue;  // a right the board no longer holds
      BOOST_TEST_CONTEXT(text_a.text << " vs " << text_b.text << " (" << kChanges[c].what << ")") {
        const bool same = text_a.text == text_b.text;
        BOOST_TEST_REQUIRE((a == b) == same);
        BOOST_TEST_REQUIRE((b == a) == same);
        BOOST_TEST_REQUIRE((a != b) == !same);
        (same ? equal : unequal)[c]++;
      }
    }
  }
  for (std::size_t c = 0; c < std::size(kChanges); ++c)
    BOOST_TEST(unequal[c] > 50u, kChanges[c].what);
  // A changed en passant square nobody can take, a square set to what it held: changes that are
  // not written. (A prefix without rights is not written either, but the writer refuses it.)
  BOOST_TEST(equal[7] > 50u);
}
