// xfen::write into a caller's buffer (SPEC R8.4): exact sizes, too-small buffers, the bound
// kMaxRecordSize, and the refusals for positions that could not have been read, built by hand.
#define BOOST_TEST_MODULE write_test
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xfen/xfen.hpp"
#include "seeded_random.hpp"
#include "../testing/board_text.hpp"

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

  // A prefix is written with its rights; without one it is refused, as reading refuses `s`
  // alone, rather than dropped.
  Position prefix = p;
  prefix.castling.mode = xfen::CastlingMode::symmetric;
  BOOST_TEST(xfen::to_string(prefix).text ==
             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w sKQkq - 0 1");
  BOOST_TEST(name(xfen::to_string(prefix, {CastlingStyle::classic}).error.code) ==
             "write.castling-prefix");
  prefix.castling = {};
  prefix.castling.mode = xfen::CastlingMode::modern;
  BOOST_TEST(name(xfen::to_string(prefix).error.code) == "castling.empty-prefix");
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
    // castling rights the board does not support (validate: the codes reading gives)
    {"white king gone", [](Position& p) { remove(p, 4, 0); }, EnPassantStyle::xfen,
     "castling.no-king"},
    {"black king gone", [](Position& p) { remove(p, 4, 7); }, EnPassantStyle::xfen,
     "castling.no-king"},
    {"white king off the back rank",
     [](Position& p) {
       remove(p, 4, 0);
       p.put(xfen::make_square(4, 2), xfen::Piece::from_letter('K'));
     },
     EnPassantStyle::xfen, "castling.no-king"},
    {"two white kings on the back rank",
     [](Position& p) { p.put(xfen::make_square(3, 0), xfen::Piece::from_letter('K')); },
     EnPassantStyle::xfen, "castling.no-king"},
    {"h1 rook gone", [](Position& p) { remove(p, 7, 0); }, EnPassantStyle::xfen,
     "castling.no-rook"},
    {"a8 rook gone", [](Position& p) { remove(p, 0, 7); }, EnPassantStyle::xfen,
     "castling.no-rook"},
    {"h1 rook is black",
     [](Position& p) { p.put(xfen::make_square(7, 0), xfen::Piece::from_letter('r')); },
     EnPassantStyle::xfen, "castling.no-rook"},
    {"h1 holds a knight",
     [](Position& p) { p.put(xfen::make_square(7, 0), xfen::Piece::from_letter('N')); },
     EnPassantStyle::xfen, "castling.no-rook"},
    {"white h-side right names the a1 rook",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::h_side, 0); },
     EnPassantStyle::xfen, "castling.no-rook"},
    {"black a-side right names the h8 rook",
     [](Position& p) { p.castling.set(Color::black, CastlingSide::a_side, 7); },
     EnPassantStyle::xfen, "castling.no-rook"},
    {"white a-side right names the king's file",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::a_side, 4); },
     EnPassantStyle::xfen, "castling.no-rook"},
    {"white h-side right names an empty square",
     [](Position& p) {
       remove(p, 6, 0);
       p.castling.set(Color::white, CastlingSide::h_side, 6);
     },
     EnPassantStyle::xfen, "castling.no-rook"},
    {"white right beyond the board",
     [](Position& p) { p.castling.set(Color::white, CastlingSide::h_side, 9); },
     EnPassantStyle::xfen, "castling.file-off-board"},
    // en passant squares failing R5.2: refused in every style (the rest of this group in `always`)
    {"d5, the pawn's own square, with White to move",
     [](Position& p) {
       remove(p, 3, 6);
       p.put(xfen::make_square(3, 4), xfen::Piece::from_letter('p'));
       p.en_passant = xfen::make_square(3, 4);
     },
     EnPassantStyle::xfen, "en-passant.wrong-rank"},
    {"e6 with no black pawn on e5, legal style",
     [](Position& p) { p.en_passant = xfen::make_square(4, 5); }, EnPassantStyle::legal,
     "en-passant.no-pawn"},
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
    // the board
    {"a white queen on i3 of an 8-file board",
     [](Position& p) { p.put(xfen::make_square(8, 2), xfen::Piece::from_letter('Q')); },
     EnPassantStyle::xfen, "board.off-board"},
    {"a black pawn on j8 of an 8-file board",
     [](Position& p) { p.put(xfen::make_square(9, 7), xfen::Piece::from_letter('p')); },
     EnPassantStyle::xfen, "board.off-board"},
    {"a castling prefix without a right",
     [](Position& p) {
       p.castling = {};
       p.castling.mode = xfen::CastlingMode::symmetric;
     },
     EnPassantStyle::xfen, "castling.empty-prefix"},
    {"width 9", [](Position& p) { p.width = 9; }, EnPassantStyle::xfen, "board.width"},
    {"width 0", [](Position& p) { p.width = 0; }, EnPassantStyle::xfen, "board.width"},
    {"width 7", [](Position& p) { p.width = 7; }, EnPassantStyle::xfen, "board.width"},
    {"width 11", [](Position& p) { p.width = 11; }, EnPassantStyle::xfen, "board.width"},
};

}  // namespace

// A hand-built right may name any file. One off the board is refused without looking at the
// square it names: on rank 1 file 10 is where a2 is stored (here a white rook, which must not make
// the right valid), on rank 8 it lies past the board's storage.
BOOST_AUTO_TEST_CASE(castling_right_on_a_file_off_the_board_is_refused) {
  Position p;
  p.width = 10;
  set_rank(p, 7, "....k.....");
  set_rank(p, 1, "R.........");
  set_rank(p, 0, "....K.....");
  for (const Color color : {Color::white, Color::black})
    for (const int file : {10, 11, 100, 127}) {
      Position q = p;
      q.castling.set(color, CastlingSide::h_side, file);
      for (const auto style : {CastlingStyle::xfen, CastlingStyle::shredder, CastlingStyle::classic}) {
        const xfen::StringResult written = xfen::to_string(q, {style});
        BOOST_TEST(name(written.error.code) == "castling.file-off-board", file << " " << written.text);
        BOOST_TEST(written.error.limit == 10);
        const char letter = file < 26 ? static_cast<char>((color == Color::white ? 'A' : 'a') + file) : '?';
        BOOST_TEST(written.error.value_text() == std::string(1, letter));
      }
    }
}

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

// SPEC R8.4: a square that fails R5.2 is refused whatever the style: the xfen and legal styles,
// which would not write it, do not drop it silently either.
BOOST_AUTO_TEST_CASE(en_passant_geometry_refused_in_every_style) {
  for (const Refusal& refusal : kRefusals) {
    if (!refusal.code.starts_with("en-passant.")) continue;
    for (const auto style : kEnPassantStyles) {
      BOOST_TEST_CONTEXT(refusal.what << ", style " << static_cast<int>(style)) {
        Position p = hand_built_start();
        refusal.change(p);
        char buffer[xfen::kMaxRecordSize];
        const auto result = xfen::write(p, buffer, {CastlingStyle::xfen, style});
        BOOST_TEST(name(result.error.code) == refusal.code);
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

// --- the writer against a reference written here from SPEC R7 and R8 ---

namespace {

using xfen_test::Random;

using xfen::Piece;
using xfen::PieceType;
using xfen::Square;

struct Expected {
  std::string text;  // when code is ok
  Code code = Code::ok;
  Square square{};
  Color color = Color::white;
  std::int32_t found = 0;
  std::int32_t limit = 0;
  std::string value;  // what the sentence quotes, with no record to point into
};

Expected refusal(Code code, Square square = {}) {
  Expected e;
  e.code = code;
  e.square = square;
  return e;
}

std::optional<int> single_back_rank_king(const Position& p, Color color) {
  std::optional<int> king;
  int kings = 0;
  // random_position makes odd widths too, up to 11: only the stored files are looked at.
  for (int file = 0; file < std::min<int>(p.width, xfen::kMaxFiles); ++file)
    if (p.at(xfen::make_square(file, xfen::back_rank(color))).is(PieceType::king, color)) {
      king = file;
      ++kings;
    }
  return kings == 1 ? king : std::nullopt;
}

// R7.4 and R5.2 in a few lines.
std::optional<Square> reference_xfen_en_passant(const Position& p) {
  if (!p.en_passant) return std::nullopt;
  const Square s = *p.en_passant;
  if (xfen::check_en_passant_geometry(p, s) != Code::ok) return std::nullopt;
  const int rank = p.side_to_move == Color::white ? 4 : 3;
  for (const int file : {s.file - 1, s.file + 1})
    if (file >= 0 && file < p.width &&
        p.at(xfen::make_square(file, rank)).is(PieceType::pawn, p.side_to_move))
      return s;
  return std::nullopt;
}

// What an `always` refusal carries (SPEC appendix): the missing pawn's square and its colour, the
// occupied square, the required rank, the width.
Expected en_passant_refusal(const Position& p, Square s) {
  const bool white = p.side_to_move == Color::white;
  Expected e;
  e.value = std::string{s.file_letter(), s.rank_digit()};
  if (s.file >= p.width) {
    e.code = Code::en_passant_off_board;
    e.limit = p.width;
  } else if (s.rank != (white ? 5 : 2)) {
    e.code = Code::en_passant_wrong_rank;
    e.limit = white ? 6 : 3;
  } else if (const Square pawn = xfen::make_square(s.file, white ? 4 : 3);
             !p.at(pawn).is(PieceType::pawn, white ? Color::black : Color::white)) {
    e.code = Code::en_passant_no_pawn;
    e.square = pawn;
    e.color = white ? Color::black : Color::white;
  } else if (!p.at(s).empty()) {
    e.code = Code::en_passant_occupied;
    e.square = s;
  } else if (const Square from = xfen::make_square(s.file, white ? 6 : 1); !p.at(from).empty()) {
    e.code = Code::en_passant_occupied;
    e.square = from;
  }
  return e;
}

// SPEC's rules for positions built by hand, in the order a record states what they check.
Expected reference_validate(const Position& p) {
  if (p.width != 8 && p.width != 10) {
    Expected e = refusal(Code::board_width);
    e.found = p.width;
    e.limit = 10;
    return e;
  }
  for (int rank = 7; rank >= 0; --rank)
    for (int file = p.width; file < xfen::kMaxFiles; ++file)
      if (const Piece piece = p.at(xfen::make_square(file, rank)); !piece.empty()) {
        Expected e = refusal(Code::board_off_board, xfen::make_square(file, rank));
        e.color = piece.color();
        e.limit = p.width;
        e.value = std::string(1, piece.letter());
        return e;
      }
  if (!p.castling.any() && p.castling.mode != xfen::CastlingMode::standard) {
    Expected e = refusal(Code::castling_empty_prefix);
    e.value = p.castling.mode == xfen::CastlingMode::symmetric ? "s" : "m";
    return e;
  }
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      const auto rook = p.castling.rook_file(color, side);
      if (!rook) continue;
      const bool white = color == Color::white;
      const int rank = xfen::back_rank(color);
      Expected e;
      e.color = color;
      e.value = std::string(1, static_cast<char>((white ? 'A' : 'a') + *rook));
      if (*rook >= p.width) {
        e.code = Code::castling_file_off_board;
        e.limit = p.width;
        return e;
      }
      const auto king = single_back_rank_king(p, color);
      if (!king) {
        e.code = Code::castling_no_king;
        for (int file = 0; file < p.width; ++file)
          e.found += p.at(xfen::make_square(file, rank)).is(PieceType::king, color);
        e.limit = 1;
        return e;
      }
      e.code = Code::castling_no_rook;
      if (!p.at(xfen::make_square(*rook, rank)).is(PieceType::rook, color)) {
        e.square = xfen::make_square(*rook, rank);
        return e;
      }
      const bool h = side == CastlingSide::h_side;
      if (h ? *rook < *king : *rook > *king) {
        e.square = xfen::make_square(*king, rank);
        e.value = std::string(1, static_cast<char>((white ? 'A' : 'a') + (h ? 'K' : 'Q') - 'A'));
        return e;
      }
    }
  if (p.en_passant)
    if (Expected e = en_passant_refusal(p, *p.en_passant); e.code != Code::ok) return e;
  Expected e;
  if (p.halfmove_clock > Position::kMaxCounter) {
    e.code = Code::halfmove_range;
    e.value = std::to_string(p.halfmove_clock);
  } else if (p.fullmove_number == 0 || p.fullmove_number > Position::kMaxCounter) {
    e.code = Code::fullmove_range;
    e.value = std::to_string(p.fullmove_number);
  }
  return e;
}

Expected reference_write(const Position& p, const WriteOptions& o) {
  if (Expected invalid = reference_validate(p); invalid.code != Code::ok) return invalid;
  std::string text = xfen::testing::board_text(p) + ' ';
  text += p.side_to_move == Color::white ? "w " : "b ";
  if (!p.castling.any()) {
    text += '-';
  } else {
    if (p.castling.mode != xfen::CastlingMode::standard) {
      if (o.castling == CastlingStyle::classic) return refusal(Code::write_castling_prefix);
      text += p.castling.mode == xfen::CastlingMode::symmetric ? 's' : 'm';
    }
    for (const Color color : {Color::white, Color::black})
      for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
        const auto rook = p.castling.rook_file(color, side);
        if (!rook) continue;
        const int rank = xfen::back_rank(color);
        const Square square = xfen::make_square(*rook, rank);
        const bool h = side == CastlingSide::h_side;
        bool outermost = true;
        for (int file = h ? *rook + 1 : 0; file < (h ? p.width : *rook); ++file)
          if (p.at(xfen::make_square(file, rank)).is(PieceType::rook, color)) outermost = false;
        if (o.castling == CastlingStyle::classic && !outermost)
          return refusal(Code::write_needs_file_letter, square);
        char letter = o.castling == CastlingStyle::shredder || !outermost
                          ? static_cast<char>('A' + *rook)
                          : (h ? 'K' : 'Q');
        if (color == Color::black) letter = static_cast<char>(letter - 'A' + 'a');
        text += letter;
      }
  }
  text += ' ';
  std::optional<Square> en_passant;
  switch (o.en_passant) {
    case EnPassantStyle::xfen: en_passant = reference_xfen_en_passant(p); break;
    // Whether a capture is legal is legality_test's to check against its own reference.
    case EnPassantStyle::legal:
      en_passant = reference_xfen_en_passant(p) ? xfen::legal_en_passant(p) : std::nullopt;
      break;
    case EnPassantStyle::always: en_passant = p.en_passant; break;
  }
  if (en_passant) {
    text += en_passant->file_letter();
    text += en_passant->rank_digit();
  } else {
    text += '-';
  }
  text += ' ' + std::to_string(p.halfmove_clock) + ' ' + std::to_string(p.fullmove_number);
  Expected e;
  e.text = text;
  return e;
}

Piece random_piece(Random& random) {
  constexpr PieceType kKinds[] = {PieceType::pawn,       PieceType::knight,    PieceType::bishop,
                                  PieceType::rook,       PieceType::queen,     PieceType::king,
                                  PieceType::archbishop, PieceType::chancellor};
  return Piece(kKinds[random.below(8)], random.one_in(2) ? Color::white : Color::black);
}

// Random boards of both sizes with kings and rooks on the back ranks, castling rights that
// mostly fit them (each kind of misfit now and then), double pushes, counters of every length.
Position random_position(Random& random) {
  Position p;
  const int odd_widths[] = {9, 0, 7, 11};
  p.width = static_cast<std::uint8_t>(random.one_in(40)  ? odd_widths[random.below(4)]
                                      : random.one_in(2) ? 8
                                                         : 10);
  const int width = std::min<int>(p.width, 10);
  p.side_to_move = random.one_in(2) ? Color::white : Color::black;
  for (int i = random.below(12); i > 0 && width > 0; --i)
    p.put(xfen::make_square(random.below(width), 1 + random.below(6)), random_piece(random));
  for (const Color color : {Color::white, Color::black}) {
    if (width == 0) break;
    const int rank = xfen::back_rank(color);
    for (int i = random.below(5); i > 0; --i)
      p.put(xfen::make_square(random.below(width), rank), Piece(PieceType::rook, color));
    if (random.one_in(4)) p.put(xfen::make_square(random.below(width), rank), random_piece(random));
    for (int i = random.one_in(8) ? random.below(3) : 1; i > 0; --i)
      p.put(xfen::make_square(random.below(width), rank), Piece(PieceType::king, color));
    const auto king = single_back_rank_king(p, color);
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      if (random.one_in(2)) continue;
      std::vector<int> rooks;
      for (int file = 0; file < width; ++file)
        if (p.at(xfen::make_square(file, rank)).is(PieceType::rook, color) &&
            (!king || (side == CastlingSide::h_side ? file > *king : file < *king)))
          rooks.push_back(file);
      if (!rooks.empty() && !random.one_in(20))
        p.castling.set(
            color, side,
            rooks[static_cast<std::size_t>(random.below(static_cast<int>(rooks.size())))]);
      else if (random.one_in(3))
        p.castling.set(color, side, random.below(width + 1));
    }
  }
  const xfen::CastlingMode modes[] = {xfen::CastlingMode::standard, xfen::CastlingMode::standard,
                                      xfen::CastlingMode::symmetric, xfen::CastlingMode::modern};
  p.castling.mode = modes[random.below(4)];
  if (random.one_in(4)) p.castling = {};
  if (width > 0 && !random.one_in(3)) {
    // A double push by the side not to move, with pawns beside it now and then, sometimes spoilt.
    const bool white = p.side_to_move == Color::white;
    const int file = random.below(width);
    const int pawn_rank = white ? 4 : 3;
    p.put(xfen::make_square(file, pawn_rank),
          Piece(PieceType::pawn, white ? Color::black : Color::white));
    p.put(xfen::make_square(file, white ? 5 : 2), Piece());
    p.put(xfen::make_square(file, white ? 6 : 1), Piece());
    for (const int side : {file - 1, file + 1})
      if (side >= 0 && side < width && random.one_in(2))
        p.put(xfen::make_square(side, pawn_rank), Piece(PieceType::pawn, p.side_to_move));
    if (random.one_in(3)) p.put(xfen::make_square(file, 2 + random.below(4)), random_piece(random));
    int target_rank = white ? 5 : 2;
    if (random.one_in(6)) target_rank = random.below(8);
    int target_file = file;
    if (random.one_in(20)) target_file = width + random.below(2);
    p.en_passant = xfen::make_square(target_file, target_rank);
  }
  // Now and then a piece on the two files an 8-file board does not have.
  if (p.width == 8 && random.one_in(25))
    p.put(xfen::make_square(8 + random.below(2), random.below(8)), random_piece(random));
  const std::uint32_t counters[] = {
      0,       1,        9,         10,         99,          100,         12345,       999999,
      1000000, 99999999, 999999999, 1000000000, 2147483646u, 2147483647u, 2147483648u, 4294967295u};
  p.halfmove_clock = counters[random.below(random.one_in(20) ? 16 : 14)];
  p.fullmove_number = counters[random.below(random.one_in(20) ? 16 : 14)];
  return p;
}

std::string describe(const Position& p) {
  std::string board;
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < std::min<int>(p.width, 10); ++file) {
      const Piece piece = p.at(xfen::make_square(file, rank));
      board += piece.empty() ? '.' : piece.letter();
    }
    board += '/';
  }
  return board + " width " + std::to_string(p.width) + " side " +
         std::to_string(static_cast<int>(p.side_to_move)) + " rights " +
         std::to_string(p.castling.rook_files[0][0]) + "," +
         std::to_string(p.castling.rook_files[0][1]) + "," +
         std::to_string(p.castling.rook_files[1][0]) + "," +
         std::to_string(p.castling.rook_files[1][1]) + " mode " +
         std::to_string(static_cast<int>(p.castling.mode)) + " ep " +
         (p.en_passant
              ? std::to_string(p.en_passant->file) + "," + std::to_string(p.en_passant->rank)
              : "-") +
         " clocks " + std::to_string(p.halfmove_clock) + " " + std::to_string(p.fullmove_number);
}

}  // namespace

// Every style pair on random positions: the bytes written or the refusal with every slot, as
// the reference says; then the same record into buffers of every size up to it and beyond.
BOOST_AUTO_TEST_CASE(random_positions_write_as_the_reference_in_every_style) {
  Random random{1202};
  std::size_t written = 0;
  std::size_t refused = 0;
  std::map<std::string, int> refusals;
  for (int i = 0; i < 1500; ++i) {
    const Position p = random_position(random);
    for (const auto castling : kCastlingStyles)
      for (const auto en_passant : kEnPassantStyles) {
        const WriteOptions options{castling, en_passant};
        const Expected expected = reference_write(p, options);
        BOOST_TEST_CONTEXT(describe(p) << ", styles " << static_cast<int>(castling) << "/"
                                       << static_cast<int>(en_passant)) {
          std::vector<char> big(xfen::kMaxRecordSize + 8, '#');
          const auto result = xfen::write(p, big, options);
          const auto converted = xfen::to_string(p, options);
          if (expected.code != Code::ok) {
            ++refused;
            ++refusals[std::string(name(expected.code))];
            BOOST_TEST_REQUIRE(name(result.error.code) == name(expected.code));
            BOOST_TEST_REQUIRE(result.size == 0u);
            BOOST_TEST_REQUIRE(!result.ok());
            BOOST_TEST_REQUIRE((result.error.severity == xfen::Severity::error));
            BOOST_TEST_REQUIRE((result.error.square == expected.square));
            BOOST_TEST_REQUIRE((result.error.color == expected.color));
            BOOST_TEST_REQUIRE(result.error.found == expected.found);
            BOOST_TEST_REQUIRE(result.error.limit == expected.limit);
            BOOST_TEST_REQUIRE(result.error.value_text() == expected.value);
            // Complete without a record: nothing quoted is left empty.
            BOOST_TEST_REQUIRE(xfen::message(result.error).find("''") == std::string::npos,
                               xfen::message(result.error));
            BOOST_TEST_REQUIRE(name(converted.error.code) == name(expected.code));
            BOOST_TEST_REQUIRE(converted.text.empty());
            BOOST_TEST_REQUIRE((converted.error.square == expected.square));
            continue;
          }
          ++written;
          BOOST_TEST_REQUIRE(result.ok(), name(result.error.code));
          BOOST_TEST_REQUIRE(std::string_view(big.data(), result.size) == expected.text);
          BOOST_TEST_REQUIRE(converted.ok());
          BOOST_TEST_REQUIRE(converted.text == expected.text);
          const std::size_t size = expected.text.size();
          BOOST_TEST_REQUIRE(size <= xfen::kMaxRecordSize);
          for (std::size_t buffer_size = 0; buffer_size <= xfen::kMaxRecordSize + 1;
               ++buffer_size) {
            if (buffer_size > size + 1 && buffer_size + 1 < xfen::kMaxRecordSize) continue;
            std::vector<char> buffer(buffer_size, '#');
            const auto sized = xfen::write(p, buffer, options);
            if (buffer_size < size) {
              BOOST_TEST_REQUIRE(name(sized.error.code) == "write.buffer-too-small", buffer_size);
              BOOST_TEST_REQUIRE(sized.size == 0u);
              BOOST_TEST_REQUIRE((sized.error.severity == xfen::Severity::error));
              BOOST_TEST_REQUIRE(sized.error.found == static_cast<std::int32_t>(buffer_size));
              BOOST_TEST_REQUIRE(sized.error.limit == static_cast<std::int32_t>(size));
            } else {
              BOOST_TEST_REQUIRE(sized.ok(), buffer_size);
              BOOST_TEST_REQUIRE(std::string_view(buffer.data(), sized.size) == expected.text,
                                 buffer_size);
            }
          }
        }
      }
  }
  BOOST_TEST(written > 4000u);
  for (const auto& [code, count] : refusals) BOOST_TEST_MESSAGE(code << ": " << count);
  BOOST_TEST(refused > 2000u);
}

// The longest record is exactly kMaxRecordSize bytes: the bound is tight, as write.hpp says.
BOOST_AUTO_TEST_CASE(max_record_size_is_the_longest_record) {
  BOOST_TEST(kLongest.size() == xfen::kMaxRecordSize);
  const auto parsed = xfen::parse(kLongest);
  BOOST_TEST_REQUIRE(parsed.ok());
  std::vector<char> exact(xfen::kMaxRecordSize);
  const auto result = xfen::write(parsed.position, exact);
  BOOST_TEST(result.ok());
  BOOST_TEST(std::string_view(exact.data(), result.size) == kLongest);
}

// --- layouts of fields (SPEC R15) ---

namespace {

using xfen::RecordFields;

// The first `count` space-separated fields of a canonical record.
std::string_view first_fields(std::string_view record, std::size_t count) {
  std::size_t end = 0;
  for (std::size_t field = 0; field < count; ++field) {
    end = record.find(' ', end + (field == 0 ? 0 : 1));
    if (end == std::string_view::npos) return record;
  }
  return record.substr(0, end);
}

}  // namespace

// R15.6: EPD writes the first four fields of the record the same options write, a board-only
// record the first: one table row per record and castling style.
BOOST_AUTO_TEST_CASE(record_layouts_write_their_fields_only) {
  struct Row {
    std::string_view record;
    CastlingStyle castling;
    std::string_view epd;
    std::string_view board;
  };
  const Row rows[] = {
      {kStart, CastlingStyle::xfen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
      {kStart, CastlingStyle::shredder, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
      {"4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 7", CastlingStyle::xfen, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6",
       "4k3/8/8/3Pp3/8/8/8/4K3"},
      {"r3k4r/10/10/10/10/10/10/R3K4R b sKQkq - 12 40", CastlingStyle::xfen,
       "r3k4r/10/10/10/10/10/10/R3K4R b sKQkq -", "r3k4r/10/10/10/10/10/10/R3K4R"},
      {kLongest, CastlingStyle::shredder,
       "rnabqkbcnr/pppp1ppppp/nnnn1nnnnn/PPPPpPPPPP/NNNNNNNNNN/BBBBBBBBBB/PPPPPPPPPP/RNABQKBCNR"
       " w sJAja e6",
       "rnabqkbcnr/pppp1ppppp/nnnn1nnnnn/PPPPpPPPPP/NNNNNNNNNN/BBBBBBBBBB/PPPPPPPPPP/RNABQKBCNR"},
  };
  for (const Row& row : rows) {
    BOOST_TEST_CONTEXT(row.record) {
      const auto parsed = xfen::parse(row.record);
      BOOST_TEST_REQUIRE(parsed.ok());
      BOOST_TEST(xfen::to_string(parsed.position, {.castling = row.castling,
                                                   .fields = RecordFields::epd})
                     .text == row.epd);
      BOOST_TEST(xfen::to_string(parsed.position, {.castling = row.castling,
                                                   .fields = RecordFields::board})
                     .text == row.board);
      BOOST_TEST(xfen::to_string(parsed.position, {.castling = row.castling,
                                                   .fields = RecordFields::full})
                     .text.starts_with(row.epd));
    }
  }
}

// R15.5: every layout refuses what validate refuses, also in a field it leaves out: a position is
// valid or not whatever is written of it.
BOOST_AUTO_TEST_CASE(record_layouts_refuse_what_validate_refuses) {
  for (const Refusal& refusal : kRefusals) {
    BOOST_TEST_CONTEXT(refusal.what) {
      Position p = hand_built_start();
      refusal.change(p);
      for (const RecordFields fields : {RecordFields::epd, RecordFields::board}) {
        BOOST_TEST_CONTEXT(xfen::style_name(fields)) {
          char buffer[xfen::kMaxRecordSize];
          const auto result = xfen::write(
              p, buffer, {CastlingStyle::xfen, refusal.en_passant, fields});
          BOOST_TEST(!result.ok());
          BOOST_TEST(name(result.error.code) == refusal.code);
        }
      }
    }
  }
}

// R15.6: the buffer check counts the layout's bytes: a buffer exactly as long as the EPD or board
// record suffices, one byte less does not.
BOOST_AUTO_TEST_CASE(record_layouts_fit_exact_buffers) {
  for (const std::string_view record : kRecords) {
    const auto parsed = xfen::parse(record);
    BOOST_TEST_REQUIRE(parsed.ok(), record);
    for (const RecordFields fields : {RecordFields::epd, RecordFields::board}) {
      const WriteOptions options{.fields = fields};
      const std::string text = xfen::to_string(parsed.position, options).text;
      BOOST_TEST_CONTEXT(record << " as " << xfen::style_name(fields) << ": " << text) {
        BOOST_TEST(text == first_fields(record, xfen::field_count(fields)));
        std::vector<char> exact(text.size());
        const auto fits = xfen::write(parsed.position, exact, options);
        BOOST_TEST(fits.ok());
        BOOST_TEST(std::string_view(exact.data(), fits.size) == text);
        std::vector<char> short_by_one(text.size() - 1);
        const auto too_small = xfen::write(parsed.position, short_by_one, options);
        BOOST_TEST(name(too_small.error.code) == "write.buffer-too-small");
        BOOST_TEST(too_small.error.limit == static_cast<std::int32_t>(text.size()));
      }
    }
  }
}

// R15.7: over the 13,000 positions of the bundled corpus, in every castling and en passant style,
// writing EPD (or the board) and reading that back in the same layout gives the position the
// full record gives, minus what the layout leaves out: counters 0 and 1, and for a board also
// White to move, no castling, no en passant square.
BOOST_AUTO_TEST_CASE(record_layouts_round_trip_over_the_corpus) {
  std::ifstream in(std::string(XFEN_SOURCE_DIR) + "/corpus/positions/mixed.xfen");
  BOOST_TEST_REQUIRE(static_cast<bool>(in));
  std::size_t round_trips = 0;
  for (std::string line; std::getline(in, line);) {
    const auto original = xfen::parse(line);
    if (!original.ok()) continue;
    for (const auto castling : {CastlingStyle::xfen, CastlingStyle::shredder}) {
      for (const auto en_passant : kEnPassantStyles) {
        const auto full = xfen::to_string(original.position, {castling, en_passant});
        BOOST_TEST_REQUIRE(full.ok(), line);
        Position expected = xfen::parse(full.text).position;
        expected.halfmove_clock = 0;
        expected.fullmove_number = 1;
        for (const RecordFields fields : {RecordFields::epd, RecordFields::board}) {
          if (fields == RecordFields::board) {
            expected.side_to_move = Color::white;
            expected.castling = {};
            expected.en_passant.reset();
          }
          const WriteOptions options{castling, en_passant, fields};
          const auto written = xfen::to_string(original.position, options);
          const auto read = xfen::parse(written.text, {.fields = fields});
          if (!read.ok() || read.field_count != xfen::field_count(fields) ||
              written.text != first_fields(full.text, xfen::field_count(fields)) ||
              !(read.position == expected)) {
            BOOST_ERROR(line << " as " << xfen::style_name(fields) << ": '" << written.text
                             << "' reads back "
                             << (read.ok() ? xfen::to_string(read.position).text
                                           : std::string(xfen::code_name(read.error.code))));
            return;
          }
          ++round_trips;
        }
      }
    }
  }
  BOOST_TEST(round_trips == 13'000u * 2 * 3 * 2);
}
