// Where something stands in a PGN file: the byte offset from the start of the input, and the line
// and column a person looks for.
#pragma once

#include <cstdint>

namespace xfen::pgn {

struct SourcePosition {
  std::uint64_t offset = 0;  // 0-based byte offset from the first byte of the input (a BOM counts)
  std::uint64_t line = 1;    // 1-based; a line ends at "\n" ("\r\n" is one line end too)
  std::uint64_t column = 1;  // 1-based, in bytes from the line's start; a UTF-8 BOM at the start
                             // of the input is not counted, so the byte after it is column 1
};

}  // namespace xfen::pgn
