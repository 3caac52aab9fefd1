#include "xfen/en_passant.hpp"

#include "en_passant_diagnostic.hpp"
#include "xfen/legality.hpp"

namespace xfen {
namespace {

// With White to move, Black has just pushed from rank 7 to rank 5 over rank 6; mirrored for
// Black to move. `direction` is the way the pushed pawn moved.
struct DoublePush {
  Color pusher;
  int direction;
  int target_rank;  // the en passant square's rank
};

constexpr DoublePush double_push_for(Color side_to_move) noexcept {
  return side_to_move == Color::white ? DoublePush{Color::black, -1, 5}
                                      : DoublePush{Color::white, +1, 2};
}

bool capture_is_legal(const Position& position, Square capturer, Square target,
                      Square pushed_pawn) noexcept {
  Position after = position;
  const Piece pawn = after.at(capturer);
  after.put(capturer, Piece());
  after.put(pushed_pawn, Piece());
  after.put(target, pawn);
  const Color mover = position.side_to_move;
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < after.width; ++file) {
      const Square square = make_square(file, rank);
      if (after.at(square).is(PieceType::king, mover) && is_attacked(after, square, opposite(mover)))
        return false;
    }
  return true;
}

// Where the pawn that just moved two squares stands, beyond the en passant square.
Square pushed_pawn_of(const Position& position, Square target) noexcept {
  return make_square(target.file, target.rank + double_push_for(position.side_to_move).direction);
}

// The pawns of the side to move beside the pushed pawn, on adjacent files only (never across the
// board's edge), first ones first: the rule of R7.4, in one place for every style.
std::array<std::optional<Square>, 2> capturers_beside(const Position& position,
                                                      Square target) noexcept {
  std::array<std::optional<Square>, 2> capturers{};
  std::size_t found = 0;
  const int rank = pushed_pawn_of(position, target).rank;
  for (const int file : {target.file - 1, target.file + 1}) {
    if (file < 0 || file >= position.width) continue;
    const Square square = make_square(file, rank);
    if (position.at(square).is(PieceType::pawn, position.side_to_move)) capturers[found++] = square;
  }
  return capturers;
}

}  // namespace

Code check_en_passant_geometry(const Position& position, Square square) noexcept {
  if (!square.is_valid(position.width)) return Code::en_passant_off_board;
  const DoublePush push = double_push_for(position.side_to_move);
  if (square.rank != push.target_rank) return Code::en_passant_wrong_rank;
  const Square pushed_to = make_square(square.file, square.rank + push.direction);
  if (!position.at(pushed_to).is(PieceType::pawn, push.pusher)) return Code::en_passant_no_pawn;
  const Square pushed_from = make_square(square.file, square.rank - push.direction);
  if (!position.at(square).empty() || !position.at(pushed_from).empty())
    return Code::en_passant_occupied;
  return Code::ok;
}

EnPassantAnalysis analyze_en_passant(const Position& position) noexcept {
  EnPassantAnalysis analysis;
  analysis.as_read = position.en_passant;
  if (!position.en_passant) return analysis;
  const Square target = *position.en_passant;
  analysis.geometry = check_en_passant_geometry(position, target);
  if (analysis.geometry != Code::ok) return analysis;
  analysis.capturers = capturers_beside(position, target);
  const Square pushed_pawn = pushed_pawn_of(position, target);
  for (std::size_t i = 0; i < analysis.capturers.size(); ++i)
    if (analysis.capturers[i])
      analysis.capture_is_legal[i] =
          capture_is_legal(position, *analysis.capturers[i], target, pushed_pawn);
  return analysis;
}

bool EnPassantAnalysis::written_by_xfen() const noexcept { return capturers[0].has_value(); }

bool EnPassantAnalysis::written_by_legal() const noexcept {
  return (capturers[0] && capture_is_legal[0]) || (capturers[1] && capture_is_legal[1]);
}

std::optional<Square> xfen_en_passant(const Position& position) noexcept {
  if (!position.en_passant) return std::nullopt;
  const Square target = *position.en_passant;
  if (check_en_passant_geometry(position, target) != Code::ok) return std::nullopt;
  return capturers_beside(position, target)[0] ? position.en_passant : std::nullopt;
}

std::optional<Square> legal_en_passant(const Position& position) noexcept {
  if (!xfen_en_passant(position)) return std::nullopt;
  return analyze_en_passant(position).written_by_legal() ? position.en_passant : std::nullopt;
}

}  // namespace xfen

namespace xfen::detail {

Diagnostic en_passant_problem(const Position& position, Square square, Code code) noexcept {
  const DoublePush push = double_push_for(position.side_to_move);
  Diagnostic problem{.code = code};
  switch (code) {
    case Code::en_passant_off_board: problem.expected = position.width; break;
    case Code::en_passant_wrong_rank: problem.expected = push.target_rank + 1; break;
    case Code::en_passant_no_pawn:
      problem.square = make_square(square.file, push.target_rank + push.direction);
      problem.value = static_cast<std::int32_t>(push.pusher);
      break;
    case Code::en_passant_occupied:
      problem.square = position.at(square).empty()
                           ? make_square(square.file, push.target_rank - push.direction)
                           : square;
      break;
    default: break;
  }
  return problem;
}

}  // namespace xfen::detail
