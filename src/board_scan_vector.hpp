// The board scan in AVX-512 registers, for processors that have VBMI2's byte compress and expand.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "board_scan.hpp"
#include "cpu_features.hpp"

namespace xfen::detail {

#if defined(XFEN_AVX512_DISPATCH)
// What scan_board says of the board, without a loop over its bytes. Call only where
// has_board_vectors() holds.
XFEN_EXPORT ScannedBoard scan_board_avx512(std::string_view text, std::uint32_t begin,
                                              std::uint32_t end,
                                              std::array<Piece, kMaxSquares>& board) noexcept;
#endif

}  // namespace xfen::detail
