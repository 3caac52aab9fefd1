// What the reports say of a generative run (CertifyReport::generative) beyond its plain values,
// in the same words in each: its speed, its limits, what shrinking a group cost, and which listed
// case holds a group's minimal record. Only xfen's own words and figures: the values that came
// from the program or the user (records, the replay command) each report shows its own way.
#pragma once

#include <string>

#include "certify/grade/certification.hpp"

namespace xfen::certify {

// The records generated and graded a second; 0 when no time was measured (JSON has no infinity).
double cases_per_second(const GenerativeSummary& run) noexcept;
// The same as the text and HTML reports show it: "412.5 cases/s".
std::string speed_text(const GenerativeSummary& run);

// "1000 records, 60 s, 20000 records without a new group": the limits the run had, the time
// limit left out when there was none.
std::string generation_limits(const GenerativeSummary& run);

// "37 calls in 0.21 s", then "; the call bound was reached: the minimal record may not be
// 1-minimal" when it was, or that the first record did not disagree again (not reproduced),
// which a reader of the minimal record needs to know.
std::string shrink_cost(const GeneratedGroup& group);

// With --suite-report: "fails as suite case castling.no-rook-K does", or "no suite case fails
// this way: only generation found it"; without, nothing.
std::string suite_comparison(const GenerativeSummary& run, const GeneratedGroup& group);

// The case listed for the group (CertifyReport::cases[case_index]); null when the index is past
// the cases, so that a report with a wrong index still writes (and says it is not listed).
const CaseResult* group_case(const CertifyReport& report, const GeneratedGroup& group) noexcept;

// A number of seconds with two decimals and " s": "0.21 s".
std::string seconds_text(double seconds);

}  // namespace xfen::certify
