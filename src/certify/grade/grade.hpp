// Grading one answer against what its case expects. Answers are read with xfen's reader and
// compared as positions, never as text alone: a record in another known spelling of the same
// position is `non-canonical` (or a pass where --accept-spelling allows it), not a wrong answer.
#pragma once

#include <optional>
#include <string>

#include "certify/grade/certify_case.hpp"
#include "certify/grade/spelling.hpp"
#include "certify/grade/spelling_profile.hpp"
#include "certify/grade/verdict.hpp"
#include "certify/run/protocol.hpp"

namespace xfen::certify {

struct Grade {
  Verdict verdict = Verdict::pass;
  std::string detail;  // why, in a sentence: "written with Shredder castling letters (HAha)"
  // The style other than X-FEN's the grade rests on, which only the whole run's profile may
  // credit: such a grade given without a profile is provisional. Where the profile does not
  // credit it, the verdict is `uncredited` (a failure stays the failure it is).
  std::optional<WriteOptions> rests_on = std::nullopt;
  Verdict uncredited = Verdict::non_canonical;
};

// Skipping (--skip-file, records a mode cannot send) is decided by the caller.
// An accepted answer in a shorter layout (EPD, the board alone) is graded on the fields it has:
// right ones are `non-canonical` naming the layout, or a pass where `layouts` holds it; wrong
// ones are `wrong-position` naming the fields that differ.
// With `profile` (the run's spelling, spelling_profile.hpp), a spelling passes only where the
// program uses it throughout; without it, as if it did (a provisional grade).
Grade grade(const CertifyCase& c, const Answer& answer, SpellingSet accepted, LayoutSet layouts = {},
            const SpellingProfile* profile = nullptr);

// The expected position as an answer that holds `answered` should be compared with, field by
// field: without its en passant square when the answer has none and no capture can use the square
// legally. Leaving such a square out is a spelling (the one that writes it only when a capture is
// legal), not a difference: beside a wrong clock, the clock is what is wrong.
Position expected_for_comparison(const Position& expected, const Position& answered) noexcept;

}  // namespace xfen::certify
