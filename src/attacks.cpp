#include <array>

#include "xfen/attacks.hpp"

#include "back_rank.hpp"

namespace xfen {
namespace {

struct Step {
  int files;
  int ranks;
};

constexpr std::array<Step, 8> kKnightSteps = {
    {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
constexpr std::array<Step, 4> kDiagonals = {{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
constexpr std::array<Step, 4> kOrthogonals = {{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};

// The compound pieces share their components' moves: an archbishop attacks like a knight and a
// bishop, a chancellor like a knight and a rook.
constexpr bool leaps_like_knight(PieceType type) noexcept {
  return type == PieceType::knight || type == PieceType::archbishop ||
         type == PieceType::chancellor;
}
constexpr bool slides_diagonally(PieceType type) noexcept {
  return type == PieceType::bishop || type == PieceType::queen || type == PieceType::archbishop;
}
constexpr bool slides_orthogonally(PieceType type) noexcept {
  return type == PieceType::rook || type == PieceType::queen || type == PieceType::chancellor;
}

class AttackProbe {
 public:
  AttackProbe(const Position& position, Square target, Color by) noexcept
      : position_(position), width_(detail::grid_width(position)), target_(target), by_(by) {}

  // The attacker's piece `steps` away from the target, or an empty piece off the board.
  Piece piece_at(Step step) const noexcept {
    const Square square = make_square(target_.file + step.files, target_.rank + step.ranks);
    return square.is_valid(width_) ? detail::unchecked_at(position_, square) : Piece();
  }

  bool attacked_by_pawn() const noexcept {
    // A white pawn attacks upwards, so it stands one rank below its target.
    const int rank_offset = by_ == Color::white ? -1 : 1;
    return piece_at({-1, rank_offset}).is(PieceType::pawn, by_) ||
           piece_at({1, rank_offset}).is(PieceType::pawn, by_);
  }

  bool attacked_by_king() const noexcept {
    for (const auto& steps : {kDiagonals, kOrthogonals})
      for (const Step step : steps)
        if (piece_at(step).is(PieceType::king, by_)) return true;
    return false;
  }

  bool attacked_by_leaper() const noexcept {
    for (const Step step : kKnightSteps) {
      const Piece piece = piece_at(step);
      if (!piece.empty() && piece.color() == by_ && leaps_like_knight(piece.type())) return true;
    }
    return false;
  }

  template <typename SliderKind>
  bool attacked_along(const std::array<Step, 4>& directions, SliderKind slides) const noexcept {
    for (const Step direction : directions) {
      for (int distance = 1;; ++distance) {
        const Square square = make_square(target_.file + direction.files * distance,
                                          target_.rank + direction.ranks * distance);
        if (!square.is_valid(width_)) break;
        const Piece piece = detail::unchecked_at(position_, square);
        if (piece.empty()) continue;
        if (piece.color() == by_ && slides(piece.type())) return true;
        break;  // any piece blocks the line
      }
    }
    return false;
  }

 private:
  const Position& position_;
  int width_;  // the position's, within the grid
  Square target_;
  Color by_;
};

}  // namespace

bool is_attacked(const Position& position, Square target, Color by) noexcept {
  const AttackProbe probe(position, target, by);
  return probe.attacked_by_pawn() || probe.attacked_by_leaper() || probe.attacked_by_king() ||
         probe.attacked_along(kDiagonals, slides_diagonally) ||
         probe.attacked_along(kOrthogonals, slides_orthogonally);
}

}  // namespace xfen
