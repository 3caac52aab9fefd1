#include "xfen/en_passant_analysis.hpp"

#include "back_rank.hpp"
#include "xfen/attacks.hpp"
#include "xfen/en_passant.hpp"

namespace xfen {
namespace {

// The capture played out on a copy: legal when no king of the capturing side is then attacked.
bool capture_is_legal(const Position& position, Square capturer, Square target,
                      Square pushed_pawn) noexcept {
  Position after = position;
  const Piece pawn = after.at(capturer);
  after.put(capturer, Piece());
  after.put(pushed_pawn, Piece());
  after.put(target, pawn);
  const Color mover = position.side_to_move;
  const int width = detail::grid_width(after);
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < width; ++file) {
      const Square square = make_square(file, rank);
      if (detail::unchecked_at(after, square).is(PieceType::king, mover) &&
          is_attacked(after, square, opposite(mover)))
        return false;
    }
  return true;
}

}  // namespace

EnPassantAnalysis analyze_en_passant(const Position& position) noexcept {
  EnPassantAnalysis analysis;
  analysis.as_read = position.en_passant;
  if (!position.en_passant) return analysis;
  const Square target = *position.en_passant;
  analysis.geometry = check_en_passant_geometry(position, target);
  if (analysis.geometry != Code::ok) return analysis;
  analysis.capturers = en_passant_capturers(position, target);
  const Square pushed_pawn = pushed_pawn_square(position, target);
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

std::optional<Square> legal_en_passant(const Position& position) noexcept {
  if (!xfen_en_passant(position)) return std::nullopt;
  return analyze_en_passant(position).written_by_legal() ? position.en_passant : std::nullopt;
}

}  // namespace xfen
