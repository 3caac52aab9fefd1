// A deliberately simple model of strict X-FEN reading (docs/SPEC.md R1-R6) and canonical writing
// (R7), for the `differential` fuzz target only. It is written from SPEC alone and shares no code
// with src/: plain std::string splitting, a board of characters, obvious loops. It is slow on
// purpose and must stay easy to check against SPEC by eye.
#pragma once

#include <cstddef>
#include <string>

namespace simple_model {

struct Verdict {
  bool accepted = false;
  std::string canonical;  // accepted: the record as R7 writes it
  std::string field;      // rejected: "record", "board", "side-to-move", "castling", "en-passant",
                          //           "halfmove-clock" or "fullmove-number"
  std::string code;       // rejected: SPEC's code name, e.g. "castling.no-rook"
  std::size_t offset = 0; // rejected: 0-based byte offset as SPEC defines it for the code
};

// Reads `record` with the strict rules (the whole string is the record).
Verdict read_strict(const std::string& record);

// "accept <record>" or "reject <field> <code>@<offset>", for reports.
std::string describe(const Verdict& verdict);

}  // namespace simple_model
