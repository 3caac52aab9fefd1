// What "the same way" means when generative certification shrinks a disagreement: the key of a
// record graded against a program's answer. Two records with one key are one finding; the
// minimiser keeps a smaller record only while its key is the key it started from.
//
// The key is the verdict and the part of the record the failure lies in, chosen so that it can be
// computed for every record the minimiser tries and stays put while the bug does:
// - wrong-position, non-canonical: the first field that differs between the expected record and
//   the answer, compared as written (board, side, castling, en passant, halfmove, fullmove), or
//   `layout` when every field the answer has is right and it has fewer or more of them (EPD, the
//   board alone). A program that drops the en passant square keeps failing on the en passant
//   field however far the rest is cut; one that also garbles the board would move to `board`,
//   and that is another way of failing.
// - accepted-invalid: the rule xfen's own reading of the record breaks, as its diagnostic code
//   ("castling.no-rook"). Shrinking a record a program wrongly accepts soon breaks another rule
//   first (no king, a short rank); keeping the code keeps the bug, not just any accepted garbage.
// - rejected-valid: the record's width (8 or 10) alone. What makes a valid record special is not
//   needed: the minimiser keeps what the program trips on, and a finer key (the record's rarest
//   feature) would change as that feature is shrunk towards the simplest one that still trips it.
// - crash, timeout, protocol-error: what xfen makes of the record: its width when it reads it,
//   "an invalid record" when it does not, so that a crash on valid records is never shrunk into a
//   crash on garbage (a different bug, or none: many programs die on garbage). Not the rule an
//   invalid record breaks: what makes a program crash is not what xfen's reading stops at, and
//   keyed by it one crash (Stockfish's, on any record without kings) became twenty groups, one
//   per rule the generated records happened to break beside it.
// - not-run is no disagreement: the runner gave up on the program (its restarts spent), the
//   program said nothing about the record.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "certify/grade/certify_case.hpp"
#include "certify/grade/grade.hpp"
#include "certify/grade/spelling.hpp"
#include "certify/grade/spelling_profile.hpp"
#include "certify/grade/verdict.hpp"
#include "certify/run/protocol.hpp"

namespace xfen::certify {

// The field of a record a wrong or non-canonical answer first differs in, in record order.
enum class DifferingField : std::uint8_t {
  none,  // the key's verdict is not about fields
  board,
  side,
  castling,
  en_passant,
  halfmove,
  fullmove,
  layout,  // the fields it has are right, but not as many as X-FEN writes (or more)
};

std::string_view differing_field_name(DifferingField field) noexcept;  // "en-passant", …
std::ostream& operator<<(std::ostream& os, DifferingField field);

struct DisagreementKey {
  Verdict verdict = Verdict::pass;
  DifferingField field = DifferingField::none;  // wrong-position, non-canonical
  std::string rule;        // accepted-invalid: the code xfen's reading stops at
  std::uint8_t width = 0;  // 8 or 10: rejected-valid, and the others on a record xfen reads

  friend bool operator==(const DisagreementKey&, const DisagreementKey&) = default;
  // Written out rather than defaulted: libc++ 14 has no <=> for std::string.
  friend bool operator<(const DisagreementKey& a, const DisagreementKey& b) noexcept;
};

// "wrong-position: en-passant", "accepted-invalid: castling.no-rook", "rejected-valid: 8x8",
// "crash: on 10x8", "crash: on an invalid record".
std::string to_string(const DisagreementKey& key);
std::ostream& operator<<(std::ostream& os, const DisagreementKey& key);
std::size_t hash_value(const DisagreementKey& key) noexcept;

// Whether a verdict is a disagreement to group: a failure, other than not-run.
inline bool is_disagreement(Verdict verdict) noexcept { return is_failure(verdict) && verdict != Verdict::not_run; }

// The key of a graded answer (any verdict; a pass gets the pass key, with nothing else set),
// graded against the `declared` spelling: a non-canonical answer's field is the first it writes
// otherwise than the declared spelling does.
DisagreementKey disagreement_key(const CertifyCase& c, const Answer& answer, const Grade& grade,
                                 SpellingSet declared = {});

// How answers are graded in a generative run: as suite mode grades them, against the declared
// spelling and with the layouts the run accepts.
struct GradingRules {
  SpellingSet spellings;
  LayoutSet layouts;
};

// The program's `answer` to `record`, graded with xfen as the oracle (certify_case_from_record,
// as --inputs grades a line): its key when it is a failure, nothing otherwise.
std::optional<DisagreementKey> disagreement(std::string_view record, const Answer& answer,
                                            const GradingRules& rules = {});

}  // namespace xfen::certify

template <>
struct std::hash<xfen::certify::DisagreementKey> {
  std::size_t operator()(const xfen::certify::DisagreementKey& key) const noexcept {
    return xfen::certify::hash_value(key);
  }
};
