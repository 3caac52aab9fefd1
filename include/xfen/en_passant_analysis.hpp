// The en passant analysis that needs the attack rules: whether each possible capture leaves the
// capturer's own king safe. Used by the `legal` writing style and by `xfen explain`.
#pragma once

#include <array>
#include <optional>

#include "xfen/diagnostic.hpp"
#include "xfen/position.hpp"
#include "xfen/export.hpp"

namespace xfen {

struct XFEN_EXPORT EnPassantAnalysis {
  std::optional<Square> as_read;          // Position::en_passant
  Code geometry = Code::ok;               // check_en_passant_geometry of as_read
  std::array<std::optional<Square>, 2> capturers{};  // en_passant_capturers of as_read
  std::array<bool, 2> capture_is_legal{};            // per capturer: own king not left in check

  bool written_by_xfen() const noexcept;   // a capturer exists
  bool written_by_legal() const noexcept;  // a capturer's capture is legal
};

[[nodiscard]] XFEN_EXPORT EnPassantAnalysis analyze_en_passant(const Position& position) noexcept;

// The square written in the `legal` style: as xfen_en_passant, and some capture must be legal.
[[nodiscard]] XFEN_EXPORT std::optional<Square> legal_en_passant(const Position& position) noexcept;

}  // namespace xfen
