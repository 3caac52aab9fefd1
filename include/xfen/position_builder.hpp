// Building a Position in code that reads like the record it stands for, and is held to exactly
// what reading holds a record to: build() states the position as a record and reads it.
//
//   using namespace xfen::literals;
//   const xfen::BuildResult built = xfen::PositionBuilder()
//       .put('K', "e1"_sq).put('R', "h1"_sq).put('k', "e8"_sq)
//       .castling("K").side_to_move(xfen::Color::black).build();
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "xfen/diagnostic.hpp"
#include "xfen/position_value.hpp"
#include "xfen/write.hpp"
#include "xfen/export.hpp"

namespace xfen {

struct [[nodiscard]] BuildResult {
  Position position{};  // meaningful only when ok()
  Diagnostic error{};   // reading's diagnostic, its offset into record()

  // The record build() read: what message(error, record()) quotes.
  [[nodiscard]] constexpr std::string_view record() const noexcept { return {text.data(), size}; }
  constexpr bool ok() const noexcept { return error.code == Code::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }

  std::array<char, kMaxRecordSize> text{};
  std::size_t size = 0;
};

class XFEN_EXPORT PositionBuilder {
 public:
  // An empty board of `width` files (8 or 10), White to move, no castling rights, no en passant
  // square, counters 0 and 1.
  explicit PositionBuilder(int width = 8) noexcept;

  // The piece a letter of the notation stands for (KQRBNPAC, kqrbnpac) on `square`. Another
  // letter makes build() fail with board.bad-char; a square beyond the width with board.off-board.
  PositionBuilder& put(char letter, Square square) noexcept;
  PositionBuilder& side_to_move(Color color) noexcept;
  // The castling field as a record spells it ("KQkq", "HAha", "sKQ", "-"), read against the
  // board as reading does; longer than a field can be (a prefix and four tokens), build() fails
  // with castling.bad-char.
  PositionBuilder& castling(std::string_view field) noexcept;
  PositionBuilder& en_passant(Square square) noexcept;
  PositionBuilder& clocks(std::uint32_t halfmove_clock, std::uint32_t fullmove_number) noexcept;

  // Reads the record the calls above state, strictly: the position, or reading's first error.
  [[nodiscard]] BuildResult build() const noexcept;

 private:
  Position position_;  // the board, width and side; the rest is in the fields below
  Diagnostic error_{};
  std::array<char, 5> castling_{'-'};
  std::size_t castling_size_ = 1;
};

}  // namespace xfen
