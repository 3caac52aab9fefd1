// The en passant rules: which squares a record may name, and which ones a writer emits.
#pragma once

#include <array>
#include <optional>

#include "xfen/diagnostic.hpp"
#include "xfen/position.hpp"

namespace xfen {

// Whether a square may stand in the en passant field of `position` at all: the right rank for
// the side to move, the double-pushed pawn directly beyond it, it and the pawn's origin empty.
// Returns Code::ok or the en-passant.* code that explains why not.
Code check_en_passant_geometry(const Position& position, Square square) noexcept;

struct EnPassantAnalysis {
  std::optional<Square> as_read;          // Position::en_passant
  Code geometry = Code::ok;               // check_en_passant_geometry of as_read
  std::array<std::optional<Square>, 2> capturers{};  // pawns of the side to move beside the pushed pawn
  std::array<bool, 2> capture_is_legal{};            // per capturer: own king not left in check

  bool written_by_xfen() const noexcept;   // a capturer exists
  bool written_by_legal() const noexcept;  // a capturer's capture is legal
};

EnPassantAnalysis analyze_en_passant(const Position& position) noexcept;

// The square X-FEN writes: as read, when the geometry holds and a pawn of the side to move stands
// on an adjacent file of the pushed pawn's rank (whether or not the capture is legal).
std::optional<Square> xfen_en_passant(const Position& position) noexcept;

// The square written in the `legal` style: as xfen_en_passant, and some capture must be legal.
std::optional<Square> legal_en_passant(const Position& position) noexcept;

}  // namespace xfen
