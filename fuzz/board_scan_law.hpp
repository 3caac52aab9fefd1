// The law that holds the parser's fast board scans (src/board_scan.cpp, and the vector scan where
// the processor runs it) to its precise reader: for every board, each scan accepts exactly what
// the precise reader accepts, and then reads the same squares and width; and xfen::parse, its fast
// paths first (this scan, and the castling scan on whatever castling field the input has), says
// exactly what the precise readers alone say. Without it, a scan that declined good
// boards would go unnoticed: the precise reader takes over and every other test stays green, only
// slower. Checked by the `board_scan` fuzz target and by tests/board_scan_test.cpp.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "board_scan.hpp"
#include "fuzz_support.hpp"
#include "parse_with.hpp"

namespace xfen::fuzz {

// The board is `bytes` up to its first space, completed to a record with fields that are always
// valid (` w - - 0 1`: no castling or en passant to depend on the board). Returns what differs,
// or nothing when the law holds.
inline std::string board_scan_disagreement(std::string_view bytes) {
  const std::string_view board = bytes.substr(0, bytes.find(' '));
  const std::string record = std::string(board) + " w - - 0 1";
  const auto size = static_cast<std::uint32_t>(record.size());

  const ParseResult precise = detail::parse_with(record, {}, detail::Readers::precise_only);
  for (const detail::BoardScanner& scanner : detail::board_scanners()) {
    std::array<Piece, kMaxSquares> scanned_squares{};
    const detail::ScannedBoard scanned = scanner.scan(record, 0, size, scanned_squares);
    const std::string scan = "the " + std::string(scanner.name) + " scan";
    if (scanned.ok != precise.ok())
      return scanned.ok ? scan + " accepts a board the precise reader rejects: " +
                              describe(precise.error, record)
                        : scan + " declines a board the precise reader accepts";
    if (scanned.ok && (scanned.width != precise.position.width || scanned.end != board.size() ||
                       scanned_squares != precise.position.board))
      return scan + " reads width " + std::to_string(scanned.width) + " ending at " +
             std::to_string(scanned.end) + ", the precise reader width " +
             std::to_string(precise.position.width) + " ending at " +
             std::to_string(board.size()) +
             (scanned_squares != precise.position.board ? ", and other squares" : "");
  }

  for (const Profile profile : {Profile::strict, Profile::lenient}) {
    const std::string_view text = profile == Profile::strict ? std::string_view(record) : bytes;
    const ParseResult fast = parse(text, {.profile = profile});
    const ParseResult alone = detail::parse_with(text, {.profile = profile},
                                                 detail::Readers::precise_only);
    const bool same = fast.ok() == alone.ok() &&
                      (fast.ok() ? same_fields(fast.position, alone.position)
                                 : fast.error.code == alone.error.code &&
                                       fast.error.offset == alone.error.offset &&
                                       fast.error.length == alone.error.length) &&
                      fast.warnings.total() == alone.warnings.total();
    if (!same)
      return std::string("xfen::parse (") + (profile == Profile::strict ? "strict" : "lenient") +
             ") and the precise reader alone differ: " +
             (fast.ok() ? "ok" : describe(fast.error, text)) + " against " +
             (alone.ok() ? "ok" : describe(alone.error, text));
  }
  return {};
}

}  // namespace xfen::fuzz
