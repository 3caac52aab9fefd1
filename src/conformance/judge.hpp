// Judging what an implementation did with a conformance case. The judge compares an Observation
// (what was seen) with the Case (what the suite asks for) and lists every difference, with the
// expected and the actual value, so that a report can show both. It never looks at how the
// observation was made: xfen's own library (observe_library) and, later, another program driven
// as a separate process produce the same kind of Observation.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/conformance_case.hpp"

namespace xfen::conformance {

struct Observation {
  bool accepted = false;  // reading succeeded
  // When accepted: the record written in the case's styles, or the code of the writer's refusal.
  std::string output;
  std::optional<ExpectedDiagnostic> write_error;
  // What the implementation reports beyond accepting or rejecting. An implementation that does
  // not report a thing leaves it empty, and the judge does not compare it; one that writes no
  // sentences leaves each diagnostic's `message` empty.
  std::optional<ExpectedDiagnostic> error;                    // when rejected
  std::optional<std::vector<ExpectedDiagnostic>> warnings;    // the ones it kept, in order
  std::optional<std::size_t> warning_total;                   // how many arose, kept or not
  std::optional<std::vector<ExpectedDiagnostic>> legality;    // legality findings, in order
  std::optional<std::size_t> legality_total;
  // An implementation that keeps at most this many diagnostics of a kind (and counts the rest in
  // the totals); none means it keeps them all.
  std::optional<std::size_t> kept_at_most;
};

struct Mismatch {
  std::string what;  // "output", "error", "warnings", "warning 2 message", …
  std::string expected;
  std::string actual;
};

struct Verdict {
  std::vector<Mismatch> mismatches;
  bool passed() const noexcept { return mismatches.empty(); }
};

Verdict judge(const Case& c, const Observation& observation);

// Reads, writes and checks the case with xfen's own library. Every diagnostic comes with its
// sentence (xfen::message about the case's input); warnings and legality findings are the ones the
// library's result keeps, followed by those only its sink delivered.
Observation observe_library(const Case& c);

// "castling.no-rook at 23", "castling.no-rook" (no offset).
std::string describe(const ExpectedDiagnostic& diagnostic);

}  // namespace xfen::conformance
