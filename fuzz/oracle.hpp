// xfen as the oracle of someone else's X-FEN implementation, for the fuzz targets that test one:
// `external` (a program of any language, driven as `xfen certify` drives it) and `plugin` (a C++
// reader linked into the target, fuzz/plugin/xfen_plugin.hpp). Each input is a record; what the
// implementation does with it is graded by certify's grading library (the same verdicts, the
// same spelling rules, the same capability tags as a certification run), and a disagreement is
// reported (the input, xfen's answer, theirs, the verdict, its key) before the target aborts, so
// that libFuzzer keeps the input as a crash artifact.
//
// The implementation's spelling is declared (the values of certify's --accept-spelling and
// --accept-layout), and every answer is held to it on its own record. When nothing is declared, it
// may be learnt from a first batch of generated records and then fixed as the declaration for the
// rest of the run (a program that writes Shredder letters throughout is not failed on every
// record); a batch that shows no single spelling of a field ends the run, asking for one.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "certify/generative/disagreement_key.hpp"
#include "certify/grade/certify_case.hpp"
#include "certify/grade/spelling_profile.hpp"
#include "certify/run/protocol.hpp"

namespace xfen::fuzz {

// What the implementation declares, in the words of certify's options.
struct OracleDeclarations {
  certify::SpellingSet accepted;         // --accept-spelling
  certify::LayoutSet accepted_layouts;   // --accept-layout
  std::optional<std::vector<std::string>> supports;  // --supports: capability tags
};

// Reads the declarations from the texts of certify's options ("shredder,ep-legal", "epd",
// "8x8,chess960"; empty: not declared). An unknown name is an error that says which names exist.
std::variant<OracleDeclarations, std::string> read_declarations(std::string_view accept_spelling,
                                                                std::string_view accept_layout,
                                                                std::string_view supports);

using AskImplementation = std::function<certify::Answer(std::string_view record)>;

class Oracle {
 public:
  explicit Oracle(OracleDeclarations declarations);

  // The case for an input, or nothing when the input is not one to send: not one line (a line
  // feed, a final carriage return: the protocol carries a record as one line), or a record of a
  // game the implementation does not declare (a capability tag outside `supports`).
  std::optional<certify::CertifyCase> case_for(std::string_view input) const;

  // The first record to ask a program: the start position of the first game the implementation
  // declares (standard chess, else Capablanca chess). The runner judges a program that ends before
  // any answer unable to run, and engines crash on records far simpler than a start position
  // (Stockfish on an empty board); asked this first, such a program is fuzzed, not given up.
  std::string start_record() const;

  // Asks the implementation about `records` generated records (their own seeds) and declares the
  // spelling its answers show, for every later answer to be held to: for each field, the one at
  // least nine in ten answers that tell the spellings apart agree with. A field without one
  // declares nothing: the error names what the answers did and asks for a declaration (a guess
  // would report correct records as findings).
  std::optional<std::string> learn_spelling(const AskImplementation& ask, std::size_t records);
  // The same for a fuzz target, from XFEN_FUZZ_SPELLING_RECORDS records (1000), saying on stderr,
  // as fuzz_`target` about `who`, what it declared; the error is returned for the caller to stop
  // with (stop_for_declaration) once the sessions it asked in are closed.
  std::optional<std::string> learn_spelling_for_target(std::string_view target, std::string_view who,
                                                       const AskImplementation& ask);
  const certify::SpellingProfile& spelling() const noexcept { return spelling_; }
  // The declaration every answer is held to: "ep-legal", "shredder,ep-always"; empty: X-FEN's.
  std::string declared() const;

  // The disagreement of `answer` with xfen, graded as certification grades it; nothing when the
  // answer passes.
  std::optional<certify::DisagreementKey> disagreement(const certify::CertifyCase& c,
                                                       const certify::Answer& answer) const;

  // Grades `answer`; on a disagreement, prints the report and returns its key.
  std::optional<certify::DisagreementKey> report(std::string_view target, const certify::CertifyCase& c,
                                                 const certify::Answer& answer) const;
  // The same, aborting on a disagreement.
  void check(std::string_view target, const certify::CertifyCase& c, const certify::Answer& answer) const {
    if (report(target, c, answer)) std::abort();
  }

 private:
  OracleDeclarations declarations_;
  certify::SpellingProfile spelling_;
};

// Ends the target with exit 2 after saying `why` on stderr (as fuzz_`target`: …): a usage error
// (no program, a setting that is not a number, two spellings of one field, a batch that showed no
// single spelling), not a finding, so libFuzzer keeps no artifact of it.
[[noreturn]] void stop_with_usage_error(std::string_view target, const std::string& why);

// A number from the environment variable `name`, or `fallback` when it is unset or empty; a
// value that is not a number ends the target with a message naming `target`.
unsigned long number_setting(std::string_view target, const char* name, unsigned long fallback);

// The suite's capability tags (corpus/conformance/manifest.json, "capabilities").
const std::vector<std::string>& suite_capabilities();

}  // namespace xfen::fuzz
