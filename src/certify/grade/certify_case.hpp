// One record to certify an implementation with, and what it must do with it, and where such
// cases come from: a conformance case (certify_case_from_suite, SuiteCases) or a user's own record
// judged by xfen (certify_case_from_record, RecordFileCases: --inputs).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <xfen/position.hpp>
#include <xfen/write.hpp>

#include "conformance/case_class.hpp"
#include "conformance/conformance_case.hpp"
#include "io/byte_stream.hpp"
#include "io/line_reader.hpp"

namespace xfen::certify {

enum class Expectation : std::uint8_t {
  accept,  // accepted, and written as `expected` (in any accepted spelling)
  reject,  // rejected
  either,  // rejecting is fine; accepting only with `expected` (implementation-defined cases)
};

struct CertifyCase {
  std::uint64_t index = 0;  // the case's place in the run, 0-based
  std::string id;           // the suite's id, or "line N" of an --inputs file
  std::string input;        // the record, the exact bytes sent
  conformance::CaseClass case_class = conformance::CaseClass::valid;
  std::vector<std::string> tags;
  Expectation expectation = Expectation::accept;
  // With accept and either: the record in X-FEN's canonical writing and the position it holds
  // (what an answer is compared with).
  std::string expected;
  Position expected_position{};
  // Dialect cases: the style the suite writes the case in. Every dialect case is a strict, legal
  // record (the suite's class rules), so X-FEN's answer is defined and graded in every run; the
  // style only widens what passes, when --accept-spelling names every choice of it.
  std::optional<WriteOptions> dialect_style;
  // A dialect case whose style cannot write the position (classic letters for an inner rook): a
  // writer of that style must refuse, so a rejection passes where the style is accepted.
  bool dialect_refuses = false;
  std::string rule;  // what the suite says about the case: its error code or note, for reports
  // Why the record cannot be sent in any mode (an --inputs line too long to be a record); the
  // case is then reported as skipped, with this reason, never dropped.
  std::optional<std::string> unsendable;
};

// What an implementation must do with a record: from a conformance case, as its class says, or
// from a user's own record, as xfen's reference reading says (--inputs).
// valid: accept and write `output`; invalid: reject; implementation-defined: either, and when
// accepted, `output`; dialect: accept (the caller grades it only where its style is accepted).
CertifyCase certify_case_from_suite(const conformance::Case& c);

// A record of an --inputs file, judged by xfen's strict reader and legality check: what it reads
// must be accepted and written canonically; what it rejects must be rejected; a position it reads
// but finds illegal may be either (as the suite's implementation-defined cases). `line` is
// 1-based; the case's id is "line N". Tagged with its board (8x8 or 10x8) when readable.
CertifyCase certify_case_from_record(std::string_view record, std::uint64_t line);

// Where the cases come from: the suite, or an --inputs file read as it goes.
class CaseSource {
 public:
  virtual ~CaseSource() = default;
  // Fills `next` with the next case (its index is set by the run); false when none are left.
  virtual bool next(CertifyCase& next) = 0;
};

// The selected cases of the suite, in order (not owned).
class SuiteCases final : public CaseSource {
 public:
  explicit SuiteCases(const std::vector<const conformance::Case*>& cases) : cases_(cases) {}
  bool next(CertifyCase& next) override;

 private:
  const std::vector<const conformance::Case*>& cases_;
  std::size_t at_ = 0;
};

// The records of an --inputs file, read as the run goes: one per line, "\n" or "\r\n" ending it.
class RecordFileCases final : public CaseSource {
 public:
  explicit RecordFileCases(io::ByteSource& source) : lines_(source) {}
  bool next(CertifyCase& next) override;
  // The errno of a failed read, 0 when none failed.
  int error() const noexcept { return lines_.error(); }

 private:
  io::LineReader lines_;
};

}  // namespace xfen::certify
