// Property 8 (R10 legality): a piece of any of the eight kinds that attacks the king of the side
// not to move makes check_legality report legal.opponent-in-check, and a piece that does not
// (a slider blocked by another piece included, on 8×8 and 10×8) does not. The expected answer
// comes from an attack oracle written here from plain board geometry, never from the library's
// own attack code; xfen::is_attacked is compared with the same oracle.
#define BOOST_TEST_MODULE legality_property
#include <boost/test/unit_test.hpp>
#include <rapidcheck.h>
#include <rapidcheck/boost_test.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include "crash_context.hpp"
#include "xfen/xfen.hpp"

namespace legality_property {

using xfen::Color;
using xfen::Piece;
using xfen::PieceType;
using xfen::Position;
using xfen::Square;

// ---------------------------------------------------------------------------------------------
// The oracle: does the piece standing on `from` attack `to`? Plain geometry on the position's
// board: knight offsets, king adjacency, pawn diagonals by colour, slider rays stopped by the first
// piece. Archbishop = knight + bishop, chancellor = knight + rook.

bool path_clear(const Position& position, Square from, Square to) {
  const int step_file = (to.file > from.file) - (to.file < from.file);
  const int step_rank = (to.rank > from.rank) - (to.rank < from.rank);
  int file = from.file + step_file;
  int rank = from.rank + step_rank;
  while (file != to.file || rank != to.rank) {
    if (!position.at(xfen::make_square(file, rank)).empty()) return false;
    file += step_file;
    rank += step_rank;
  }
  return true;
}

bool oracle_attacks(const Position& position, Square from, Square to) {
  const Piece piece = position.at(from);
  if (piece.empty() || from == to) return false;
  const int file_delta = to.file - from.file;
  const int rank_delta = to.rank - from.rank;
  const int abs_file = std::abs(file_delta);
  const int abs_rank = std::abs(rank_delta);
  const bool knight = (abs_file == 1 && abs_rank == 2) || (abs_file == 2 && abs_rank == 1);
  const bool orthogonal = (file_delta == 0) != (rank_delta == 0);
  const bool diagonal = abs_file == abs_rank && abs_file != 0;
  const bool rook = orthogonal && path_clear(position, from, to);
  const bool bishop = diagonal && path_clear(position, from, to);
  switch (piece.type()) {
    case PieceType::pawn:
      return abs_file == 1 && rank_delta == (piece.color() == Color::white ? 1 : -1);
    case PieceType::knight: return knight;
    case PieceType::bishop: return bishop;
    case PieceType::rook: return rook;
    case PieceType::queen: return rook || bishop;
    case PieceType::king: return abs_file <= 1 && abs_rank <= 1;
    case PieceType::archbishop: return knight || bishop;
    case PieceType::chancellor: return knight || rook;
    case PieceType::none: return false;
  }
  return false;
}

bool oracle_attacked(const Position& position, Square target, Color by) {
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < position.width; ++file) {
      const Square from = xfen::make_square(file, rank);
      const Piece piece = position.at(from);
      if (!piece.empty() && piece.color() == by && oracle_attacks(position, from, target))
        return true;
    }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The generated position: two kings legally apart, the side to move's piece of a given kind (for
// the kind K it is the side to move's king itself), optionally one blocker of any kind but the
// king. No pawn on rank 1 or 8, no castling, no en passant: check is the only possible finding.

struct Scene {
  std::uint8_t width = 8;
  Color mover = Color::white;
  Square waiting_king{};
  Square mover_king{};
  Piece piece{};  // the side to move's piece; kind K: mover_king == square
  Square square{};
  bool has_blocker = false;
  Piece blocker{};
  Square blocker_square{};

  Position position() const {
    Position result;
    result.width = width;
    result.side_to_move = mover;
    result.put(waiting_king, Piece(PieceType::king, xfen::opposite(mover)));
    result.put(mover_king, Piece(PieceType::king, mover));
    result.put(square, piece);
    if (has_blocker) result.put(blocker_square, blocker);
    return result;
  }
};

std::string record_of(const Position& position) {
  const xfen::StringResult written = xfen::to_string(position);
  return written ? written.text : "<unwritable: " + std::string(xfen::code_name(written.error.code)) + ">";
}

void showValue(const Scene& scene, std::ostream& os) {
  os << record_of(scene.position()) << "  (piece " << scene.piece.letter() << " on "
     << xfen::square_name(scene.square);
  if (scene.has_blocker)
    os << ", blocker " << scene.blocker.letter() << " on "
       << xfen::square_name(scene.blocker_square);
  os << ", waiting king on " << xfen::square_name(scene.waiting_king) << ")";
}

std::ostream& operator<<(std::ostream& os, const Scene& scene) {
  showValue(scene, os);
  return os;
}

constexpr std::array kAllKinds = {PieceType::king,   PieceType::queen,      PieceType::rook,
                                  PieceType::bishop, PieceType::knight,     PieceType::pawn,
                                  PieceType::archbishop, PieceType::chancellor};
constexpr std::array kSliders = {PieceType::queen, PieceType::rook, PieceType::bishop,
                                 PieceType::archbishop, PieceType::chancellor};

bool adjacent(Square a, Square b) {
  return std::abs(a.file - b.file) <= 1 && std::abs(a.rank - b.rank) <= 1;
}
bool back_rank(Square square) { return square.rank == 0 || square.rank == xfen::kRanks - 1; }

std::vector<Square> all_squares(int width) {
  std::vector<Square> squares;
  for (int rank = 0; rank < xfen::kRanks; ++rank)
    for (int file = 0; file < width; ++file) squares.push_back(xfen::make_square(file, rank));
  return squares;
}

// Squares strictly between two squares on a line (empty when they are not on a line).
std::vector<Square> between(Square a, Square b) {
  std::vector<Square> squares;
  const int file_delta = b.file - a.file;
  const int rank_delta = b.rank - a.rank;
  if (!(file_delta == 0 || rank_delta == 0 || std::abs(file_delta) == std::abs(rank_delta)))
    return squares;
  const int step_file = (file_delta > 0) - (file_delta < 0);
  const int step_rank = (rank_delta > 0) - (rank_delta < 0);
  for (int file = a.file + step_file, rank = a.rank + step_rank; file != b.file || rank != b.rank;
       file += step_file, rank += step_rank)
    squares.push_back(xfen::make_square(file, rank));
  return squares;
}

bool contains(const std::vector<Square>& squares, Square square) {
  for (const Square s : squares)
    if (s == square) return true;
  return false;
}

// Whether a piece of this kind may stand there without a back-rank pawn finding.
bool allowed(PieceType kind, Square square) { return kind != PieceType::pawn || !back_rank(square); }

// Any kind on any square, biased so that about half the pieces stand where they attack the
// waiting king, and a blocker, when there is one, often on the line between the two.
rc::Gen<Scene> gen_scene() {
  return rc::gen::exec([] {
    Scene scene;
    scene.width = *rc::gen::element<std::uint8_t>(8, 10);
    scene.mover = *rc::gen::element(Color::white, Color::black);
    const std::vector<Square> squares = all_squares(scene.width);
    scene.waiting_king = *rc::gen::elementOf(squares);
    const PieceType kind = *rc::gen::elementOf(kAllKinds);
    scene.piece = Piece(kind, scene.mover);

    // Where the piece may stand, and where of those it attacks the lone waiting king.
    Position lone;
    lone.width = scene.width;
    lone.put(scene.waiting_king, Piece(PieceType::king, xfen::opposite(scene.mover)));
    std::vector<Square> candidates;
    std::vector<Square> attacking;
    for (const Square square : squares) {
      if (square == scene.waiting_king || !allowed(kind, square)) continue;
      if (kind == PieceType::king && adjacent(square, scene.waiting_king)) {
        attacking.push_back(square);  // kings side by side: the waiting king is in check
        candidates.push_back(square);
        continue;
      }
      candidates.push_back(square);
      Position probe = lone;
      probe.put(square, scene.piece);
      if (oracle_attacks(probe, square, scene.waiting_king)) attacking.push_back(square);
    }
    const bool aim = !attacking.empty() && *rc::gen::arbitrary<bool>();
    scene.square = *rc::gen::elementOf(aim ? attacking : candidates);

    if (kind == PieceType::king) {
      scene.mover_king = scene.square;
    } else {
      std::vector<Square> king_squares;
      for (const Square square : squares)
        if (square != scene.square && !adjacent(square, scene.waiting_king))
          king_squares.push_back(square);
      scene.mover_king = *rc::gen::elementOf(king_squares);
    }

    scene.has_blocker = *rc::gen::weightedElement<bool>({{1, false}, {2, true}});
    if (scene.has_blocker) {
      std::vector<Square> free;
      for (const Square square : squares)
        if (square != scene.waiting_king && square != scene.mover_king && square != scene.square)
          free.push_back(square);
      std::vector<Square> on_line;
      for (const Square square : between(scene.square, scene.waiting_king))
        if (contains(free, square)) on_line.push_back(square);
      const bool block = !on_line.empty() && *rc::gen::arbitrary<bool>();
      scene.blocker_square = *rc::gen::elementOf(block ? on_line : free);
      const Color colour = *rc::gen::element(Color::white, Color::black);
      std::vector<PieceType> kinds;
      for (const PieceType blocker_kind : kAllKinds)
        if (blocker_kind != PieceType::king && allowed(blocker_kind, scene.blocker_square))
          kinds.push_back(blocker_kind);
      scene.blocker = Piece(*rc::gen::elementOf(kinds), colour);
    }
    return scene;
  });
}

// A slider of the side to move on one of its lines through the waiting king, at least two
// squares away, and a piece of the waiting side on a square strictly between them.
struct LineScene {
  std::uint8_t width = 8;
  Color mover = Color::white;
  PieceType kind = PieceType::rook;
  Square king{};      // the waiting king
  Square from{};      // the slider
  Square own_king{};  // the side to move's king: not adjacent to the waiting king, not on the line
  Square block{};
  Piece blocker{};

  Position open() const {
    Position result;
    result.width = width;
    result.side_to_move = mover;
    result.put(king, Piece(PieceType::king, xfen::opposite(mover)));
    result.put(own_king, Piece(PieceType::king, mover));
    result.put(from, Piece(kind, mover));
    return result;
  }
  Position blocked() const {
    Position result = open();
    result.put(block, blocker);
    return result;
  }
};

void showValue(const LineScene& scene, std::ostream& os) {
  os << "open " << record_of(scene.open()) << ", blocked " << record_of(scene.blocked())
     << "  (" << Piece(scene.kind, scene.mover).letter() << " on " << xfen::square_name(scene.from)
     << ", blocker " << scene.blocker.letter() << " on " << xfen::square_name(scene.block)
     << ", waiting king on " << xfen::square_name(scene.king) << ")";
}

std::ostream& operator<<(std::ostream& os, const LineScene& scene) {
  showValue(scene, os);
  return os;
}

rc::Gen<LineScene> gen_line_scene() {
  return rc::gen::exec([] {
    LineScene scene;
    scene.width = *rc::gen::element<std::uint8_t>(8, 10);
    scene.mover = *rc::gen::element(Color::white, Color::black);
    scene.kind = *rc::gen::elementOf(kSliders);
    const std::vector<Square> squares = all_squares(scene.width);
    scene.king = *rc::gen::elementOf(squares);

    // Every square has a rook line and a diagonal of four or more squares, so this is never empty.
    Position lone;
    lone.width = scene.width;
    lone.put(scene.king, Piece(PieceType::king, xfen::opposite(scene.mover)));
    std::vector<Square> lines;
    for (const Square square : squares) {
      if (between(square, scene.king).empty()) continue;
      Position probe = lone;
      probe.put(square, Piece(scene.kind, scene.mover));
      if (oracle_attacks(probe, square, scene.king)) lines.push_back(square);
    }
    scene.from = *rc::gen::elementOf(lines);
    const std::vector<Square> gap = between(scene.from, scene.king);
    scene.block = *rc::gen::elementOf(gap);

    std::vector<Square> king_squares;
    for (const Square square : squares)
      if (square != scene.from && !adjacent(square, scene.king) && !contains(gap, square))
        king_squares.push_back(square);
    scene.own_king = *rc::gen::elementOf(king_squares);
    std::vector<PieceType> kinds;
    for (const PieceType blocker_kind : kAllKinds)
      if (blocker_kind != PieceType::king && allowed(blocker_kind, scene.block))
        kinds.push_back(blocker_kind);
    scene.blocker = Piece(*rc::gen::elementOf(kinds), xfen::opposite(scene.mover));
    return scene;
  });
}

bool reports_opponent_in_check(const xfen::LegalityReport& report) {
  for (const xfen::Diagnostic& finding : report.findings)
    if (finding.code == xfen::Code::legal_opponent_in_check) return true;
  return false;
}

bool only_check_findings(const xfen::LegalityReport& report) {
  for (const xfen::Diagnostic& finding : report.findings)
    if (finding.code != xfen::Code::legal_opponent_in_check) return false;
  return true;
}

}  // namespace legality_property

using namespace legality_property;

// The generated piece of any kind, with or without a blocker of either colour: check_legality
// reports the waiting king in check exactly when the oracle sees a piece of the side to move
// attacking it, and is_attacked agrees. When the blocker belongs to the waiting side it cannot
// attack, so then check is reported exactly when the generated piece attacks.
RC_BOOST_PROP(check_reported_exactly_when_a_piece_attacks_the_waiting_king, ()) {
  const Scene scene = *gen_scene();
  const Position position = scene.position();
  xfen::prop::testing(position);
  const bool attacked = oracle_attacked(position, scene.waiting_king, scene.mover);
  const bool piece_attacks = oracle_attacks(position, scene.square, scene.waiting_king);
  if (!scene.has_blocker || scene.blocker.color() != scene.mover)
    RC_ASSERT(attacked == piece_attacks);  // the generator keeps the mover's king out of it

  const xfen::LegalityReport report = xfen::check_legality(position);
  RC_ASSERT(only_check_findings(report));
  RC_ASSERT(reports_opponent_in_check(report) == attacked);
  RC_ASSERT(xfen::is_attacked(position, scene.waiting_king, scene.mover) == attacked);

  Position without_blocker = position;
  if (scene.has_blocker) without_blocker.put(scene.blocker_square, Piece{});
  const bool blocked = !piece_attacks &&
                       oracle_attacks(without_blocker, scene.square, scene.waiting_king);
  RC_TAG(std::string(1, scene.piece.letter()),
         blocked ? "blocked" : piece_attacks ? "attacks" : "does not attack");
}

// The same positions, read back from the record they write: the finding is the same and its
// offset points at the checked king's letter.
RC_BOOST_PROP(check_offset_points_at_the_waiting_king_letter, ()) {
  const Scene scene = *gen_scene();
  const Position position = scene.position();
  xfen::prop::testing(position);
  const std::string record = record_of(position);
  const xfen::ParseResult parsed = xfen::parse(record);
  RC_ASSERT(parsed.ok());
  const bool attacked = oracle_attacked(parsed.position, scene.waiting_king, scene.mover);
  const xfen::LegalityReport report = xfen::check_legality(parsed, record);
  RC_ASSERT(reports_opponent_in_check(report) == attacked);
  for (const xfen::Diagnostic& finding : report.findings) {
    RC_ASSERT(finding.code == xfen::Code::legal_opponent_in_check);
    RC_ASSERT(finding.square == scene.waiting_king);
    RC_ASSERT(finding.offset < record.size());
    RC_ASSERT(record[finding.offset] == Piece(PieceType::king, xfen::opposite(scene.mover)).letter());
  }
}

// Sliders (Q R B A C) on a line with the waiting king, two or more squares away, with a piece of
// the waiting side strictly between: no check; the same position without that piece: check.
// Half the boards are 10×8, where the lines are longer than any 8×8 line.
RC_BOOST_PROP(blocked_lines_give_no_check_and_open_lines_do, ()) {
  const LineScene scene = *gen_line_scene();
  const Position open = scene.open();
  const Position blocked = scene.blocked();
  RC_ASSERT(oracle_attacked(open, scene.king, scene.mover));
  RC_ASSERT(!oracle_attacked(blocked, scene.king, scene.mover));

  xfen::prop::testing(open);
  const xfen::LegalityReport open_report = xfen::check_legality(open);
  RC_ASSERT(reports_opponent_in_check(open_report));
  RC_ASSERT(open_report.findings.size() == 1u);
  RC_ASSERT(xfen::is_attacked(open, scene.king, scene.mover));
  xfen::prop::testing(blocked);
  const xfen::LegalityReport blocked_report = xfen::check_legality(blocked);
  RC_ASSERT(blocked_report.ok());
  RC_ASSERT(!xfen::is_attacked(blocked, scene.king, scene.mover));

  RC_TAG(scene.width == 10 ? "10x8" : "8x8", std::string(1, Piece(scene.kind, Color::white).letter()));
}

// is_attacked agrees with the oracle on every square of the board, for both colours, in the
// generated positions (empty squares, own pieces and enemy pieces as targets).
RC_BOOST_PROP(is_attacked_agrees_with_the_oracle_on_every_square, ()) {
  const Scene scene = *gen_scene();
  const Position position = scene.position();
  xfen::prop::testing(position);
  std::string mismatch;  // the first disagreement: target, attacking colour, library's answer
  for (const Square target : all_squares(scene.width))
    for (const Color by : {Color::white, Color::black}) {
      const bool library = xfen::is_attacked(position, target, by);
      if (mismatch.empty() && library != oracle_attacked(position, target, by))
        mismatch = std::string(xfen::square_name(target)) +
                   (by == Color::white ? " by white: " : " by black: ") +
                   (library ? "library attacked, oracle not" : "oracle attacked, library not");
    }
  RC_ASSERT(mismatch == std::string{});
}
