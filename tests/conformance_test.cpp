// Runs the conformance suite (corpus/conformance/*.jsonl, format in its README) against the
// library through xfen_conformance: the loader reads the cases, the judge compares what the
// library does with what each case asks for. One test case per group file.
#define BOOST_TEST_MODULE conformance
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/judge.hpp"
#include "conformance/suite_loader.hpp"
#include "xfen/xfen.hpp"

namespace {

namespace conformance = xfen::conformance;

constexpr std::array<std::string_view, 9> kGroups = {
    "board", "castling", "counters", "dialects", "en-passant", "legality", "lenient", "record", "side"};

// Codes that no record text can produce; every other code needs at least one case.
constexpr std::array<std::string_view, 4> kUnreachable = {
    "write.buffer-too-small", "board.off-board", "record.too-long", "input.too-long"};

// The suite of the source tree, or the one $XFEN_SUITE names: a copy with cases added (the cases
// `xfen certify --generate --save-cases` writes, checked by certify_generate_test before they join).
const conformance::Suite& suite() {
  static const conformance::Suite loaded = conformance::load_suite(
      std::getenv("XFEN_SUITE") != nullptr ? std::filesystem::path(std::getenv("XFEN_SUITE"))
                                           : std::filesystem::path(XFEN_SOURCE_DIR) / "corpus" / "conformance");
  return loaded;
}

std::string quoted(const std::string& text) { return nlohmann::json(text).dump(); }

// Every diagnostic a case states: its error or write error, its warnings, its legality findings.
std::vector<const conformance::ExpectedDiagnostic*> stated_diagnostics(const conformance::Case& c) {
  std::vector<const conformance::ExpectedDiagnostic*> stated;
  if (c.outcome != conformance::Outcome::accepted) stated.push_back(&c.error);
  for (const auto& warning : c.warnings) stated.push_back(&warning);
  if (c.legality)
    for (const auto& finding : *c.legality) stated.push_back(&finding);
  return stated;
}

// R7.6 and R9, beyond what a case states: the canonical record reads back strictly, without
// warnings, to an equal position that writes the same bytes; and whatever strict reading accepts,
// lenient reading accepts as the same position with no warning.
void check_reading_laws(const conformance::Case& c) {
  const xfen::ParseResult read = xfen::parse(c.input, c.parse_options);
  if (!read.ok()) return;
  const xfen::ParseResult again = xfen::parse(c.output);
  BOOST_TEST_REQUIRE(again.ok(), "the output is not strict X-FEN");
  BOOST_TEST(again.warnings.empty(), "the output reads with warnings");
  BOOST_TEST(xfen::to_string(again.position).text == c.output, "the output is not a fixed point");
  BOOST_TEST((again.position == read.position), "parse(output) != parse(input)");
  if (c.parse_options.profile != xfen::Profile::strict) return;
  const xfen::ParseResult lenient = xfen::parse(c.input, {.profile = xfen::Profile::lenient});
  BOOST_TEST_REQUIRE(lenient.ok(), "lenient reading rejects a strict record");
  BOOST_TEST(lenient.warnings.empty(), "lenient reading warns about a strict record");
  BOOST_TEST((lenient.position == read.position), "lenient reading gives another position");
}

// The legality findings xfen reports for the position a case reads, as "code@offset"; none when
// reading fails.
std::vector<std::string> library_findings(const conformance::Case& c) {
  std::vector<std::string> found;
  const xfen::ParseResult read = xfen::parse(c.input, c.parse_options);
  if (!read.ok()) return found;
  const xfen::LegalityReport report = xfen::check_legality(read, c.input);
  for (const xfen::Diagnostic& d : report.findings)
    found.push_back(std::string(xfen::code_name(d.code)) + "@" + std::to_string(d.offset));
  return found;
}

std::string listed(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) (text += text.empty() ? "" : ", ") += item;
  return text;
}

void run_group(std::string_view group) {
  std::size_t count = 0;
  for (const conformance::Case& c : suite().cases) {
    if (c.group != group) continue;
    ++count;
    BOOST_TEST_CONTEXT(c.location() << " " << c.id << " input=" << quoted(c.input)) {
      const conformance::Verdict verdict = conformance::judge(c, conformance::observe_library(c));
      for (const conformance::Mismatch& m : verdict.mismatches)
        BOOST_ERROR(m.what << ": expected " << m.expected << ", got " << m.actual);
      if (c.outcome == conformance::Outcome::accepted && c.default_styles()) check_reading_laws(c);
    }
  }
  BOOST_TEST(count > 0U, group << ".jsonl has no cases");
}

}  // namespace

BOOST_AUTO_TEST_CASE(suite_loads_without_problems) {
  for (const std::string& problem : suite().problems) BOOST_ERROR(problem);
  BOOST_TEST(suite().groups == std::vector<std::string>(kGroups.begin(), kGroups.end()),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(every_code_is_covered) {
  std::set<std::string> covered;
  for (const conformance::Case& c : suite().cases)
    for (const conformance::ExpectedDiagnostic* d : stated_diagnostics(c)) covered.insert(d->code);
  for (const xfen::Code code : xfen::all_codes()) {
    const std::string name(xfen::code_name(code));
    if (std::find(kUnreachable.begin(), kUnreachable.end(), name) != kUnreachable.end()) continue;
    BOOST_TEST(covered.count(name) == 1U, "no conformance case for " << name);
  }
}

// The sentences are optional in the format, for other implementations' suites; xfen's own suite
// states every one, so that each sentence xfen writes is pinned.
BOOST_AUTO_TEST_CASE(every_diagnostic_states_its_sentence) {
  for (const conformance::Case& c : suite().cases)
    for (const conformance::ExpectedDiagnostic* d : stated_diagnostics(c))
      BOOST_TEST(d->message.has_value(), c.location() << " " << c.id << ": no \"message\" on " << d->code);
}

// A well-formed record of a position that cannot arise may be rejected (R10 is separate from
// reading, but a program that needs playable positions may refuse it), so such a case cannot
// oblige every implementation to accept it: it is implementation-defined, in any group. Dialect
// cases are no exception, since class_rules puts an illegal position before the writing styles.
BOOST_AUTO_TEST_CASE(no_valid_or_dialect_case_is_an_illegal_position) {
  for (const conformance::Case& c : suite().cases) {
    if (c.case_class != conformance::CaseClass::valid &&
        c.case_class != conformance::CaseClass::dialect)
      continue;
    const std::vector<std::string> found = library_findings(c);
    BOOST_TEST(found.empty(), c.location() << " " << c.id << " is \""
                                            << conformance::case_class_name(c.case_class)
                                            << "\", but its position is illegal: " << listed(found));
  }
}

// Stating the findings is what makes such a case implementation-defined (class_rules) and lets
// the judge compare them, so that a case outside legality.jsonl cannot hide an illegal position.
BOOST_AUTO_TEST_CASE(every_illegal_position_states_its_findings) {
  for (const conformance::Case& c : suite().cases) {
    const std::vector<std::string> found = library_findings(c);
    if (!found.empty())
      BOOST_TEST(c.legality.has_value(), c.location() << " " << c.id << " states no \"legality\", but "
                                                        << "its position is illegal: " << listed(found));
  }
}

BOOST_AUTO_TEST_CASE(record) { run_group("record"); }
BOOST_AUTO_TEST_CASE(board) { run_group("board"); }
BOOST_AUTO_TEST_CASE(side) { run_group("side"); }
BOOST_AUTO_TEST_CASE(castling) { run_group("castling"); }
BOOST_AUTO_TEST_CASE(en_passant) { run_group("en-passant"); }
BOOST_AUTO_TEST_CASE(counters) { run_group("counters"); }
BOOST_AUTO_TEST_CASE(dialects) { run_group("dialects"); }
BOOST_AUTO_TEST_CASE(lenient) { run_group("lenient"); }
BOOST_AUTO_TEST_CASE(legality) { run_group("legality"); }
