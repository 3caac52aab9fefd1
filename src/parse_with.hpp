// The parser with its board reader chosen, for the tests and fuzz targets that hold the fast
// board scan to the precise reader: the scan is an optimisation, so on every board the two must
// agree, and a scan that declines a good board must not go unnoticed just because the precise
// reader quietly takes over.
#pragma once

#include <cstdint>
#include <string_view>

#include "xfen/parse.hpp"
#include "xfen/export.hpp"

namespace xfen::detail {

enum class BoardReading : std::uint8_t {
  fast_scan_first,  // what xfen::parse does: scan_board, and the precise reader when it declines
  precise_only,     // the precise reader alone
};

XFEN_EXPORT ParseResult parse_with(std::string_view text, const ParseOptions& options,
                       BoardReading board_reading) noexcept;

}  // namespace xfen::detail
