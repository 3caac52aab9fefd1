// The parser with its readers chosen, for the tests and fuzz targets that hold the fast paths (the
// board scan and the castling scan) to the precise readers: each is an optimisation, so on every
// record the two must agree, and a scan that declines a good field must not go unnoticed just
// because the precise reader quietly takes over.
#pragma once

#include <cstdint>
#include <string_view>

#include "xfen/parse.hpp"
#include "xfen/export.hpp"

namespace xfen::detail {

enum class Readers : std::uint8_t {
  fast_paths_first,  // what xfen::parse does: scan_board and scan_castling, and the precise
                     // readers of the board and the castling field when they decline
  precise_only,      // the precise readers alone
};

XFEN_EXPORT ParseResult parse_with(std::string_view text, const ParseOptions& options,
                                   Readers readers) noexcept;

}  // namespace xfen::detail
