// Grading one answer against what its case expects, on that answer's own record. The answer must
// be the expected position written in the declared spelling (--accept-spelling; X-FEN's where a
// field is not declared): what the other answers of a run show never moves a verdict. Answers
// are read with xfen's reader and compared as positions, never as text alone: the same position
// in another known spelling is `non-canonical`, headed by the field it spells otherwise, not a
// wrong answer.
#pragma once

#include <optional>
#include <string>

#include "certify/grade/certify_case.hpp"
#include "certify/grade/spelling.hpp"
#include "certify/grade/verdict.hpp"
#include "certify/run/protocol.hpp"

namespace xfen::certify {

struct Grade {
  Verdict verdict = Verdict::pass;
  std::string detail;  // why, in a sentence: "castling: declared shredder writes HAha here; answered KQkq, …"
};

// Skipping (--skip-file, records a mode cannot send) is decided by the caller.
// `declared` holds at most one spelling per field (SpellingSet::conflict). Where the declared
// castling spelling cannot write the position (classic letters for an inner rook), a refusal
// passes on the dialect cases that say a writer of it must refuse, and X-FEN's letter is the one
// that names such a rook.
// An accepted answer in a shorter layout (EPD, the board alone) is graded on the fields it has:
// right ones are `non-canonical` naming the layout, or a pass where `layouts` holds it; wrong
// ones are `wrong-position` naming the fields that differ.
Grade grade(const CertifyCase& c, const Answer& answer, SpellingSet declared, LayoutSet layouts = {});


// The expected position as an answer that holds `answered` should be compared with, field by
// field: without its en passant square when the answer has none and no capture can use the square
// legally. Leaving such a square out is a spelling (the one that writes it only when a capture is
// legal), not a difference: beside a wrong clock, the clock is what is wrong.
Position expected_for_comparison(const Position& expected, const Position& answered) noexcept;

}  // namespace xfen::certify
