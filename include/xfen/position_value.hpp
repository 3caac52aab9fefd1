// The position as a value: everything an X-FEN record says, in a fixed-size, copyable value, with
// no rule of the notation applied. Its equality, which does apply one (which en passant square
// X-FEN writes), is in position.hpp, above the en passant rule it needs.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

#include "xfen/geometry.hpp"
#include "xfen/piece.hpp"

namespace xfen {

// Which side of its king a castling rook stands on. The h-side is the side of the higher files
// (`K`/`k`), the a-side the side of the lower files (`Q`/`q`).
enum class CastlingSide : std::uint8_t { h_side = 0, a_side = 1 };

// The optional prefix of the castling field. It is carried, not interpreted: it never changes
// which rook a token names.
enum class CastlingMode : std::uint8_t {
  standard,   // no prefix
  symmetric,  // `s`, e.g. Janus chess
  modern,     // `m`, e.g. Embassy chess, Chess480
};

// At most one right per colour and side, each remembered by the file of its rook on the
// colour's back rank. Storing the rook (not the letter that named it) makes `K`, `H` and `h`
// spellings of one right compare equal.
struct CastlingRights {
  static constexpr std::int8_t kNone = -1;

  CastlingMode mode = CastlingMode::standard;
  std::array<std::array<std::int8_t, 2>, 2> rook_files{{{kNone, kNone}, {kNone, kNone}}};

  constexpr std::optional<int> rook_file(Color color, CastlingSide side) const noexcept {
    const std::int8_t file = rook_files[static_cast<std::size_t>(color)][static_cast<std::size_t>(side)];
    return file == kNone ? std::nullopt : std::optional<int>(file);
  }
  constexpr void set(Color color, CastlingSide side, int file) noexcept {
    rook_files[static_cast<std::size_t>(color)][static_cast<std::size_t>(side)] = static_cast<std::int8_t>(file);
  }
  constexpr void clear(Color color, CastlingSide side) noexcept { set(color, side, kNone); }
  constexpr bool any() const noexcept {
    for (const auto& sides : rook_files)
      for (const std::int8_t file : sides)
        if (file != kNone) return true;
    return false;
  }
  friend constexpr bool operator==(const CastlingRights&, const CastlingRights&) noexcept = default;
};

struct Position {
  static constexpr std::uint32_t kMaxCounter = 2147483647;

  // Indexed by Square::index(); files >= width stay empty.
  std::array<Piece, kMaxSquares> board;
  std::uint8_t width = 8;                  // 8 or 10
  Color side_to_move = Color::white;
  CastlingRights castling{};
  // The en passant square as it was read (after its geometry was checked). What a writer emits
  // is decided from the board: see en_passant.hpp.
  std::optional<Square> en_passant{};
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;

  // An empty 8×8 board, White to move. The board is cleared in 16-byte blocks: left to the
  // compiler, zeroing it becomes a `rep stos`, whose start-up cost is a tenth of a parse.
  Position() noexcept {
    constexpr std::array<Piece, 16> kEmpty{};
    static_assert(kMaxSquares % kEmpty.size() == 0);
    for (std::size_t at = 0; at < kMaxSquares; at += kEmpty.size())
      std::memcpy(&board[at], kEmpty.data(), sizeof kEmpty);
  }

  // Any square a Square can hold, in every build type. A square of the 10×8 grid (file 0..9,
  // rank 0..7) is addressable whatever the width; any other reads as empty, and put() refuses it
  // and leaves the position unchanged: it would reach outside `board` or alias a square of the
  // next rank (file 12 of rank 4 is c5). A piece put beyond `width` makes the position invalid
  // (validate: board.off-board). The check is two compares, which the parser and the writer do
  // not pay: they index `board` directly, by rows.
  [[nodiscard]] constexpr Piece at(Square square) const noexcept {
    return square.is_valid(kMaxFiles) ? board[square.index()] : Piece();
  }
  constexpr void put(Square square, Piece piece) noexcept {
    if (square.is_valid(kMaxFiles)) board[square.index()] = piece;
  }
};

}  // namespace xfen
