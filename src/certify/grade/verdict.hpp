// What `xfen certify` concludes about one case, as docs/PROTOCOL.md lists the verdicts. Names are
// spelled as the reports spell them ("non-canonical", "rejected-valid", …).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace xfen::certify {

enum class Verdict : std::uint8_t {
  pass,
  non_canonical,     // accepted, the same position, written with a spelling not accepted
  wrong_position,    // accepted, and the answer is another position or no readable record
  accepted_invalid,  // accepted a record that must be rejected
  rejected_valid,    // rejected a record that must be accepted
  crash,             // ended (exit, signal) before answering; never a correct rejection
  timeout,           // no answer within the time limit; never a correct rejection
  protocol_error,    // answered something that is not an answer
  not_run,           // never sent: the program was restarted too often
  skipped,           // not graded: named by --skip-file, or not runnable in this mode
  unexpected_pass,   // named by --skip-file, and passed: the skip list is out of date
  not_applicable,    // never sent: the case needs a capability the program does not declare
};

inline constexpr std::size_t kVerdictCount = 12;

// Where a verdict counts in the summary line "N passed, N failed, N skipped, N not applicable".
// A case outside what the program declares it plays is neither a pass nor a failure, nor a
// skipped expected failure: it is counted apart.
enum class Tally : std::uint8_t { passed, failed, skipped, not_applicable };

std::string_view verdict_name(Verdict verdict) noexcept;
Tally tally_of(Verdict verdict) noexcept;
// Whether the verdict counts as a failure (tally_of): what the reports list with the answer.
inline bool is_failure(Verdict verdict) noexcept { return tally_of(verdict) == Tally::failed; }
// Every verdict, in the order of the enumeration (the order reports list them in).
std::span<const Verdict> all_verdicts() noexcept;

}  // namespace xfen::certify
