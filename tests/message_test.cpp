// Every diagnostic's sentence, pinned word for word, with the bytes it points at: one line per
// code (more where a code has several sentences), record -> offset, length and the exact text of
// xfen::message. The conformance suite compares
// codes and offsets only, so without this table a changed, garbled or empty sentence would pass
// every other test.
#define BOOST_TEST_MODULE message
#include <boost/test/unit_test.hpp>
#include <array>

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "xfen/xfen.hpp"

namespace {

// How the diagnostic is produced from the record.
enum class Source {
  error,     // strict reading fails
  warning,   // lenient reading: the first warning with the row's code
  lenient,   // lenient reading fails
  write,     // strict reading, then writing in the row's castling style fails
  legality,  // check_legality: the first finding with the row's code
};

struct Row {
  std::string_view code;
  Source source;
  std::string_view record;
  std::uint32_t offset;  // where the diagnostic points (SPEC's offsets) and how many bytes it spans
  std::uint32_t length;
  std::string_view sentence;
  xfen::CastlingStyle castling = xfen::CastlingStyle::xfen;
  xfen::RecordFields fields = xfen::RecordFields::full;  // the layout the record is read in
};

constexpr auto kXfen = xfen::CastlingStyle::xfen;
constexpr auto kEpd = xfen::RecordFields::epd;
constexpr auto kBoard = xfen::RecordFields::board;

constexpr std::string_view S = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
const Row kRows[] = {
    {"record.empty", Source::error, "", 0, 0, "the record is empty"},
    {"record.whitespace", Source::error, START "\tw KQkq - 0 1", 43, 1, "unexpected tab at byte 43: fields are separated by single spaces"},
    {"record.separator", Source::error, START "  w KQkq - 0 1", 44, 0, "empty field at byte 44: fields are separated by exactly one space, with none before the first field or after the last"},
    {"record.missing-field", Source::error, "4k3/8/8/8/8/8/8/4K3", 19, 0, "the record ends after 1 field; the side to move field is missing (a record has six fields)"},
    {"record.missing-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 0", 27, 0, "the record ends after 5 fields; the fullmove number field is missing (a record has six fields)"},
    {"record.extra-field", Source::error, START " w KQkq - 0 1 x", 57, 1, "unexpected seventh field 'x': a record has exactly six fields"},
    // Each missing field is named; a token longer than 24 bytes is cut; a backslash and a quote
    // are escaped, so that the quoted token cannot be misread.
    {"record.missing-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w", 21, 0, "the record ends after 2 fields; the castling field is missing (a record has six fields)"},
    {"record.missing-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w -", 23, 0, "the record ends after 3 fields; the en passant field is missing (a record has six fields)"},
    {"record.missing-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w - -", 25, 0, "the record ends after 4 fields; the halfmove clock field is missing (a record has six fields)"},
    {"record.extra-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 abcdefghijklmnopqrstuvwxyz", 30, 26, "unexpected seventh field 'abcdefghijklmnopqrstuvwx...': a record has exactly six fields"},
    {"record.extra-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 0 1 a\\b'c", 30, 5, "unexpected seventh field 'a\\x5cb\\x27c': a record has exactly six fields"},
    {"board.bad-char", Source::error, "4k3/8/8/8/3x4/8/8/4K3 w - - 0 1", 11, 1, "'x' is not a piece letter (KQRBNPAC, kqrbnpac), an empty-square count or '/'"},
    {"board.bad-char", Source::error, "4k3/8/8/8/3\xe9" "4/8/8/4K3 w - - 0 1", 11, 1, "'\\xe9' is not a piece letter (KQRBNPAC, kqrbnpac), an empty-square count or '/'"},
    {"board.bad-count", Source::error, "4k3/8/8/8/8/8/8/4K0R2 w - - 0 1", 18, 1, "empty-square count '0' is not a number from 1 to 10 without leading zero"},
    {"board.rank-count", Source::error, "8/8/8/8/8/8/8/8/8 w - - 0 1", 15, 1, "the board has more than 8 ranks"},
    {"board.rank-count", Source::error, "8/8/8/8/8/8/8 w - - 0 1", 13, 0, "the board has 7 ranks, not 8"},
    {"board.rank-count", Source::error, "8 w - - 0 1", 1, 0, "the board has 1 rank, not 8"},
    {"board.width", Source::error, "4k4/9/9/9/9/9/9/4K4 w - - 0 1", 3, 1, "rank 8 is 9 squares wide; a board has 8 or 10 files"},
    {"board.width", Source::error, "rnbqkbnrrrr/8/8/8/8/8/8/8 w - - 0 1", 10, 1, "rank 8 is more than 10 squares wide; a board has 8 or 10 files"},
    {"board.width", Source::error, "k/8/8/8/8/8/8/8 w - - 0 1", 1, 1, "rank 8 is 1 square wide; a board has 8 or 10 files"},
    {"board.rank-width", Source::error, "8/k/8/8/8/8/8/8 w - - 0 1", 3, 1, "rank 7 is 1 square wide, but rank 8 is 8"},
    {"board.rank-width", Source::error, "4k3/8/8/7/8/8/8/4K3 w - - 0 1", 9, 1, "rank 5 is 7 squares wide, but rank 8 is 8"},
    {"board.rank-width", Source::error, "4k3/8/8/8/8/8/8/4K2 w - - 0 1", 19, 0, "rank 1 is 7 squares wide, but rank 8 is 8"},
    {"board.rank-width", Source::error, "4k3/8/8/9/8/8/8/4K3 w - - 0 1", 8, 1, "rank 5 is more than 8 squares wide, but rank 8 is 8"},
    {"side.invalid", Source::error, "4k3/8/8/8/8/8/8/4K3 W - - 0 1", 20, 1, "side to move 'W' is neither 'w' nor 'b'"},
    {"castling.bad-char", Source::error, START " w -K - 0 1", 47, 1, "'K' cannot stand here in the castling field: it is '-' alone, or an optional prefix 's' or 'm' followed by tokens K, Q, k, q or file letters"},
    {"castling.file-off-board", Source::error, START " w KI - 0 1", 47, 1, "castling file 'I' is beyond the last file of this 8-file board"},
    {"castling.empty-prefix", Source::error, START " w s - 0 1", 46, 1, "castling prefix 's' has no castling token after it"},
    {"castling.no-king", Source::error, "4k3/8/8/8/8/8/4K3/7R w K - 0 1", 23, 1, "castling token 'K' needs exactly one white king on rank 1, found 0"},
    {"castling.no-king", Source::error, "k3k3/8/8/8/8/8/8/4K3 w k - 0 1", 23, 1, "castling token 'k' needs exactly one black king on rank 8, found 2"},
    {"castling.no-rook", Source::error, "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", 23, 1, "castling token 'K' names no rook: no white rook stands on the h-side of the king on e1"},
    {"castling.no-rook", Source::error, "4k2r/8/8/8/8/8/8/4K3 w q - 0 1", 23, 1, "castling token 'q' names no rook: no black rook stands on the a-side of the king on e8"},
    {"castling.no-rook", Source::error, "r3k3/8/8/8/8/8/8/4K3 w Q - 0 1", 23, 1, "castling token 'Q' names no rook: no white rook stands on the a-side of the king on e1"},
    {"castling.no-rook", Source::error, "r3k3/8/8/8/8/8/8/4K3 w k - 0 1", 23, 1, "castling token 'k' names no rook: no black rook stands on the h-side of the king on e8"},
    {"castling.no-rook", Source::error, "4k3/8/8/8/8/8/8/4K2R w G - 0 1", 23, 1, "castling token 'G' names no rook: g1 holds no white rook"},
    {"castling.duplicate", Source::error, START " w KK - 0 1", 47, 1, "castling token 'K' names the rook on h1 again"},
    {"castling.same-side", Source::error, "4k3/8/8/8/8/8/8/4K1RR w HG - 0 1", 25, 1, "castling token 'G' gives White a second right on the same side of the king (rook g1, besides the rook on h1)"},
    {"en-passant.syntax", Source::error, "4k3/8/8/3Pp3/8/8/8/4K3 w - E6 0 1", 27, 2, "en passant field 'E6' is neither '-' nor a square such as 'e3'"},
    {"en-passant.off-board", Source::error, "4k3/8/8/8/8/8/8/4K3 w - i6 0 1", 24, 2, "en passant square 'i6' is beyond the last file of this 8-file board"},
    {"en-passant.wrong-rank", Source::error, "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", 26, 2, "en passant square 'e3' must be on rank 6 with White to move"},
    {"en-passant.wrong-rank", Source::error, "4k3/8/8/4p3/8/8/8/4K3 b - e6 0 1", 26, 2, "en passant square 'e6' must be on rank 3 with Black to move"},
    {"en-passant.no-pawn", Source::error, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", 24, 2, "en passant square 'e6' needs a black pawn on e5 that has just moved two squares"},
    {"en-passant.occupied", Source::error, "4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", 28, 2, "en passant square 'e6' needs e6 to be empty: the pawn has just passed it"},
    {"en-passant.occupied", Source::error, "4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1", 28, 2, "en passant square 'e6' needs e7 to be empty: the pawn has just passed it"},
    {"halfmove.syntax", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 00 1", 26, 2, "halfmove clock '00' is not a decimal number without sign or leading zero"},
    {"halfmove.range", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 2147483648 1", 26, 10, "halfmove clock '2147483648' is above 2147483647"},
    {"halfmove.range", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 12345678901234567890123456789 1", 26, 29, "halfmove clock '123456789012345678901234...' is above 2147483647"},
    {"fullmove.syntax", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 0 +1", 28, 2, "fullmove number '+1' is not a decimal number without sign or leading zero"},
    {"fullmove.range", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 0 0", 28, 1, "fullmove number '0' is outside 1..2147483647"},
    {"write.needs-file-letter", Source::write, "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", 0, 0, "classic FEN cannot write the castling right of the inner rook on g1; use X-FEN or Shredder-FEN", xfen::CastlingStyle::classic},
    {"write.castling-prefix", Source::write, START " w mKQkq - 0 1", 0, 0, "classic FEN cannot write a castling prefix; use X-FEN or Shredder-FEN", xfen::CastlingStyle::classic},
    {"legal.king-count", Source::legality, "4k3/8/8/8/8/8/8/8 w - - 0 1", 0, 0, "White has 0 kings; a legal position has exactly one per colour"},
    {"legal.king-count", Source::legality, "4k2k/8/8/8/8/8/8/4K3 w - - 0 1", 0, 0, "Black has 2 kings; a legal position has exactly one per colour"},
    {"legal.pawn-on-back-rank", Source::legality, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", 16, 1, "white pawn on a1: pawns never stand on rank 1 or 8"},
    {"legal.pawn-on-back-rank", Source::legality, "4k2p/8/8/8/8/8/8/4K3 w - - 0 1", 3, 1, "black pawn on h8: pawns never stand on rank 1 or 8"},
    {"legal.opponent-in-check", Source::legality, "4k3/8/8/8/8/8/8/4RK2 w - - 0 1", 1, 1, "Black's king on e8 is in check, but it is White to move"},
    {"legal.opponent-in-check", Source::legality, "4k3/8/8/8/8/8/8/4K2r b - - 0 1", 17, 1, "White's king on e1 is in check, but it is Black to move"},
    {"legal.en-passant-clock", Source::legality, "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 5 1", 30, 0, "en passant square e6 means a pawn has just moved, so the halfmove clock must be 0, not 5"},
    // Warnings: what lenient reading did instead of failing.
    {"record.separator", Source::warning, " " START " w KQkq - 0 1", 0, 1, "white space ' ' at byte 0 accepted; strict X-FEN has exactly one space between fields and none around them"},
    {"record.whitespace", Source::warning, START " w KQkq - 0 1\n", 56, 1, "white space '\\x0a' at byte 56 accepted; strict X-FEN has exactly one space between fields and none around them"},
    {"record.missing-field", Source::warning, START " w KQkq - 0", 54, 0, "the record ends after 5 fields; the missing ones are read as '1'"},
    {"record.missing-field", Source::warning, START, 43, 0, "the record ends after 1 field; the missing ones are read as 'w - - 0 1'"},
    {"record.missing-field", Source::warning, "4k3/8/8/8/8/8/8/4K3 w", 21, 0, "the record ends after 2 fields; the missing ones are read as '- - 0 1'"},
    // The other layouts of fields (SPEC R15): each sentence counts the layout's fields.
    {"record.missing-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w -", 23, 0, "the record ends after 3 fields; the en passant field is missing (an EPD record has four fields)", kXfen, kEpd},
    {"record.missing-field", Source::error, "4k3/8/8/8/8/8/8/4K3", 19, 0, "the record ends after 1 field; the side to move field is missing (an EPD record has four fields)", kXfen, kEpd},
    {"record.extra-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 26, 1, "unexpected fifth field '0': an EPD record has exactly four fields", kXfen, kEpd},
    {"record.extra-field", Source::lenient, "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;", 26, 2, "unexpected fifth field 'bm': an EPD record has exactly four fields", kXfen, kEpd},
    {"record.extra-field", Source::error, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", 20, 1, "unexpected second field 'w': a board-only record has exactly one field", kXfen, kBoard},
    {"record.missing-field", Source::warning, "4k3/8/8/8/8/8/8/4K3 b", 21, 0, "the record ends after 2 fields; the missing ones are read as '- -'", kXfen, kEpd},
    {"record.missing-field", Source::warning, "4k3/8/8/8/8/8/8/4K3", 19, 0, "the record ends after 1 field; the missing ones are read as 'w - -'", kXfen, kEpd},
    {"board.bad-count", Source::warning, "4k3/8/8/44/8/8/8/4K3 w - - 0 1", 8, 2, "empty-square count '44' read as 8 (its digits summed)"},
    {"board.bad-count", Source::warning, "4k3/8/8/8/8/8/8/99999 w - - 0 1", 16, 5, "empty-square count '99999' read as 45 (its digits summed)"},
    {"fullmove.range", Source::warning, "4k3/8/8/8/8/8/8/4K3 w - - 0 0", 28, 1, "fullmove number '0' read as 1"},
    {"castling.no-rook", Source::warning, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", 22, 1, "castling token 'K' names no rook: no white rook stands on the h-side of the king on e1; dropped"},
    {"castling.no-king", Source::warning, "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", 26, 1, "castling token 'K' needs exactly one white king on rank 1, found 0; dropped"},
    {"castling.duplicate", Source::warning, "4k3/8/8/8/8/8/8/4K2R w KH - 0 1", 24, 1, "castling token 'H' names the rook on h1 again; dropped"},
    {"en-passant.wrong-rank", Source::warning, "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", 26, 2, "en passant square 'e3' must be on rank 6 with White to move; dropped"},
    {"en-passant.no-pawn", Source::warning, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", 24, 2, "en passant square 'e6' needs a black pawn on e5 that has just moved two squares; dropped"},
    {"en-passant.occupied", Source::warning, "5k4/10/10/10/9P/10/9R/5K4 b - j3 0 1", 30, 2, "en passant square 'j3' needs j2 to be empty: the pawn has just passed it; dropped"},
    {"side.invalid", Source::lenient, "4k3/8/8/8/8/8/8/4K3 W - - 0 1", 20, 1, "side to move 'W' is neither 'w' nor 'b'"},
};
#undef START

// The diagnostic a row describes, and the record its offsets point into.
xfen::Diagnostic produce(const Row& row) {
  const std::string_view record = row.record;
  const auto first_with_code = [&](const auto& list) {
    for (const xfen::Diagnostic& d : list)
      if (xfen::code_name(d.code) == row.code) return d;
    BOOST_ERROR("no " << row.code << " diagnostic");
    return xfen::Diagnostic{};
  };
  const xfen::ParseOptions strict{.fields = row.fields};
  const xfen::ParseOptions lenient{.profile = xfen::Profile::lenient, .fields = row.fields};
  switch (row.source) {
    case Source::error: return xfen::parse(record, strict).error;
    case Source::lenient: return xfen::parse(record, lenient).error;
    case Source::warning: return first_with_code(xfen::parse(record, lenient).warnings);
    case Source::write: {
      const xfen::ParseResult read = xfen::parse(record);
      BOOST_TEST_REQUIRE(read.ok());
      return xfen::to_string(read.position, {.castling = row.castling}).error;
    }
    case Source::legality: {
      const xfen::ParseResult read = xfen::parse(record);
      BOOST_TEST_REQUIRE(read.ok());
      return first_with_code(xfen::check_legality(read, record).findings);
    }
  }
  return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_sentence) {
  for (const Row& row : kRows) {
    BOOST_TEST_CONTEXT(row.code << " from \"" << row.record << "\"") {
      const xfen::Diagnostic diagnostic = produce(row);
      BOOST_TEST(xfen::code_name(diagnostic.code) == row.code);
      BOOST_TEST(diagnostic.offset == row.offset);
      BOOST_TEST(diagnostic.length == row.length);
      BOOST_TEST(xfen::message(diagnostic, row.record) == row.sentence);
    }
  }
}

// Codes that no record produces: their diagnostics are built as the library and the command make
// them.
BOOST_AUTO_TEST_CASE(sentences_of_codes_without_a_record) {
  BOOST_TEST(xfen::message({.code = xfen::Code::record_too_long}, "") ==
             "the record is longer than 4294967294 bytes, the most that 32-bit offsets can point into");
  BOOST_TEST(xfen::message({.code = xfen::Code::input_too_long, .offset = 4096, .limit = 4096}, "") ==
             "the line is longer than 4096 bytes; it is skipped unread");

  const xfen::Position start = xfen::parse(std::string(S) + " w KQkq - 0 1").position;
  std::array<char, 10> small{};
  const xfen::WriteResult too_small = xfen::write(start, small);
  BOOST_TEST(xfen::message(too_small.error, "") ==
             "the output buffer holds 10 bytes; the record needs 56");
}

namespace {

// A position built by hand that validate() and the writer refuse: no record to point into, so the
// diagnostic's square and value must make the sentence complete.
struct HandBuilt {
  std::string_view code;
  void (*change)(xfen::Position&);
  std::string_view sentence;
  xfen::CastlingStyle castling = xfen::CastlingStyle::xfen;
};

void put(xfen::Position& p, std::string_view square, char letter) {
  p.put(xfen::make_square(square[0] - 'a', square[1] - '1'), xfen::Piece::from_letter(letter));
}

const HandBuilt kHandBuilt[] = {
    {"board.width", [](xfen::Position& p) { p.width = 9; },
     "rank 8 is 9 squares wide; a board has 8 or 10 files"},
    {"board.off-board", [](xfen::Position& p) { put(p, "i3", 'Q'); },
     "'Q' on i3 stands beyond the last file of this 8-file board"},
    {"castling.empty-prefix",
     [](xfen::Position& p) {
       p.castling = {};
       p.castling.mode = xfen::CastlingMode::symmetric;
     },
     "castling prefix 's' has no castling token after it"},
    {"castling.file-off-board",
     [](xfen::Position& p) { p.castling.set(xfen::Color::black, xfen::CastlingSide::h_side, 9); },
     "castling file 'j' is beyond the last file of this 8-file board"},
    {"castling.no-king", [](xfen::Position& p) { put(p, "e1", '\0'); },
     "castling token 'H' needs exactly one white king on rank 1, found 0"},
    {"castling.no-rook", [](xfen::Position& p) { put(p, "a8", 'n'); },
     "castling token 'a' names no rook: a8 holds no black rook"},
    {"castling.no-rook",
     [](xfen::Position& p) { p.castling.set(xfen::Color::white, xfen::CastlingSide::h_side, 0); },
     "castling token 'K' names no rook: no white rook stands on the h-side of the king on e1"},
    {"en-passant.off-board",
     [](xfen::Position& p) { p.en_passant = xfen::make_square(9, 5); },
     "en passant square 'j6' is beyond the last file of this 8-file board"},
    {"en-passant.wrong-rank",
     [](xfen::Position& p) {
       put(p, "d7", '\0');
       put(p, "d5", 'p');
       p.en_passant = xfen::make_square(3, 4);
     },
     "en passant square 'd5' must be on rank 6 with White to move"},
    {"en-passant.no-pawn", [](xfen::Position& p) { p.en_passant = xfen::make_square(4, 5); },
     "en passant square 'e6' needs a black pawn on e5 that has just moved two squares"},
    {"en-passant.occupied",
     [](xfen::Position& p) {
       put(p, "e5", 'p');
       p.en_passant = xfen::make_square(4, 5);
     },
     "en passant square 'e6' needs e7 to be empty: the pawn has just passed it"},
    {"halfmove.range", [](xfen::Position& p) { p.halfmove_clock = 4294967295u; },
     "halfmove clock '4294967295' is above 2147483647"},
    {"fullmove.range", [](xfen::Position& p) { p.fullmove_number = 0; },
     "fullmove number '0' is outside 1..2147483647"},
    {"write.needs-file-letter",
     [](xfen::Position& p) {
       put(p, "g1", 'R');
       p.castling.set(xfen::Color::white, xfen::CastlingSide::h_side, 6);
     },
     "classic FEN cannot write the castling right of the inner rook on g1; use X-FEN or "
     "Shredder-FEN",
     xfen::CastlingStyle::classic},
    {"write.castling-prefix", [](xfen::Position& p) { p.castling.mode = xfen::CastlingMode::modern; },
     "classic FEN cannot write a castling prefix; use X-FEN or Shredder-FEN",
     xfen::CastlingStyle::classic},
};

}  // namespace

// Every refusal of the writer (validate's codes and its own) in a sentence that needs no record.
BOOST_AUTO_TEST_CASE(sentences_about_positions_built_by_hand) {
  const xfen::Position start = xfen::parse(std::string(S) + " w KQkq - 0 1").position;
  for (const HandBuilt& row : kHandBuilt) {
    BOOST_TEST_CONTEXT(row.sentence) {
      xfen::Position p = start;
      row.change(p);
      const xfen::StringResult written = xfen::to_string(p, {.castling = row.castling});
      BOOST_TEST(xfen::code_name(written.error.code) == row.code);
      BOOST_TEST(xfen::message(written.error) == row.sentence);
      // The record's text is not consulted: a diagnostic about a position quotes its value.
      BOOST_TEST(xfen::message(written.error, "unrelated record text") == row.sentence);
      if (written.error.code != xfen::Code::write_needs_file_letter &&
          written.error.code != xfen::Code::write_castling_prefix)
        BOOST_TEST(xfen::code_name(xfen::validate(p).error.code) == row.code);
    }
  }
}

// format_message writes into a caller's buffer and reports the whole size, as snprintf does.
// The one way xfen shows bytes to people (message.hpp): printable ASCII as it is; other bytes,
// the backslash and the quote as \xNN in lower case, one hex case everywhere.
BOOST_AUTO_TEST_CASE(printable_bytes) {
  BOOST_TEST(xfen::printable("a b~") == "a b~");
  BOOST_TEST(xfen::printable(std::string_view("\0\n\x1f\x7f\x80\xC3\xA9\xff", 8)) ==
             "\\x00\\x0a\\x1f\\x7f\\x80\\xc3\\xa9\\xff");
  BOOST_TEST(xfen::printable("it's C:\\x") == "it\\x27s C:\\x5cx");
  std::string out = "file ";
  xfen::append_printable(out, "a\nb");
  BOOST_TEST(out == "file a\\x0ab");
  for (int byte = 0; byte < 256; ++byte) {
    std::array<char, xfen::kMaxPrintableByteSize> shown{};
    const std::size_t size = xfen::printable_byte(static_cast<char>(byte), shown);
    const std::string_view text(shown.data(), size);
    BOOST_TEST((size == 1 || size == 4));
    for (const char c : text) BOOST_TEST((c >= 0x20 && c < 0x7f && !(c >= 'A' && c <= 'F' && size == 4)));
  }
}

BOOST_AUTO_TEST_CASE(format_message_without_allocation) {
  const xfen::Diagnostic fullmove{.code = xfen::Code::fullmove_range, .offset = 2, .length = 1};
  const std::string_view record = "x 0";
  const std::string whole = xfen::message(fullmove, record);
  BOOST_TEST(whole == "fullmove number '0' is outside 1..2147483647");
  std::array<char, xfen::kMaxMessageSize> buffer{};
  BOOST_TEST(xfen::format_message(fullmove, record, buffer) == whole.size());
  BOOST_TEST(std::string_view(buffer.data(), whole.size()) == whole);
  std::array<char, 10> small{};
  small.fill('#');
  BOOST_TEST(xfen::format_message(fullmove, record, std::span<char>(small.data(), 8)) ==
             whole.size());
  BOOST_TEST(std::string_view(small.data(), 10) == "fullmove##");
}

BOOST_AUTO_TEST_CASE(every_code_has_a_sentence_here) {
  std::set<std::string_view> pinned = {"record.too-long", "input.too-long",
                                       "write.buffer-too-small"};
  for (const Row& row : kRows) pinned.insert(row.code);
  for (const HandBuilt& row : kHandBuilt) pinned.insert(row.code);
  for (const xfen::Code code : xfen::all_codes())
    BOOST_TEST(pinned.count(xfen::code_name(code)) == 1U, "no sentence pinned for " << xfen::code_name(code));
}
