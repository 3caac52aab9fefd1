// The pieces of a position as a range: `for (const auto [square, piece] : xfen::pieces(position))`
// visits each occupied square of the board, a1, b1, … up to the board's last file, then rank 2,
// and so on to rank 8. Nothing is copied: the range refers to the position.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>

#include "xfen/position_value.hpp"

namespace xfen {

struct PlacedPiece {
  Square square;
  Piece piece;
  friend constexpr bool operator==(PlacedPiece, PlacedPiece) noexcept = default;
};

class PieceRange {
 public:
  class iterator {
   public:
    // The elements are made on the fly (a square and a piece, not stored as a pair in the
    // position), so the legacy category is input; as a C++20 iterator it is forward.
    using iterator_concept = std::forward_iterator_tag;
    using iterator_category = std::input_iterator_tag;
    using value_type = PlacedPiece;
    using difference_type = std::ptrdiff_t;

    constexpr iterator() noexcept = default;
    constexpr iterator(const Position* position, std::size_t index) noexcept
        : position_(position), index_(index) {
      skip_empty();
    }

    [[nodiscard]] constexpr PlacedPiece operator*() const noexcept {
      return {square_of(index_), position_->board[index_]};
    }
    constexpr iterator& operator++() noexcept {
      ++index_;
      skip_empty();
      return *this;
    }
    constexpr iterator operator++(int) noexcept {
      iterator before = *this;
      ++*this;
      return before;
    }
    [[nodiscard]] friend constexpr bool operator==(const iterator& lhs,
                                                   const iterator& rhs) noexcept {
      return lhs.index_ == rhs.index_;
    }

   private:
    static constexpr Square square_of(std::size_t index) noexcept {
      return make_square(static_cast<int>(index % kMaxFiles), static_cast<int>(index / kMaxFiles));
    }
    // Squares beyond the board's width are skipped as well as empty ones: they are not part of
    // an 8-file board, whatever they hold.
    constexpr void skip_empty() noexcept {
      while (index_ < kMaxSquares &&
             (static_cast<int>(index_ % kMaxFiles) >= position_->width ||
              position_->board[index_].empty()))
        ++index_;
    }

    const Position* position_ = nullptr;
    std::size_t index_ = kMaxSquares;
  };

  constexpr explicit PieceRange(const Position& position) noexcept : position_(&position) {}

  [[nodiscard]] constexpr iterator begin() const noexcept { return {position_, 0}; }
  [[nodiscard]] constexpr iterator end() const noexcept { return {position_, kMaxSquares}; }

 private:
  const Position* position_;
};

[[nodiscard]] constexpr PieceRange pieces(const Position& position) noexcept {
  return PieceRange(position);
}
// A range over a temporary would dangle before a range-for loop's body runs (C++20 keeps only the
// range alive, not the position it refers to): keep the position in a variable.
PieceRange pieces(const Position&&) = delete;

// How many squares of the board hold `piece`; for an empty Piece, how many squares are empty.
[[nodiscard]] constexpr int count(const Position& position, Piece piece) noexcept {
  int found = 0;
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < position.width; ++file)
      if (position.at(make_square(file, rank)) == piece) ++found;
  return found;
}

}  // namespace xfen
