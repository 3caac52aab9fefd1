// The parser's fast path for the castling field, beside the precise reader in parse.cpp that names
// every problem. Castling fields are short and varied ("KQkq", "HAha", "Ff", "kq"): the precise
// reader branches on each token's letter and case and on what it finds, and builds a diagnostic's
// worth of state as it goes. This one has no branch on a token's letter, case or outcome (only on
// the field's length); on the corpus it makes a parse 2 ns (4%) faster (docs/PERFORMANCE.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "back_rank.hpp"
#include "xfen/position_value.hpp"

namespace xfen::detail {

// The most tokens the scan reads: one right per colour and side.
inline constexpr std::uint32_t kCastlingScanTokens = 4;

// What one colour's tokens can name: its king's file and the rooks K and Q name beside it. No rook
// is a number past the grid's files: kNoRook, or what BackRankFiles::outermost_rook_or_past gives.
inline constexpr unsigned kNoRook = 31;

struct CastlingTargets {
  unsigned rooks = 0;  // BackRankFiles::rooks; none unless the colour has exactly one king
  unsigned king = 0;
  unsigned h_rook = kNoRook;  // the outermost rook above the king: what K names (see below)
  unsigned a_rook = kNoRook;  // the outermost rook below it: what Q names
};

inline CastlingTargets castling_targets(const BackRankFiles& files) noexcept {
  if (!files.has_one_king()) return {};
  const int king = *files.king();
  return {.rooks = files.rooks,
          .king = static_cast<unsigned>(king),
          .h_rook = files.outermost_rook_or_past(CastlingSide::h_side, king),
          .a_rook = files.outermost_rook_or_past(CastlingSide::a_side, king)};
}

// Reads a castling field of one to four tokens, each K, Q or a rook's file letter in either case,
// that each name a rook of their colour's one back-rank king and give a right no earlier token
// gave. True with `rights` (default on entry) set to what the field says; false, `rights` left
// default, for anything else ("-", a prefix, a problem), which the precise reader then reads.
inline bool scan_castling(const char* field, std::uint32_t size,
                          const std::array<BackRankFiles, 2>& back_ranks,
                          CastlingRights& rights) noexcept {
  if (size - 1 >= kCastlingScanTokens) return false;
  const std::array<CastlingTargets, 2> targets = {castling_targets(back_ranks[0]),
                                                  castling_targets(back_ranks[1])};
  unsigned given = 0;  // bit 2 * colour + side for each right given
  unsigned ok = 1;
  for (std::uint32_t token = 0; token < size; ++token) {
    const auto byte = static_cast<unsigned char>(field[token]);
    const unsigned color = (byte >> 5) & 1u;  // the lower-case bit
    const unsigned letter = byte & 31u;        // 'A' and 'a' are 1
    const CastlingTargets& target = targets[color];
    // The letters A..J name files 0..9; K and Q are 11 and 17, past them. Every other byte
    // names a file no rook mask has, or is not a letter.
    unsigned rook = letter - 1;
    rook = letter == ('K' & 31u) ? target.h_rook : rook;
    rook = letter == ('Q' & 31u) ? target.a_rook : rook;
    const unsigned is_letter = (byte & 0xc0u) == 0x40u ? 1u : 0u;
    const unsigned slot = 2 * color + (rook < target.king ? 1u : 0u);  // the a-side is 1
    // As 64 bits, so that no rook (31, 32, or all ones, masked to 63) reaches a rook's bit.
    const std::uint64_t rooks = target.rooks;
    ok &= is_letter & static_cast<unsigned>(rooks >> (rook & 63u)) & ~(given >> slot);
    given |= 1u << slot;
    rights.rook_files[color][slot & 1u] = static_cast<std::int8_t>(rook);
  }
  if ((ok & 1u) != 0) return true;
  rights = {};
  return false;
}

}  // namespace xfen::detail
