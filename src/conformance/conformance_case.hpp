// One conformance case of corpus/conformance/*.jsonl, as data: what is read, how, and what must
// come of it. The format is documented in corpus/conformance/README.md; this is its C++ model,
// shared by the tests and by anything that certifies an implementation against the suite.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "conformance/case_class.hpp"

namespace xfen::conformance {

// A diagnostic as the suite states it: a stable code name and, where the suite pins it, a byte
// offset into the case's input and the sentence xfen writes for it. The sentence is xfen's
// wording, not part of X-FEN: it is compared only with an implementation that reports sentences.
struct ExpectedDiagnostic {
  std::string code;
  std::optional<std::uint32_t> offset;
  std::optional<std::string> message;

  friend bool operator==(const ExpectedDiagnostic&, const ExpectedDiagnostic&) = default;
};

// What reading and writing the input must give: exactly one of the three.
enum class Outcome : std::uint8_t {
  accepted,         // read, and written as `output`
  rejected,         // reading fails with `error`
  write_refused,    // read, but writing in the case's styles fails with `write_error`
};

struct Case {
  std::string id;
  // Stated by "class" and "tags"; a case that states no class gets the one its other members
  // call for (class_rules.hpp), and no tags.
  CaseClass case_class = CaseClass::valid;
  std::vector<std::string> tags;  // sorted, distinct
  std::string group;          // the file's name without .jsonl
  std::string file;           // where the case stands, for messages: "castling.jsonl"
  std::size_t line = 0;       // 1-based
  std::string line_text;      // the line exactly as it stands in the file, without its '\n'
  std::string input;
  ParseOptions parse_options{};
  WriteOptions write_options{};
  Outcome outcome = Outcome::accepted;
  std::string output;                          // with Outcome::accepted
  ExpectedDiagnostic error;                    // with Outcome::rejected or write_refused
  std::vector<ExpectedDiagnostic> warnings;    // with accepted or write_refused
  std::optional<std::vector<ExpectedDiagnostic>> legality;  // required in legality.jsonl
  std::string note;

  // file:line, the way diagnostics about the suite name a case.
  std::string location() const { return file + ":" + std::to_string(line); }
  bool default_styles() const noexcept {
    return write_options.castling == CastlingStyle::xfen &&
           write_options.en_passant == EnPassantStyle::xfen;
  }
};

}  // namespace xfen::conformance
