// The parser's fast path for the board field.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "xfen/position_value.hpp"
#include "xfen/export.hpp"

namespace xfen::detail {

// Eight bytes, so that it comes back in one register: laid out with the flag first, it was built
// on the stack by three stores and read back by one load, which the processor cannot forward, and
// that stall was a tenth of a parse.
struct ScannedBoard {
  std::uint32_t end = 0;   // offset of the space (or field end) after the board
  std::uint8_t width = 0;  // 8 or 10
  bool ok = false;         // false: not a well-formed board; the precise reader must say why
};

// Reads a well-formed board into `board` without data-dependent branches: real boards mix
// letters, digits and slashes too irregularly for a branch predictor, and mispredictions cost more
// than the reading itself. It checks everything the precise reader checks, but only says whether
// the board is well-formed; on failure `board` is untouched. AVX-512 vectors where the processor
// has them, else a byte at a time.
XFEN_EXPORT ScannedBoard scan_board(std::string_view text, std::uint32_t begin, std::uint32_t end,
                        std::array<Piece, kMaxSquares>& board) noexcept;

// A scan of the board, by name: the bytewise one, and where the processor has them the vectors'.
struct BoardScanner {
  std::string_view name;
  ScannedBoard (*scan)(std::string_view text, std::uint32_t begin, std::uint32_t end,
                       std::array<Piece, kMaxSquares>& board) noexcept;
};

// Every scan this processor runs, scan_board's choice last: the tests and the fuzz law hold each
// to the precise reader, not only the one scan_board picks here.
XFEN_EXPORT std::span<const BoardScanner> board_scanners() noexcept;

// The scan one byte at a time, which scan_board uses where the processor lacks the vector scan's
// instructions (board_scan_vector.hpp).
XFEN_EXPORT ScannedBoard scan_board_bytewise(std::string_view text, std::uint32_t begin,
                                             std::uint32_t end,
                                             std::array<Piece, kMaxSquares>& board) noexcept;

}  // namespace xfen::detail
