// What an implementation must do with a record: from a conformance case, as its class says, or
// from a user's own record, as xfen's reference reading says (--inputs).
#pragma once

#include <cstdint>
#include <string_view>

#include "certify_case.hpp"
#include "conformance_case.hpp"

namespace xfen::certify {

// valid: accept and write `output`; invalid: reject; implementation-defined: either, and when
// accepted, `output`; dialect: accept (the caller grades it only where its style is accepted).
CertifyCase certify_case_from_suite(const conformance::Case& c);

// A record of an --inputs file, judged by xfen's strict reader and legality check: what it reads
// must be accepted and written canonically; what it rejects must be rejected; a position it reads
// but finds illegal may be either (as the suite's implementation-defined cases). `line` is
// 1-based; the case's id is "line N". Tagged with its board (8x8 or 10x8) when readable.
CertifyCase certify_case_from_record(std::string_view record, std::uint64_t line);

}  // namespace xfen::certify
