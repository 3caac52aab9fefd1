// Hashing positions, so that they can be keys of std::unordered_map and std::unordered_set.
// Consistent with operator== (position.hpp): positions that compare equal hash equal, including
// an en passant square X-FEN does not write (e3 with no black pawn beside e4) and `-`, and the
// castling spellings K, H and a Shredder H that name one rook.
#pragma once

#include <cstddef>
// Declares std::hash, the template specialized below ([optional.syn] declares it, as do
// <string_view> and <functional>); <functional> itself would be a third of <xfen/xfen.hpp>'s
// compile time.
#include <optional>

#include "xfen/position.hpp"
#include "xfen/export.hpp"

namespace xfen {

[[nodiscard]] XFEN_EXPORT std::size_t hash_value(const Position& position) noexcept;

}  // namespace xfen

template <>
struct std::hash<xfen::Position> {
  [[nodiscard]] std::size_t operator()(const xfen::Position& position) const noexcept {
    return xfen::hash_value(position);
  }
};
