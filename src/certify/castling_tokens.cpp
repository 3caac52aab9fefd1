#include "castling_tokens.hpp"

#include <array>

namespace xfen::certify {

std::optional<char> castling_token(const Position& position, Color color,
                                   CastlingSide side) noexcept {
  const std::optional<int> file = position.castling.rook_file(color, side);
  if (!file) return std::nullopt;
  const bool white = color == Color::white;
  if (outermost_rook_file(position, color, side) == file) {
    const char letter = side == CastlingSide::h_side ? 'K' : 'Q';
    return white ? letter : static_cast<char>(letter - 'A' + 'a');
  }
  return static_cast<char>((white ? 'A' : 'a') + *file);
}

std::string castling_field(const Position& position) {
  std::string field;
  if (position.castling.mode == CastlingMode::symmetric) field += 's';
  if (position.castling.mode == CastlingMode::modern) field += 'm';
  constexpr std::array kColors{Color::white, Color::black};
  constexpr std::array kSides{CastlingSide::h_side, CastlingSide::a_side};
  for (const Color color : kColors)
    for (const CastlingSide side : kSides)
      if (const auto token = castling_token(position, color, side)) field += *token;
  return position.castling.any() ? field : field + "-";
}

}  // namespace xfen::certify
