// Fuzz target `board_scan`: the fast board scans against the precise reader (the vector scan too
// where the processor runs it).
//
// Input: any bytes; the board is the bytes up to the first space.
// Laws (fuzz/board_scan_law.hpp):
//   1. Each scan accepts a board exactly when the precise reader does (strict, with valid other
//      fields), and then reads the same squares, width and end.
//   2. xfen::parse, strict on the completed record and lenient on the bytes as given, reports
//      exactly what it reports with the precise reader alone: the same position, or the same
//      error code, offset and length, and as many warnings.
#include <cstddef>
#include <cstdint>

#include "board_scan_law.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = xfen::fuzz::as_text(data, size);
  if (const std::string difference = xfen::fuzz::board_scan_disagreement(bytes);
      !difference.empty())
    xfen::fuzz::law_broken("board_scan", "the fast board scan agrees with the precise reader",
                           bytes, "agreement", difference);
  return 0;
}
