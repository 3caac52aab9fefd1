// Attacks, legality findings and en passant analysis (SPEC R5, R7.4, R8.3, R10), each compared
// with a small reference written here from the rules alone: every piece kind from every square
// of 8×8 and 10×8 boards, many random positions, and records read strictly and leniently (the
// offsets of the findings). Mutation testing (docs/MUTATION.md) found these left unpinned.
#define BOOST_TEST_MODULE legality
#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "xfen/xfen.hpp"
#include "seeded_random.hpp"

namespace {

using xfen::Code;
using xfen::Color;
using xfen::Piece;
using xfen::PieceType;
using xfen::Position;
using xfen::Square;

constexpr PieceType kKinds[] = {PieceType::pawn,       PieceType::knight,    PieceType::bishop,
                                PieceType::rook,       PieceType::queen,     PieceType::king,
                                PieceType::archbishop, PieceType::chancellor};

using xfen_test::Random;

std::string board_text(const Position& p) {
  std::string text;
  for (int rank = xfen::kRanks - 1; rank >= 0; --rank) {
    for (int file = 0; file < p.width; ++file) {
      const Piece piece = p.at(xfen::make_square(file, rank));
      text += piece.empty() ? '.' : piece.letter();
    }
    if (rank != 0) text += '/';
  }
  return text + (p.side_to_move == Color::white ? " w" : " b");
}

// --- the reference: the move rules as a player states them ---

bool on_board(const Position& p, int file, int rank) {
  return file >= 0 && file < p.width && rank >= 0 && rank < xfen::kRanks;
}

// Whether the squares strictly between `from` and `to` (on one line) are all empty.
bool line_is_clear(const Position& p, Square from, Square to) {
  const int df = (to.file > from.file) - (to.file < from.file);
  const int dr = (to.rank > from.rank) - (to.rank < from.rank);
  int file = from.file + df;
  int rank = from.rank + dr;
  while (file != to.file || rank != to.rank) {
    if (!p.at(xfen::make_square(file, rank)).empty()) return false;
    file += df;
    rank += dr;
  }
  return true;
}

// Whether the piece on `from` attacks `to`.
bool reference_attacks(const Position& p, Square from, Square to) {
  const Piece piece = p.at(from);
  const int df = to.file - from.file;
  const int dr = to.rank - from.rank;
  const int adf = std::abs(df);
  const int adr = std::abs(dr);
  if (piece.empty() || (adf == 0 && adr == 0)) return false;
  const bool knight = (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
  const bool diagonal = adf == adr && line_is_clear(p, from, to);
  const bool orthogonal = (adf == 0 || adr == 0) && line_is_clear(p, from, to);
  switch (piece.type()) {
    case PieceType::pawn: return adf == 1 && dr == (piece.color() == Color::white ? 1 : -1);
    case PieceType::knight: return knight;
    case PieceType::bishop: return diagonal;
    case PieceType::rook: return orthogonal;
    case PieceType::queen: return diagonal || orthogonal;
    case PieceType::king: return adf <= 1 && adr <= 1;
    case PieceType::archbishop: return knight || diagonal;
    case PieceType::chancellor: return knight || orthogonal;
    case PieceType::none: return false;
  }
  return false;
}

bool reference_is_attacked(const Position& p, Square target, Color by) {
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < p.width; ++file) {
      const Square from = xfen::make_square(file, rank);
      const Piece piece = p.at(from);
      if (!piece.empty() && piece.color() == by && reference_attacks(p, from, target)) return true;
    }
  return false;
}

// R5.2, from the side to move.
Code reference_geometry(const Position& p, Square s) {
  if (s.file < 0 || s.file >= p.width) return Code::en_passant_off_board;
  const bool white = p.side_to_move == Color::white;
  if (s.rank != (white ? 5 : 2)) return Code::en_passant_wrong_rank;
  const Color pusher = white ? Color::black : Color::white;
  const int pawn_rank = white ? 4 : 3;
  const int from_rank = white ? 6 : 1;
  if (!p.at(xfen::make_square(s.file, pawn_rank)).is(PieceType::pawn, pusher))
    return Code::en_passant_no_pawn;
  if (!p.at(s).empty() || !p.at(xfen::make_square(s.file, from_rank)).empty())
    return Code::en_passant_occupied;
  return Code::ok;
}

// R7.4: the pawns of the side to move beside the pushed pawn, lower file first.
std::vector<Square> reference_capturers(const Position& p, Square target) {
  std::vector<Square> capturers;
  const int rank = p.side_to_move == Color::white ? 4 : 3;
  for (const int file : {target.file - 1, target.file + 1})
    if (on_board(p, file, rank) &&
        p.at(xfen::make_square(file, rank)).is(PieceType::pawn, p.side_to_move))
      capturers.push_back(xfen::make_square(file, rank));
  return capturers;
}

// The capture played out: legal when no king of the mover is attacked afterwards.
bool reference_capture_is_legal(const Position& p, Square capturer, Square target) {
  Position after = p;
  after.put(target, after.at(capturer));
  after.put(capturer, Piece());
  after.put(xfen::make_square(target.file, capturer.rank), Piece());
  const Color mover = p.side_to_move;
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < p.width; ++file) {
      const Square s = xfen::make_square(file, rank);
      if (after.at(s).is(PieceType::king, mover) &&
          reference_is_attacked(after, s, xfen::opposite(mover)))
        return false;
    }
  return true;
}

std::optional<Square> reference_xfen_en_passant(const Position& p) {
  if (!p.en_passant || reference_geometry(p, *p.en_passant) != Code::ok) return std::nullopt;
  if (reference_capturers(p, *p.en_passant).empty()) return std::nullopt;
  return p.en_passant;
}

// --- random positions ---

Piece random_piece(Random& random) {
  return Piece(kKinds[random.below(8)], random.one_in(2) ? Color::white : Color::black);
}

// Sets up a double push just played by the side not to move, on a random file, with pawns of
// the side to move beside it now and then; sometimes one of its conditions is broken.
void random_double_push(Position& p, Random& random) {
  const bool white = p.side_to_move == Color::white;
  const Color pusher = white ? Color::black : Color::white;
  const int file = random.below(p.width);
  const int pawn_rank = white ? 4 : 3;
  p.put(xfen::make_square(file, pawn_rank), Piece(PieceType::pawn, pusher));
  p.put(xfen::make_square(file, white ? 5 : 2), Piece());
  p.put(xfen::make_square(file, white ? 6 : 1), Piece());
  for (const int side : {file - 1, file + 1}) {
    if (side < 0 || side >= p.width) continue;
    const int choice = random.below(4);
    const Square s = xfen::make_square(side, pawn_rank);
    if (choice == 0) p.put(s, Piece(PieceType::pawn, p.side_to_move));
    if (choice == 1) p.put(s, Piece());
  }
  int target_rank = white ? 5 : 2;
  switch (random.below(12)) {
    case 0: target_rank = random.below(xfen::kRanks); break;
    case 1: p.put(xfen::make_square(file, white ? 5 : 2), random_piece(random)); break;
    case 2: p.put(xfen::make_square(file, white ? 6 : 1), random_piece(random)); break;
    case 3: p.put(xfen::make_square(file, pawn_rank), random_piece(random)); break;
    default: break;
  }
  p.en_passant = xfen::make_square(file, target_rank);
}

// A board of `width` with up to `pieces` random pieces, 0 to 3 kings of each colour and now and
// then a double push; back-rank pawns included.
Position random_position(Random& random, int width, int pieces) {
  Position p;
  p.width = static_cast<std::uint8_t>(width);
  p.side_to_move = random.one_in(2) ? Color::white : Color::black;
  const int count = random.below(pieces + 1);
  for (int i = 0; i < count; ++i) {
    Piece piece = random_piece(random);
    if (piece.type() == PieceType::king) piece = Piece(PieceType::pawn, piece.color());
    p.put(xfen::make_square(random.below(width), random.below(xfen::kRanks)), piece);
  }
  for (const Color color : {Color::white, Color::black}) {
    const int kings = random.one_in(6) ? random.below(4) : 1;
    for (int i = 0; i < kings; ++i)
      p.put(xfen::make_square(random.below(width), random.below(xfen::kRanks)),
            Piece(PieceType::king, color));
  }
  // Now and then many pawns on the back ranks: more findings than the report keeps.
  if (random.one_in(12))
    for (const int rank : {0, 7})
      for (int file = 0; file < width; ++file)
        if (random.one_in(2))
          p.put(xfen::make_square(file, rank),
                Piece(PieceType::pawn, random.one_in(2) ? Color::white : Color::black));
  if (!random.one_in(3)) random_double_push(p, random);
  const std::uint32_t clocks[] = {0, 0, 0, 1, 5, 99};
  p.halfmove_clock = clocks[random.below(6)];
  return p;
}

// --- the legality reference (R10) ---

struct Finding {
  Code code;
  std::uint32_t offset;
  std::uint32_t length;
  Square square;
  Color color;
  std::int32_t found;
  std::int32_t limit;
};

std::string describe(const Finding& f) {
  std::ostringstream out;
  out << xfen::code_name(f.code) << " offset " << f.offset << " length " << f.length << " square "
      << (f.square.is_valid(xfen::kMaxFiles) ? xfen::square_name(f.square) : "-") << " colour "
      << static_cast<int>(f.color) << " found " << f.found << " limit " << f.limit;
  return out.str();
}

Finding from_diagnostic(const xfen::Diagnostic& d) {
  return {d.code, d.offset, d.length, d.square, d.color, d.found, d.limit};
}

// `letter_offset` gives the byte of a square's letter in the record (0 without one),
// `halfmove_offset` the start of the halfmove field.
template <typename LetterOffset>
std::vector<Finding> reference_legality(const Position& p, LetterOffset letter_offset,
                                        std::uint32_t halfmove_offset) {
  std::vector<Finding> findings;
  std::optional<Square> king[2];
  int kings[2] = {0, 0};
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < p.width; ++file) {
      const Square s = xfen::make_square(file, rank);
      for (const Color color : {Color::white, Color::black})
        if (p.at(s).is(PieceType::king, color)) {
          ++kings[static_cast<int>(color)];
          king[static_cast<int>(color)] = s;
        }
    }
  for (const Color color : {Color::white, Color::black})
    if (kings[static_cast<int>(color)] != 1)
      findings.push_back(
          {Code::legal_king_count, 0, 0, Square{}, color, kings[static_cast<int>(color)], 1});
  for (const int rank : {0, 7})
    for (int file = 0; file < p.width; ++file) {
      const Square s = xfen::make_square(file, rank);
      if (p.at(s).type() == PieceType::pawn)
        findings.push_back(
            {Code::legal_pawn_on_back_rank, letter_offset(s), 1, s, p.at(s).color(), 0, 0});
    }
  const Color waiting = xfen::opposite(p.side_to_move);
  const int w = static_cast<int>(waiting);
  if (kings[w] == 1 && reference_is_attacked(p, *king[w], p.side_to_move))
    findings.push_back(
        {Code::legal_opponent_in_check, letter_offset(*king[w]), 1, *king[w], waiting, 0, 0});
  if (const auto target = reference_xfen_en_passant(p); target && p.halfmove_clock != 0)
    findings.push_back({Code::legal_en_passant_clock, halfmove_offset, 0, *target, Color::white,
                        static_cast<std::int32_t>(p.halfmove_clock), 0});
  return findings;
}

struct Received {
  std::vector<xfen::Diagnostic> diagnostics;
  xfen::DiagnosticSink sink() noexcept {
    return {.receive =
                [](void* context, const xfen::Diagnostic& diagnostic) noexcept {
                  static_cast<Received*>(context)->diagnostics.push_back(diagnostic);
                },
            .context = this};
  }
};

// Compares a report and what its sink received with the reference; returns the first difference.
std::string compare(const xfen::LegalityReport& report, const Received& received,
                    const std::vector<Finding>& expected) {
  if (report.findings.total() != expected.size())
    return "total " + std::to_string(report.findings.total()) + ", expected " +
           std::to_string(expected.size());
  const std::size_t kept = std::min(expected.size(), xfen::DiagnosticList::kCapacity);
  if (report.findings.size() != kept) return "kept " + std::to_string(report.findings.size());
  if (report.ok() != expected.empty()) return "ok() disagrees";
  if (received.diagnostics.size() != expected.size()) return "sink count differs";
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const std::string want = describe(expected[i]);
    const std::string sunk = describe(from_diagnostic(received.diagnostics[i]));
    if (sunk != want) return "sink " + std::to_string(i) + ": " + sunk + ", expected " + want;
    if (received.diagnostics[i].severity != xfen::Severity::error) return "severity";
    if (i < kept) {
      const std::string got = describe(from_diagnostic(report.findings[i]));
      if (got != want) return "finding " + std::to_string(i) + ": " + got + ", expected " + want;
    }
  }
  return {};
}

}  // namespace

// One piece alone on an empty board, on every square, against every target square: the attack
// pattern of each kind and colour at every edge and corner of both board sizes.
BOOST_AUTO_TEST_CASE(each_piece_alone_attacks_as_it_moves_from_every_square) {
  std::size_t compared = 0;
  for (const int width : {8, 10})
    for (const PieceType kind : kKinds)
      for (const Color color : {Color::white, Color::black}) {
        std::string first_difference;
        for (int from = 0; from < width * xfen::kRanks; ++from) {
          Position p;
          p.width = static_cast<std::uint8_t>(width);
          const Square origin = xfen::make_square(from % width, from / width);
          p.put(origin, Piece(kind, color));
          for (int to = 0; to < width * xfen::kRanks; ++to) {
            const Square target = xfen::make_square(to % width, to / width);
            const bool expected = reference_attacks(p, origin, target);
            ++compared;
            if (xfen::is_attacked(p, target, color) != expected && first_difference.empty())
              first_difference = Piece(kind, color).letter() +
                                 (" on " + std::string(xfen::square_name(origin))) + " -> " +
                                 std::string(xfen::square_name(target)) +
                                 (expected ? " not seen" : " wrongly seen");
            if (xfen::is_attacked(p, target, xfen::opposite(color)) && first_difference.empty())
              first_difference =
                  "the other colour attacks " + std::string(xfen::square_name(target));
          }
        }
        BOOST_TEST(first_difference.empty(), width << " files: " << first_difference);
      }
  BOOST_TEST(compared == 16u * (64u * 64u + 80u * 80u));
}

// Crowded random boards: sliders blocked by any piece of either colour, several attackers,
// every target square, both colours.
BOOST_AUTO_TEST_CASE(attacks_on_crowded_boards_match_the_reference) {
  Random random{20261201};
  for (int i = 0; i < 600; ++i) {
    const int width = i % 2 == 0 ? 8 : 10;
    const Position p = random_position(random, width, 4 + i % 24);
    for (int to = 0; to < width * xfen::kRanks; ++to)
      for (const Color by : {Color::white, Color::black}) {
        const Square target = xfen::make_square(to % width, to / width);
        if (xfen::is_attacked(p, target, by) != reference_is_attacked(p, target, by)) {
          BOOST_TEST(false, board_text(p) << ": " << xfen::square_name(target) << " by colour "
                                          << static_cast<int>(by));
          return;
        }
      }
  }
}

// A king attacked along a line is shielded by a single piece of either colour between, and
// only the first piece on the line counts.
BOOST_AUTO_TEST_CASE(one_blocker_shields_the_king_from_every_slider) {
  for (const int width : {8, 10})
    for (const PieceType kind : kKinds)
      for (int king_at = 0; king_at < width * xfen::kRanks; king_at += 3)
        for (int from = 0; from < width * xfen::kRanks; ++from) {
          const Square king = xfen::make_square(king_at % width, king_at / width);
          const Square origin = xfen::make_square(from % width, from / width);
          if (origin == king) continue;
          Position p;
          p.width = static_cast<std::uint8_t>(width);
          p.put(king, Piece(PieceType::king, Color::black));
          p.put(origin, Piece(kind, Color::white));
          // The square next to the king towards the attacker, when that is not the attacker.
          const int df = (origin.file > king.file) - (origin.file < king.file);
          const int dr = (origin.rank > king.rank) - (origin.rank < king.rank);
          const Square between = xfen::make_square(king.file + df, king.rank + dr);
          if (between == origin) continue;
          p.put(between, Piece(PieceType::knight, from % 2 == 0 ? Color::black : Color::white));
          if (xfen::is_attacked(p, king, Color::white) !=
              reference_is_attacked(p, king, Color::white)) {
            BOOST_TEST(false, board_text(p) << ": king on " << xfen::square_name(king));
            return;
          }
        }
}

// check_legality on random positions, hand-built (offsets 0): every finding with its code,
// square, colour, counts, order, and the sink's copy of all of them.
BOOST_AUTO_TEST_CASE(findings_of_random_positions_match_the_reference) {
  Random random{936};
  std::size_t with_findings = 0;
  std::size_t over_capacity = 0;
  std::size_t en_passant_findings = 0;
  std::size_t checks = 0;
  for (int i = 0; i < 3000; ++i) {
    const int width = i % 3 == 0 ? 10 : 8;
    const Position p = random_position(random, width, i % 5 == 0 ? 40 : 10);
    const auto expected = reference_legality(
        p, [](Square) { return 0u; }, 0);
    Received received;
    const auto report = xfen::check_legality(p, received.sink());
    const std::string difference = compare(report, received, expected);
    if (!difference.empty()) {
      BOOST_TEST(false, board_text(p) << ": " << difference);
      return;
    }
    with_findings += !expected.empty();
    over_capacity += expected.size() > xfen::DiagnosticList::kCapacity;
    for (const Finding& f : expected) {
      en_passant_findings += f.code == Code::legal_en_passant_clock;
      checks += f.code == Code::legal_opponent_in_check;
    }
  }
  // The generator reaches every kind of finding, and lists longer than the report keeps.
  BOOST_TEST(with_findings > 500u);
  BOOST_TEST(over_capacity > 10u);
  BOOST_TEST(en_passant_findings > 50u);
  BOOST_TEST(checks > 100u);
}

namespace {

// A record for `p` written here, so that the offset of each piece letter is known
// independently of the library: empty runs as one count, or (lenient) as digits summing to the
// run; white space before the record and between fields when lenient.
struct Record {
  std::string text;
  std::vector<std::uint32_t> letter_at = std::vector<std::uint32_t>(xfen::kMaxSquares, 0);
  std::uint32_t halfmove_at = 0;
};

void put_empty_run(std::string& text, int run, bool lenient, Random& random) {
  if (!lenient || random.one_in(2)) {
    text += std::to_string(run);
    return;
  }
  // Digits that sum to `run`, zeros among them now and then ("04" is 4); never "10", the one
  // multi-digit run that is a count of its own.
  std::string digits;
  do {
    digits.clear();
    for (int left = run; left > 0;) {
      if (random.one_in(4)) digits += '0';
      const int digit = 1 + random.below(std::min(left, 9));
      digits += static_cast<char>('0' + digit);
      left -= digit;
    }
  } while (digits == "10" && run != 10);
  text += digits;
}

Record make_record(const Position& p, bool lenient, Random& random) {
  Record r;
  const auto spaces = [&] { return lenient ? std::string(static_cast<std::size_t>(1 + random.below(3)), ' ') : " "; };
  if (lenient && random.one_in(2)) r.text += "  ";
  for (int rank = xfen::kRanks - 1; rank >= 0; --rank) {
    int run = 0;
    for (int file = 0; file < p.width; ++file) {
      const Square s = xfen::make_square(file, rank);
      if (p.at(s).empty()) {
        ++run;
        continue;
      }
      if (run > 0) put_empty_run(r.text, run, lenient, random);
      run = 0;
      r.letter_at[s.index()] = static_cast<std::uint32_t>(r.text.size());
      r.text += p.at(s).letter();
    }
    if (run > 0) put_empty_run(r.text, run, lenient, random);
    if (rank != 0) r.text += '/';
  }
  r.text += spaces() + (p.side_to_move == Color::white ? "w" : "b") + spaces() + "-" + spaces();
  r.text += p.en_passant ? xfen::square_name(*p.en_passant) : "-";
  r.text += spaces();
  r.halfmove_at = static_cast<std::uint32_t>(r.text.size());
  r.text += std::to_string(p.halfmove_clock);
  // Lenient reading fills in a missing fullmove number.
  if (!lenient || random.one_in(2)) r.text += spaces() + "1";
  return r;
}

}  // namespace

// The same through check_legality(read, record): offsets at the piece's letter (R10), also where
// lenient reading summed the digits of a run, and at the halfmove field.
BOOST_AUTO_TEST_CASE(finding_offsets_point_into_strict_and_lenient_records) {
  Random random{4242};
  std::size_t read = 0;
  for (int i = 0; i < 3000; ++i) {
    const int width = i % 3 == 0 ? 10 : 8;
    Position p = random_position(random, width, 12);
    // The reader keeps only an en passant square that passes R5.2.
    if (p.en_passant && reference_geometry(p, *p.en_passant) != Code::ok) p.en_passant.reset();
    const bool lenient = i % 2 == 1;
    const Record record = make_record(p, lenient, random);
    const auto parsed =
        xfen::parse(record.text, {lenient ? xfen::Profile::lenient : xfen::Profile::strict});
    BOOST_TEST_REQUIRE(parsed.ok(), record.text << ": " << xfen::code_name(parsed.error.code));
    BOOST_TEST_REQUIRE((parsed.position == p), record.text);
    ++read;
    const auto expected = reference_legality(
        p, [&](Square s) { return record.letter_at[s.index()]; }, record.halfmove_at);
    Received received;
    const auto report = xfen::check_legality(parsed, record.text, received.sink());
    const std::string difference = compare(report, received, expected);
    if (!difference.empty()) {
      BOOST_TEST(false, record.text << ": " << difference);
      return;
    }
  }
  BOOST_TEST(read == 3000u);
}

// A lenient record of five fields (no fullmove number) still has its halfmove field, and the
// en passant clock finding points there; without a halfmove field the clock is 0, no finding.
BOOST_AUTO_TEST_CASE(en_passant_clock_offset_with_missing_trailing_fields) {
  const std::string_view five = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 5";
  const auto parsed = xfen::parse(five, {xfen::Profile::lenient});
  BOOST_TEST_REQUIRE(parsed.ok());
  BOOST_TEST(parsed.field_count == 5u);
  const auto report = xfen::check_legality(parsed, five);
  BOOST_TEST_REQUIRE(report.findings.size() == 1u);
  BOOST_TEST(xfen::code_name(report.findings[0].code) == "legal.en-passant-clock");
  BOOST_TEST(report.findings[0].offset == 30u);
  BOOST_TEST(report.findings[0].found == 5);

  const std::string_view four = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6";
  const auto short_read = xfen::parse(four, {xfen::Profile::lenient});
  BOOST_TEST_REQUIRE(short_read.ok());
  BOOST_TEST(short_read.field_count == 4u);
  BOOST_TEST(xfen::check_legality(short_read, four).ok());
}

// The en passant functions (en_passant.hpp, en_passant_analysis.hpp) on random positions with
// a double push, against the reference: geometry, the pushed pawn, the capturers in order, the
// square X-FEN writes, the legality of each capture and the square the legal style writes.
BOOST_AUTO_TEST_CASE(en_passant_analysis_matches_the_reference) {
  Random random{77};
  std::size_t geometry_ok = 0;
  std::size_t two_capturers = 0;
  std::size_t illegal = 0;
  std::size_t mixed = 0;
  for (int i = 0; i < 6000; ++i) {
    const int width = i % 2 == 0 ? 8 : 10;
    Position p = random_position(random, width, 4 + i % 16);
    if (!p.en_passant) random_double_push(p, random);
    // Now and then a square beyond the board's last file.
    if (random.one_in(40)) p.en_passant = xfen::make_square(width + random.below(3), 5);
    const Square target = *p.en_passant;
    BOOST_TEST_CONTEXT(board_text(p) << " ep " << static_cast<int>(target.file) << ","
                                     << static_cast<int>(target.rank)) {
      const Code geometry = reference_geometry(p, target);
      BOOST_TEST_REQUIRE(xfen::code_name(xfen::check_en_passant_geometry(p, target)) ==
                         xfen::code_name(geometry));
      const auto analysis = xfen::analyze_en_passant(p);
      BOOST_TEST_REQUIRE((analysis.as_read == p.en_passant));
      BOOST_TEST_REQUIRE(xfen::code_name(analysis.geometry) == xfen::code_name(geometry));
      const auto xfen_square = reference_xfen_en_passant(p);
      BOOST_TEST_REQUIRE((xfen::xfen_en_passant(p) == xfen_square));
      if (geometry != Code::ok) {
        BOOST_TEST_REQUIRE(!analysis.capturers[0].has_value());
        BOOST_TEST_REQUIRE(!analysis.written_by_xfen());
        BOOST_TEST_REQUIRE(!analysis.written_by_legal());
        BOOST_TEST_REQUIRE(!xfen::legal_en_passant(p).has_value());
        continue;
      }
      ++geometry_ok;
      const int pawn_rank = p.side_to_move == Color::white ? 4 : 3;
      BOOST_TEST_REQUIRE(
          (xfen::pushed_pawn_square(p, target) == xfen::make_square(target.file, pawn_rank)));
      const auto capturers = reference_capturers(p, target);
      const auto found = xfen::en_passant_capturers(p, target);
      BOOST_TEST_REQUIRE((found == analysis.capturers));
      bool any_legal = false;
      bool any_illegal = false;
      for (std::size_t k = 0; k < 2; ++k) {
        if (k >= capturers.size()) {
          BOOST_TEST_REQUIRE(!found[k].has_value());
          BOOST_TEST_REQUIRE(!analysis.capture_is_legal[k]);
          continue;
        }
        BOOST_TEST_REQUIRE((found[k] == capturers[k]));
        const bool legal = reference_capture_is_legal(p, capturers[k], target);
        BOOST_TEST_REQUIRE(analysis.capture_is_legal[k] == legal, "capturer " << k);
        any_legal = any_legal || legal;
        any_illegal = any_illegal || !legal;
      }
      two_capturers += capturers.size() == 2;
      illegal += any_illegal;
      mixed += any_legal && any_illegal;
      BOOST_TEST_REQUIRE(analysis.written_by_xfen() == !capturers.empty());
      BOOST_TEST_REQUIRE(analysis.written_by_legal() == any_legal);
      BOOST_TEST_REQUIRE(
          (xfen::legal_en_passant(p) == (any_legal ? p.en_passant : std::optional<Square>())));
    }
  }
  BOOST_TEST(geometry_ok > 2000u);
  BOOST_TEST(two_capturers > 100u);
  BOOST_TEST(illegal > 100u);
  BOOST_TEST(mixed > 0u);
}

// Every combination of what stands beside the pushed pawn, on every file of both board sizes,
// both sides to move: only pawns of the side to move on the pushed pawn's rank capture, never
// across the board's edge, the lower file first; the second slot only with the first.
BOOST_AUTO_TEST_CASE(capturers_beside_the_pushed_pawn_on_every_file) {
  const Piece neighbours[] = {
      Piece(), Piece(PieceType::pawn, Color::white), Piece(PieceType::pawn, Color::black),
      Piece(PieceType::knight, Color::white), Piece(PieceType::knight, Color::black)};
  for (const int width : {8, 10})
    for (const Color side : {Color::white, Color::black})
      for (int file = 0; file < width; ++file)
        for (const Piece left : neighbours)
          for (const Piece right : neighbours) {
            Position p;
            p.width = static_cast<std::uint8_t>(width);
            p.side_to_move = side;
            const bool white = side == Color::white;
            const int rank = white ? 4 : 3;
            p.put(xfen::make_square(file, rank), Piece(PieceType::pawn, xfen::opposite(side)));
            if (file > 0) p.put(xfen::make_square(file - 1, rank), left);
            if (file + 1 < width) p.put(xfen::make_square(file + 1, rank), right);
            // Pawns of the side to move across the edge, on the far files, must not count.
            if (file == 0)
              p.put(xfen::make_square(width - 1, rank - 1), Piece(PieceType::pawn, side));
            if (file == width - 1)
              p.put(xfen::make_square(0, rank + 1), Piece(PieceType::pawn, side));
            p.en_passant = xfen::make_square(file, white ? 5 : 2);
            BOOST_TEST_CONTEXT(board_text(p) << " file " << file) {
              BOOST_TEST_REQUIRE((xfen::check_en_passant_geometry(p, *p.en_passant) == Code::ok));
              const auto expected = reference_capturers(p, *p.en_passant);
              const auto found = xfen::en_passant_capturers(p, *p.en_passant);
              BOOST_TEST(found[0].has_value() == (expected.size() >= 1));
              BOOST_TEST(found[1].has_value() == (expected.size() == 2));
              for (std::size_t k = 0; k < expected.size(); ++k)
                BOOST_TEST((found[k] == expected[k]));
              BOOST_TEST((xfen::xfen_en_passant(p) ==
                          (expected.empty() ? std::optional<Square>() : p.en_passant)));
              // No kings: every capture leaves no king in check.
              BOOST_TEST((xfen::legal_en_passant(p) == xfen::xfen_en_passant(p)));
            }
          }
}

// Two capturers, each pinned or not: the analysis judges each capture on its own, and the
// legal style writes the square when either is legal (R8.3).
BOOST_AUTO_TEST_CASE(each_capturer_judged_on_its_own) {
  struct Case {
    std::string_view record;
    bool lower_legal;  // the capturer on the lower file
    bool upper_legal;
  };
  const Case cases[] = {
      // c5 is pinned to the king on a7 by the bishop on e3; e5 is free
      {"8/K7/8/2PpP3/8/4b3/8/7k w - d6 0 1", false, true},
      // e5 is pinned to the king on h8 by the bishop on c3; c5 is free
      {"7K/8/8/2PpP3/8/2b5/8/k7 w - d6 0 1", true, false},
      // the knight on g3 checks the king on h1: neither capture helps
      {"k7/8/8/2PpP3/8/6n1/8/7K w - d6 0 1", false, false},
      {"k7/8/8/2PpP3/8/8/8/7K w - d6 0 1", true, true},
      // Black to capture on 10×8: g4 and i4 beside h4, pinned by each slider kind
      {"k9/10/10/10/6pPp1/10/10/9K b - h3 0 1", true, true},
      {"10/10/8B1/10/6pPp1/10/4k5/K9 b - h3 0 1", false, true},
      {"10/10/8A1/10/6pPp1/10/4k5/K9 b - h3 0 1", false, true},
      {"10/5B4/10/10/6pPp1/9k/10/K9 b - h3 0 1", true, false},
      {"6k3/10/10/10/6pPp1/10/10/K5C3 b - h3 0 1", false, true},
      {"8k1/10/10/10/6pPp1/10/10/K7Q1 b - h3 0 1", true, false},
      {"8k1/10/10/10/6pPp1/10/10/K7R1 b - h3 0 1", true, false},
      {"k9/10/1N8/10/6pPp1/10/10/9K b - h3 0 1", false, false},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.record) {
      const auto parsed = xfen::parse(c.record);
      BOOST_TEST_REQUIRE(parsed.ok());
      const Position& p = parsed.position;
      const auto analysis = xfen::analyze_en_passant(p);
      BOOST_TEST_REQUIRE(analysis.capturers[0].has_value());
      BOOST_TEST_REQUIRE(analysis.capturers[1].has_value());
      BOOST_TEST(analysis.capture_is_legal[0] == c.lower_legal);
      BOOST_TEST(analysis.capture_is_legal[1] == c.upper_legal);
      BOOST_TEST(reference_capture_is_legal(p, *analysis.capturers[0], *p.en_passant) ==
                 c.lower_legal);
      BOOST_TEST(reference_capture_is_legal(p, *analysis.capturers[1], *p.en_passant) ==
                 c.upper_legal);
      const bool written = c.lower_legal || c.upper_legal;
      BOOST_TEST(analysis.written_by_xfen());
      BOOST_TEST(analysis.written_by_legal() == written);
      BOOST_TEST((xfen::legal_en_passant(p) == (written ? p.en_passant : std::nullopt)));
      const auto legal_text =
          xfen::to_string(p, {xfen::CastlingStyle::xfen, xfen::EnPassantStyle::legal}).text;
      BOOST_TEST((legal_text.find(written ? " - " : " - - ") != std::string::npos));
      BOOST_TEST((legal_text.find(xfen::square_name(*p.en_passant)) != std::string::npos) == written);
    }
  }
}

// The side to move with no king or several (illegal, R10, but read and written): a capture counts
// when it leaves no king of the mover in check, every one of several, and with no king every
// capture counts (R8.3). Kings first and later in square order (a1, b1, ...) are each the one
// exposed, so that looking at one king only fails.
BOOST_AUTO_TEST_CASE(legal_style_with_no_king_or_several_kings) {
  struct Case {
    std::string_view record;
    int mover_kings;
    std::vector<bool> legal;  // per capturer, lower file first
  };
  const Case cases[] = {
      // No king of the side to move; a rook on a8 attacks a1, where a search that found none
      // might look.
      {"r3k3/8/8/3Pp3/8/8/8/8 w - e6 0 1", 0, {true}},
      {"r4k4/10/10/3Pp5/10/10/10/10 w - e6 0 1", 0, {true}},
      {"R7/8/8/8/3pP3/8/8/4K3 b - e3 0 1", 0, {true}},
      // Two kings: dxe6 exposes a5 to the rook on h5 (j5); e1 (f1), first in square order, is safe.
      {"4k3/8/8/K2Pp2r/8/8/8/4K3 w - e6 0 1", 2, {false}},
      {"5k4/10/10/K2Pp4r/10/10/10/5K4 w - e6 0 1", 2, {false}},
      // dxe6 exposes d1, first in square order, to the rook on d8; h8 (j8) is safe.
      {"3rk2K/8/8/3Pp3/8/8/8/3K4 w - e6 0 1", 2, {false}},
      {"3r1k3K/10/10/3Pp5/10/10/10/3K6 w - e6 0 1", 2, {false}},
      // Neither king exposed.
      {"4k3/8/8/K2Pp3/8/8/8/4K3 w - e6 0 1", 2, {true}},
      {"5k4/10/10/K2Pp5/10/10/10/5K4 w - e6 0 1", 2, {true}},
      // Black: dxe3 exposes a4 to the rook on h4, not e8.
      {"4k3/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", 2, {false}},
      // Three kings, the middle one in square order (a5) exposed.
      {"4k1K1/8/8/K2Pp2r/8/8/8/4K3 w - e6 0 1", 3, {false}},
      // Two capturers, two kings: each capture exposes a different king, so neither counts ...
      {"3rkr2/8/8/3PpP2/8/8/8/3K1K2 w - e6 0 1", 2, {false, false}},
      // ... and without the rook on f8, fxe6 exposes neither.
      {"3rk3/8/8/3PpP2/8/8/8/3K1K2 w - e6 0 1", 2, {false, true}},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(c.record) {
      const auto parsed = xfen::parse(c.record);
      BOOST_TEST_REQUIRE(parsed.ok());
      const Position& p = parsed.position;
      BOOST_TEST_REQUIRE(xfen::count(p, Piece(PieceType::king, p.side_to_move)) == c.mover_kings);
      const auto analysis = xfen::analyze_en_passant(p);
      bool written = false;
      for (std::size_t k = 0; k < 2; ++k) {
        BOOST_TEST_REQUIRE(analysis.capturers[k].has_value() == (k < c.legal.size()));
        if (k >= c.legal.size()) continue;
        written = written || c.legal[k];
        BOOST_TEST(analysis.capture_is_legal[k] == c.legal[k], "capturer " << k);
        BOOST_TEST(reference_capture_is_legal(p, *analysis.capturers[k], *p.en_passant) ==
                   c.legal[k]);
      }
      BOOST_TEST(analysis.written_by_xfen());
      BOOST_TEST(analysis.written_by_legal() == written);
      BOOST_TEST((xfen::legal_en_passant(p) == (written ? p.en_passant : std::nullopt)));
      // The legal style writes the record as read, or with `-` for the square, which follows the
      // castling field `-` of every record here.
      std::string dropped(c.record);
      dropped.replace(dropped.find(" - ") + 3, 2, "-");
      BOOST_TEST(
          xfen::to_string(p, {xfen::CastlingStyle::xfen, xfen::EnPassantStyle::legal}).text ==
          (written ? std::string(c.record) : dropped));
      // The xfen style writes the square whatever the kings (R7.4).
      BOOST_TEST(xfen::to_string(p).text == c.record);
    }
  }
}

// written_by_xfen and written_by_legal on every combination of the analysis' slots, the value
// followed by guard bytes holding the opposite of the expected answer.
BOOST_AUTO_TEST_CASE(written_by_follows_the_slots) {
  for (int bits = 0; bits < 16; ++bits) {
    xfen::EnPassantAnalysis value;
    value.as_read = xfen::make_square(3, 5);
    if (bits & 1) value.capturers[0] = xfen::make_square(2, 4);
    if (bits & 2) value.capturers[1] = xfen::make_square(4, 4);
    value.capture_is_legal = {(bits & 4) != 0, (bits & 8) != 0};
    const bool by_xfen = (bits & 1) != 0;
    const bool by_legal = ((bits & 1) && (bits & 4)) || ((bits & 2) && (bits & 8));
    struct Guarded {
      xfen::EnPassantAnalysis analysis;
      std::array<bool, 4> guard;
    };
    for (const bool guard : {false, true}) {
      const Guarded guarded{value, {guard, guard, guard, guard}};
      BOOST_TEST_CONTEXT("slots " << bits << ", guard " << guard) {
        BOOST_TEST(guarded.analysis.written_by_xfen() == by_xfen);
        BOOST_TEST(guarded.analysis.written_by_legal() == by_legal);
      }
    }
  }
}
