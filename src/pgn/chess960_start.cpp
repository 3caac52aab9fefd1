#include "chess960_start.hpp"

#include <array>
#include <cstddef>

namespace xfen::pgn {

namespace {

constexpr int kFiles = 8;

// The two knights' places among the five squares left once bishops and queen stand, in
// Scharnagl's order: the index in this table is the number's last digit (number / 96).
constexpr std::array<std::array<int, 2>, 10> kKnightPlaces{
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

bool ranks_hold_only_start_pawns(const xfen::Position& position) noexcept {
  for (int rank = 1; rank < xfen::kRanks - 1; ++rank) {
    for (int file = 0; file < kFiles; ++file) {
      const xfen::Piece piece = position.at(xfen::make_square(file, rank));
      if (rank == 1 && !piece.is(xfen::PieceType::pawn, xfen::Color::white)) return false;
      if (rank == xfen::kRanks - 2 && !piece.is(xfen::PieceType::pawn, xfen::Color::black))
        return false;
      if (rank > 1 && rank < xfen::kRanks - 2 && !piece.empty()) return false;
    }
  }
  return true;
}

// The back rank's piece types in file order, some kinds taken out: Scharnagl counts each piece's
// place among the squares still free.
struct Remaining {
  std::array<xfen::PieceType, kFiles> types{};
  int size = 0;
};

std::optional<int> index_of(const Remaining& remaining, xfen::PieceType type, int skip) noexcept {
  for (int i = 0; i < remaining.size; ++i)
    if (remaining.types[static_cast<std::size_t>(i)] == type && skip-- == 0) return i;
  return std::nullopt;
}

Remaining without(const Remaining& remaining, xfen::PieceType type) noexcept {
  Remaining left;
  for (int i = 0; i < remaining.size; ++i) {
    const xfen::PieceType t = remaining.types[static_cast<std::size_t>(i)];
    if (t != type) left.types[static_cast<std::size_t>(left.size++)] = t;
  }
  return left;
}

}  // namespace

std::optional<int> chess960_start_number(const xfen::Position& position) noexcept {
  if (position.width != kFiles || !ranks_hold_only_start_pawns(position)) return std::nullopt;

  Remaining back_rank;
  back_rank.size = kFiles;
  for (int file = 0; file < kFiles; ++file) {
    const xfen::Piece white = position.at(xfen::make_square(file, 0));
    const xfen::Piece black = position.at(xfen::make_square(file, xfen::kRanks - 1));
    if (white.empty() || white.color() != xfen::Color::white ||
        !black.is(white.type(), xfen::Color::black))
      return std::nullopt;
    back_rank.types[static_cast<std::size_t>(file)] = white.type();
  }

  // Bishops: one on a light square (b, d, f, h: odd files), one on a dark one.
  const auto first_bishop = index_of(back_rank, xfen::PieceType::bishop, 0);
  const auto second_bishop = index_of(back_rank, xfen::PieceType::bishop, 1);
  if (!first_bishop || !second_bishop || index_of(back_rank, xfen::PieceType::bishop, 2) ||
      (*first_bishop + *second_bishop) % 2 == 0)
    return std::nullopt;
  const int light = *first_bishop % 2 == 1 ? *first_bishop : *second_bishop;
  const int dark = *first_bishop % 2 == 0 ? *first_bishop : *second_bishop;

  const Remaining after_bishops = without(back_rank, xfen::PieceType::bishop);
  const auto queen = index_of(after_bishops, xfen::PieceType::queen, 0);
  if (!queen || index_of(after_bishops, xfen::PieceType::queen, 1)) return std::nullopt;

  const Remaining after_queen = without(after_bishops, xfen::PieceType::queen);
  const auto knight = index_of(after_queen, xfen::PieceType::knight, 0);
  const auto other_knight = index_of(after_queen, xfen::PieceType::knight, 1);
  if (!knight || !other_knight || index_of(after_queen, xfen::PieceType::knight, 2))
    return std::nullopt;

  // What is left, in file order, must be rook, king, rook.
  const Remaining last = without(after_queen, xfen::PieceType::knight);
  if (last.size != 3 || last.types[0] != xfen::PieceType::rook ||
      last.types[1] != xfen::PieceType::king || last.types[2] != xfen::PieceType::rook)
    return std::nullopt;

  int knights = 0;
  while (kKnightPlaces[static_cast<std::size_t>(knights)] != std::array{*knight, *other_knight})
    ++knights;
  return (light - 1) / 2 + 4 * (dark / 2) + 16 * *queen + 96 * knights;
}

}  // namespace xfen::pgn
