// The X-FEN castling token of each right of a position, as the reports name castling rooks: K/Q
// (k/q) for the outermost rook on its side of the king, the rook's file letter for an inner one.
#pragma once

#include <optional>
#include <string>

#include "xfen/position.hpp"

namespace xfen::certify {

// Nothing when `color` has no right on `side`.
std::optional<char> castling_token(const Position& position, Color color,
                                   CastlingSide side) noexcept;

// The whole field as X-FEN orders it ("KQkq", "sJAja", "-"), from the rights as read: it needs no
// writer, so it shows rights a writer would refuse (a rook gone from its square) too.
std::string castling_field(const Position& position);

}  // namespace xfen::certify
