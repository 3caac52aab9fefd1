#include "certify/grade/verdict.hpp"

#include <array>

#include "certify/grade/certification.hpp"

namespace xfen::certify {

namespace {

struct VerdictFacts {
  Verdict verdict;
  std::string_view name;
  Tally tally;
};

// A crash, a timeout or a case never run is a failure whatever the case expected: none of them
// is a rejection.
constexpr std::array<VerdictFacts, kVerdictCount> kFacts{{
    {Verdict::pass, "pass", Tally::passed},
    {Verdict::non_canonical, "non-canonical", Tally::failed},
    {Verdict::wrong_position, "wrong-position", Tally::failed},
    {Verdict::accepted_invalid, "accepted-invalid", Tally::failed},
    {Verdict::rejected_valid, "rejected-valid", Tally::failed},
    {Verdict::crash, "crash", Tally::failed},
    {Verdict::timeout, "timeout", Tally::failed},
    {Verdict::protocol_error, "protocol-error", Tally::failed},
    {Verdict::not_run, "not-run", Tally::failed},
    {Verdict::skipped, "skipped", Tally::skipped},
    {Verdict::unexpected_pass, "unexpected-pass", Tally::failed},
    {Verdict::not_applicable, "not-applicable", Tally::not_applicable},
}};

constexpr std::array<Verdict, kVerdictCount> kAll = [] {
  std::array<Verdict, kVerdictCount> all{};
  for (std::size_t i = 0; i < kVerdictCount; ++i) all[i] = kFacts[i].verdict;
  return all;
}();

constexpr const VerdictFacts& facts(Verdict verdict) noexcept {
  return kFacts[static_cast<std::size_t>(verdict)];
}

static_assert([] {
  for (std::size_t i = 0; i < kVerdictCount; ++i)
    if (static_cast<std::size_t>(kFacts[i].verdict) != i) return false;
  return true;
}(), "kFacts is indexed by Verdict");

}  // namespace

std::string_view verdict_name(Verdict verdict) noexcept { return facts(verdict).name; }
Tally tally_of(Verdict verdict) noexcept { return facts(verdict).tally; }
std::span<const Verdict> all_verdicts() noexcept { return kAll; }

void Tallies::count(Verdict verdict) noexcept {
  switch (tally_of(verdict)) {
    case Tally::passed: ++passed; break;
    case Tally::failed: ++failed; break;
    case Tally::skipped: ++skipped; break;
    case Tally::not_applicable: ++not_applicable; break;
  }
}

}  // namespace xfen::certify
