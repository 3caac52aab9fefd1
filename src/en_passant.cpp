#include "xfen/en_passant.hpp"

#include "en_passant_diagnostic.hpp"

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

}  // namespace

Square pushed_pawn_square(const Position& position, Square target) noexcept {
  return make_square(target.file, target.rank + double_push_for(position.side_to_move).direction);
}

// R7.4, in one place for every style and for the analysis.
std::array<std::optional<Square>, 2> en_passant_capturers(const Position& position,
                                                          Square target) noexcept {
  std::array<std::optional<Square>, 2> capturers{};
  std::size_t found = 0;
  const int rank = pushed_pawn_square(position, target).rank;
  for (const int file : {target.file - 1, target.file + 1}) {
    if (file < 0 || file >= position.width) continue;
    const Square square = make_square(file, rank);
    if (position.at(square).is(PieceType::pawn, position.side_to_move)) capturers[found++] = square;
  }
  return capturers;
}

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

std::optional<Square> xfen_en_passant(const Position& position) noexcept {
  if (!position.en_passant) return std::nullopt;
  const Square target = *position.en_passant;
  if (check_en_passant_geometry(position, target) != Code::ok) return std::nullopt;
  return en_passant_capturers(position, target)[0] ? position.en_passant : std::nullopt;
}

}  // namespace xfen

namespace xfen::detail {

Diagnostic en_passant_problem(const Position& position, Square square, Code code) noexcept {
  const DoublePush push = double_push_for(position.side_to_move);
  Diagnostic problem{.code = code};
  switch (code) {
    case Code::en_passant_off_board: problem.limit = position.width; break;
    case Code::en_passant_wrong_rank: problem.limit = push.target_rank + 1; break;
    case Code::en_passant_no_pawn:
      problem.square = make_square(square.file, push.target_rank + push.direction);
      problem.color = push.pusher;
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
