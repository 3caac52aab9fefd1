// xfen::write into a caller's buffer (SPEC R8.4): exact sizes, too-small buffers, the bound
// kMaxRecordSize, and the refusals for positions that could not have been read, built by hand.
#define BOOST_TEST_MODULE write_test
#include <boost/test/unit_test.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xfen/xfen.hpp"

namespace {

using xfen::CastlingSide;
using xfen::CastlingStyle;
using xfen::Code;
using xfen::Color;
using xfen::EnPassantStyle;
using xfen::Position;
using xfen::WriteOptions;

std::string name(Code code) { return std::string(xfen::code_name(code)); }

// Puts the pieces of one rank written as letters and '.' for empty squares.
void set_rank(Position& p, int rank, std::string_view squares) {
  for (std::size_t file = 0; file < squares.size(); ++file) {
    const xfen::Square square = xfen::make_square(static_cast<int>(file), rank);
    p.put(square, squares[file] == '.' ? xfen::Piece() : xfen::Piece::from_letter(squares[file]));
  }
}

// The standard start position with all four rights, built without the parser.
Position hand_built_start() {
  Position p;
  p.width = 8;
  set_rank(p, 7, "rnbqkbnr");
  set_rank(p, 6, "pppppppp");
  set_rank(p, 1, "PPPPPPPP");
  set_rank(p, 0, "RNBQKBNR");
  p.side_to_move = Color::white;
  p.castling.set(Color::white, CastlingSide::h_side, 7);
  p.castling.set(Color::white, CastlingSide::a_side, 0);
  p.castling.set(Color::black, CastlingSide::h_side, 7);
  p.castling.set(Color::black, CastlingSide::a_side, 0);
  p.halfmove_clock = 0;
  p.fullmove_number = 1;
  return p;
}

constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The longest record there is: every square of a 10×8 board written with one byte (the two
// empty squares of the en passant geometry are single `1`s), a prefix and four rights, a
// written en passant square, both counters at their maximum.
constexpr std::string_view kLongest =
    "rnabqkbcnr/pppp1ppppp/nnnn1nnnnn/PPPPpPPPPP/NNNNNNNNNN/BBBBBBBBBB/PPPPPPPPPP/RNABQKBCNR"
    " w sKQkq e6 2147483647 2147483647";

std::string write_to_string(const Position& p, std::span<char> buffer, const WriteOptions& o,
                            xfen::WriteResult& result) {
  result = xfen::write(p, buffer, o);
  return std::string(buffer.data(), result.size);
}

constexpr CastlingStyle kCastlingStyles[] = {CastlingStyle::xfen, CastlingStyle::shredder,
                                             CastlingStyle::classic};
constexpr EnPassantStyle kEnPassantStyles[] = {EnPassantStyle::xfen, EnPassantStyle::always,
                                               EnPassantStyle::legal};

constexpr std::string_view kRecords[] = {
    kStart,
    kLongest,
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    "1r2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgq - 0 1",
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
    "rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b mKQkq - 0 1",
    "r3k4r/10/10/10/10/10/10/R3K4R w sKQkq - 12 40",
};

}  // namespace

BOOST_AUTO_TEST_CASE(exact_size_buffer_and_one_byte_short) {
  for (const std::string_view record : kRecords) {
    const auto parsed = xfen::parse(record);
    BOOST_TEST_REQUIRE(parsed.ok(), record);
    for (const auto castling : kCastlingStyles) {
      for (const auto en_passant : kEnPassantStyles) {
        const WriteOptions options{castling, en_passant};
        std::vector<char> big(xfen::kMaxRecordSize);
        xfen::WriteResult first;
        const std::string text = write_to_string(parsed.position, big, options, first);
        if (!first.ok()) continue;  // classic refuses some; covered in dialects.jsonl
        BOOST_TEST_CONTEXT(record << " -> " << text) {
          BOOST_TEST(first.size == text.size());
          BOOST_TEST(first.size <= xfen::kMaxRecordSize);

          std::vector<char> exact(text.size());
          xfen::WriteResult fits;
          BOOST_TEST(write_to_string(parsed.position, exact, options, fits) == text);
          BOOST_TEST(fits.ok());
          BOOST_TEST(fits.size == text.size());

          std::vector<char> short_by_one(text.size() - 1);
          const auto too_small = xfen::write(parsed.position, short_by_one, options);
          BOOST_TEST(!too_small.ok());
          BOOST_TEST(name(too_small.error.code) == "write.buffer-too-small");
          BOOST_TEST(too_small.size == 0u);

          const auto empty = xfen::write(parsed.position, std::span<char>(), options);
          BOOST_TEST(name(empty.error.code) == "write.buffer-too-small");
          BOOST_TEST(empty.size == 0u);

          // to_string is the same bytes, or the same refusal.
          const auto converted = xfen::to_string(parsed.position, options);
          BOOST_TEST(converted.ok());
          BOOST_TEST(converted.text == text);
        }
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(canonical_records_write_back_unchanged) {
  for (const std::string_view record : kRecords) {
    const auto parsed = xfen::parse(record);
    BOOST_TEST_REQUIRE(parsed.ok(), record);
    BOOST_TEST(xfen::to_string(parsed.position).text == record);
  }
}

BOOST_AUTO_TEST_CASE(max_record_size_suffices_for_the_longest_record) {
  BOOST_TEST(kLongest.size() <= xfen::kMaxRecordSize);
  BOOST_TEST_MESSAGE("longest record: " << kLongest.size() << " bytes, kMaxRecordSize "
                                        << xfen::kMaxRecordSize);
  const auto parsed = xfen::parse(kLongest);
  BOOST_TEST_REQUIRE(parsed.ok(), name(parsed.error.code) << " at " << parsed.error.offset);
  for (const auto castling : {CastlingStyle::xfen, CastlingStyle::shredder}) {
    for (const auto en_passant : {EnPassantStyle::xfen, EnPassantStyle::always}) {
      char buffer[xfen::kMaxRecordSize];
      xfen::WriteResult result;
      const std::string text =
          write_to_string(parsed.position, buffer, {castling, en_passant}, result);
      BOOST_TEST(result.ok(), name(result.error.code));
      BOOST_TEST(text.size() == kLongest.size());
    }
  }
  char buffer[xfen::kMaxRecordSize];
  xfen::WriteResult result;
  BOOST_TEST(write_to_string(parsed.position, buffer, {}, result) == kLongest);
}

BOOST_AUTO_TEST_CASE(hand_built_position_writes) {
  const Position p = hand_built_start();
  BOOST_TEST(xfen::to_string(p).text == kStart);
  BOOST_TEST((p == xfen::parse(kStart).position));

  // An inner rook is a valid right, written by its file.
  Position inner;
  set_rank(inner, 7, "....k...");
  set_rank(inner, 0, "RR..K..R");
  inner.castling.set(Color::white, CastlingSide::a_side, 1);
  BOOST_TEST(xfen::to_string(inner).text == "4k3/8/8/8/8/8/8/RR2K2R w B - 0 1");
  BOOST_TEST(xfen::to_string(inner, {CastlingStyle::shredder}).text ==
             "4k3/8/8/8/8/8/8/RR2K2R w B - 0 1");
  BOOST_TEST(name(xfen::to_string(inner, {CastlingStyle::classic}).error.code) ==
             "write.needs-file-letter");

  // Counters at the maximum are fine.
  Position max_counters = p;
  max_counters.halfmove_clock = Position::kMaxCounter;
  max_counters.fullmove_number = Position::kMaxCounter;
  BOOST_TEST(xfen::to_string(max_counters).text ==
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2147483647 2147483647");

  // A prefix without rights is not written; with rights it is.
  Position prefix = p;
  prefix.castling.mode = xfen::CastlingMode::symmetric;
  BOOST_TEST(xfen::to_string(prefix).text ==
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1");
  BOOST_TEST(name(xfen::to_string(prefix, {CastlingStyle::classic}).error.code) ==
             "write.castling-prefix");
  prefix.castling = {};
  prefix.castling.mode = xfen::CastlingMode::modern;
  BOOST_TEST(xfen::to_string(prefix).text ==
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
}

namespace {

struct Refusal {
  const char* what;
  void (*change)(Position&);
  EnPassantStyle en_passant;
  std::string_view code;
};

void remove(Position& p, int file, int rank) { p.put(xfen::make_square(file, rank), {}); }

// One line per case: a hand-built start position, one change, the style, the expected code.
const Refusal kRefusals[] = {
    // castling rights the board does not support
    {"white king gone", [](Position& p) { remove(p, 4, 0); }, EnPassantStyle::xfen,
     "write.inconsistent-castling"},
    {"black king gone", [](Position& p) { remove(p, 4, 7); }, EnPassantStyle::xfen,
     "write.inconsistent-castling"},
    {"white king off the back rank",
     [](Position& p) {
       remove(p, 4, 0);
       p.put(xfen::make_square(4, 2), xfen::Piece::from_letter('K'));
     },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"two white kings on the back rank",
     [](Position& p) { p.put(xfen::make_square(3, 0), xfen::Piece::from_letter('K')); },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"h1 rook gone", [](Position& p) { remove(p, 7, 0); }, EnPassantStyle::xfen,
     "write.inconsistent-castling"},
    {"a8 rook gone", [](Position& p) { remove(p, 0, 7); }, EnPassantStyle::xfen,
     "write.inconsistent-castling"},
    {"h1 rook is black",
     [](Position& p) { p.put(xfen::make_square(7, 0), xfen::Piece::from_letter('r')); },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"h1 holds a knight",
     [](Position& p) { p.put(xfen::make_square(7, 0), xfen::Piece::from_letter('N')); },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"white h-side right names the a1 rook",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::h_side, 0); },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"black a-side right names the h8 rook",
     [](Position& p) { p.castling.set(Color::black, CastlingSide::a_side, 7); },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"white a-side right names the king's file",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::a_side, 4); },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"white h-side right names an empty square",
     [](Position& p) {
       remove(p, 6, 0);
       p.castling.set(Color::white, CastlingSide::h_side, 6);
     },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    {"white right beyond the board",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::h_side, 9); },
     EnPassantStyle::xfen, "write.inconsistent-castling"},
    // en passant squares failing R5.2, written as read
    {"e3 with White to move",
     [](Position& p) { p.en_passant = xfen::make_square(4, 2); }, EnPassantStyle::always,
     "en-passant.wrong-rank"},
    {"e4 with White to move",
     [](Position& p) { p.en_passant = xfen::make_square(4, 3); }, EnPassantStyle::always,
     "en-passant.wrong-rank"},
    {"e6 with Black to move",
     [](Position& p) {
       p.side_to_move = Color::black;
       p.en_passant = xfen::make_square(4, 5);
     },
     EnPassantStyle::always, "en-passant.wrong-rank"},
    {"e6 with no black pawn on e5",
     [](Position& p) { p.en_passant = xfen::make_square(4, 5); }, EnPassantStyle::always,
     "en-passant.no-pawn"},
    {"e6 with a white pawn on e5",
     [](Position& p) {
       remove(p, 4, 6);
       p.put(xfen::make_square(4, 4), xfen::Piece::from_letter('P'));
       p.en_passant = xfen::make_square(4, 5);
     },
     EnPassantStyle::always, "en-passant.no-pawn"},
    {"e6 with e7 still occupied",
     [](Position& p) {
       p.put(xfen::make_square(4, 4), xfen::Piece::from_letter('p'));
       p.en_passant = xfen::make_square(4, 5);
     },
     EnPassantStyle::always, "en-passant.occupied"},
    {"e6 occupied",
     [](Position& p) {
       remove(p, 4, 6);
       p.put(xfen::make_square(4, 4), xfen::Piece::from_letter('p'));
       p.put(xfen::make_square(4, 5), xfen::Piece::from_letter('n'));
       p.en_passant = xfen::make_square(4, 5);
     },
     EnPassantStyle::always, "en-passant.occupied"},
    {"e3 with Black to move, e2 occupied",
     [](Position& p) {
       p.side_to_move = Color::black;
       p.put(xfen::make_square(4, 3), xfen::Piece::from_letter('P'));
       p.en_passant = xfen::make_square(4, 2);
     },
     EnPassantStyle::always, "en-passant.occupied"},
    // counters
    {"fullmove 0", [](Position& p) { p.fullmove_number = 0; }, EnPassantStyle::xfen,
     "fullmove.range"},
    {"fullmove 2^31", [](Position& p) { p.fullmove_number = Position::kMaxCounter + 1; },
     EnPassantStyle::xfen, "fullmove.range"},
    {"fullmove 2^32-1", [](Position& p) { p.fullmove_number = 4294967295u; },
     EnPassantStyle::xfen, "fullmove.range"},
    {"halfmove 2^31", [](Position& p) { p.halfmove_clock = Position::kMaxCounter + 1; },
     EnPassantStyle::xfen, "halfmove.range"},
    // width
    {"width 9", [](Position& p) { p.width = 9; }, EnPassantStyle::xfen, "board.width"},
    {"width 0", [](Position& p) { p.width = 0; }, EnPassantStyle::xfen, "board.width"},
    {"width 7", [](Position& p) { p.width = 7; }, EnPassantStyle::xfen, "board.width"},
    {"width 11", [](Position& p) { p.width = 11; }, EnPassantStyle::xfen, "board.width"},
};

}  // namespace

BOOST_AUTO_TEST_CASE(writer_refusals) {
  for (const Refusal& refusal : kRefusals) {
    BOOST_TEST_CONTEXT(refusal.what) {
      Position p = hand_built_start();
      refusal.change(p);
      char buffer[xfen::kMaxRecordSize];
      const auto result = xfen::write(p, buffer, {CastlingStyle::xfen, refusal.en_passant});
      BOOST_TEST(name(result.error.code) == refusal.code);
      BOOST_TEST(result.size == 0u);
      BOOST_TEST((result.error.severity == xfen::Severity::error));
      const auto converted = xfen::to_string(p, {CastlingStyle::xfen, refusal.en_passant});
      BOOST_TEST(name(converted.error.code) == refusal.code);
    }
  }
}

// SPEC R8.4: only the `always` style writes the square as read, so only it refuses a square that
// fails R5.2; the xfen and legal styles never write such a square and give `-`.
BOOST_AUTO_TEST_CASE(en_passant_geometry_dropped_outside_always_style) {
  for (const Refusal& refusal : kRefusals) {
    if (refusal.en_passant != EnPassantStyle::always) continue;
    for (const auto style : {EnPassantStyle::xfen, EnPassantStyle::legal}) {
      BOOST_TEST_CONTEXT(refusal.what << ", style " << static_cast<int>(style)) {
        Position p = hand_built_start();
        refusal.change(p);
        char buffer[xfen::kMaxRecordSize];
        const auto result = xfen::write(p, buffer, {CastlingStyle::xfen, style});
        BOOST_TEST(result.ok());
        const std::string_view text(buffer, result.size);
        BOOST_TEST(text.substr(text.rfind(' ', text.rfind(' ') - 1) - 1, 1) == "-");
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(en_passant_styles_on_hand_built_positions) {
  // Black has just played e7-e5 and no white pawn stands beside it: `always` writes the square,
  // the other styles do not.
  Position p = hand_built_start();
  remove(p, 4, 6);
  p.put(xfen::make_square(4, 4), xfen::Piece::from_letter('p'));
  p.en_passant = xfen::make_square(4, 5);
  BOOST_TEST(xfen::to_string(p, {CastlingStyle::xfen, EnPassantStyle::always}).text ==
             "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1");
  BOOST_TEST(xfen::to_string(p).text ==
             "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  BOOST_TEST(xfen::to_string(p, {CastlingStyle::xfen, EnPassantStyle::legal}).text ==
             "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

  // A white pawn on d5 can take: every style writes it.
  p.put(xfen::make_square(3, 4), xfen::Piece::from_letter('P'));
  remove(p, 3, 1);
  for (const auto style : kEnPassantStyles) {
    BOOST_TEST(xfen::to_string(p, {CastlingStyle::xfen, style}).text ==
               "rnbqkbnr/pppp1ppp/8/3Pp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 1");
  }

  // A capture that exposes the king along the rank: written by xfen, not by legal.
  Position pinned;
  set_rank(pinned, 7, "....k...");
  set_rank(pinned, 4, "K..pP..r");
  pinned.en_passant = xfen::make_square(3, 5);
  BOOST_TEST(xfen::to_string(pinned).text == "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1");
  BOOST_TEST(xfen::to_string(pinned, {CastlingStyle::xfen, EnPassantStyle::legal}).text ==
             "4k3/8/8/K2pP2r/8/8/8/8 w - - 0 1");
}
