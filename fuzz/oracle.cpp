#include "oracle.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include <xfen/start_position.hpp>
#include <xfen/style_names.hpp>
#include <xfen/write.hpp>

#include "../testing/escaped_bytes.hpp"
#include "certify/grade/certification.hpp"
#include "certify/grade/grade.hpp"
#include "certify/grade/joined.hpp"
#include "generate/records.hpp"
#include "generate/tape.hpp"

namespace xfen::fuzz {
namespace {

// Comma-separated names, each checked by `known`; the first unknown one is the error.
template <class Add>
std::optional<std::string> read_list(std::string_view list, std::string_view option,
                                     const std::vector<std::string>& names, Add add) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    bool found = false;
    for (const std::string& known : names) found = found || known == name;
    if (!found)
      return std::string(option) + ": '" + std::string(name) + "' is none of " + certify::joined(names, ", ");
    add(name);
  }
  return std::nullopt;
}

// Generated records learn the spelling from seeds of their own, apart from any the fuzzer makes.
constexpr std::uint64_t kSpellingSeeds = 0x5be11edULL;

}  // namespace

unsigned long number_setting(std::string_view target, const char* name, unsigned long fallback) {
  const char* value = std::getenv(name);
  if (value == nullptr || *value == '\0') return fallback;
  char* end = nullptr;
  const unsigned long number = std::strtoul(value, &end, 10);
  if (*end != '\0') stop_with_usage_error(target, std::string(name) + "=" + value + " is not a number");
  return number;
}

const std::vector<std::string>& suite_capabilities() {
  static const std::vector<std::string> capabilities{XFEN_SUITE_CAPABILITIES};
  return capabilities;
}

std::variant<OracleDeclarations, std::string> read_declarations(std::string_view accept_spelling,
                                                                std::string_view accept_layout,
                                                                std::string_view supports) {
  OracleDeclarations declarations;
  std::vector<std::string> spellings;
  for (const certify::Spelling s : certify::all_spellings()) spellings.emplace_back(certify::spelling_name(s));
  if (auto problem = read_list(accept_spelling, "accept-spelling", spellings, [&](std::string_view name) {
        declarations.accepted.add(*certify::spelling_from_name(name));
      }))
    return *problem;
  if (auto conflict = declarations.accepted.conflict()) return "accept-spelling: " + *conflict;
  if (auto problem = read_list(accept_layout, "accept-layout", {"epd", "board"}, [&](std::string_view name) {
        declarations.accepted_layouts.add(*record_fields_from_name(name));
      }))
    return *problem;
  if (!supports.empty()) {
    declarations.supports.emplace();
    if (auto problem = read_list(supports, "supports", suite_capabilities(), [&](std::string_view tag) {
          declarations.supports->emplace_back(tag);
        }))
      return *problem;
  }
  return declarations;
}

Oracle::Oracle(OracleDeclarations declarations) : declarations_(std::move(declarations)) {}

std::optional<certify::CertifyCase> Oracle::case_for(std::string_view input) const {
  certify::CertifyCase c = certify::certify_case_from_record(input, 1);
  if (c.unsendable || certify::needs_per_case(c)) return std::nullopt;
  if (declarations_.supports &&
      !certify::unsupported_capabilities(c, suite_capabilities(), *declarations_.supports).empty())
    return std::nullopt;
  return c;
}

std::string Oracle::start_record() const {
  std::array<char, kMaxRecordSize> buffer{};
  std::string first;
  for (const Position& start : {standard_start(), capablanca_start()}) {
    std::string record(buffer.data(), write(start, buffer).size);
    const std::optional<certify::CertifyCase> c = case_for(record);
    if (c && c->expectation == certify::Expectation::accept) return record;
    if (first.empty()) first = std::move(record);
  }
  return first;
}

std::optional<std::string> Oracle::learn_spelling(const AskImplementation& ask, std::size_t records) {
  for (std::size_t i = 0; i < records; ++i) {
    const auto made = generate::generate(generate::records_for(generate::RecordProfile::all), kSpellingSeeds + i);
    const std::optional<certify::CertifyCase> c = case_for(made.value.text);
    if (!c || c->expectation == certify::Expectation::reject) continue;
    const certify::Answer answer = ask(c->input);
    if (answer.kind == certify::Answer::Kind::accepted) spelling_.add(certify::spelling_evidence(*c, answer.text));
  }
  // A field no answer told apart keeps X-FEN's spelling. Otherwise the spelling nine in ten telling
  // answers (or more) agree with is the program's: the few others are what fuzzing is for (a
  // program of X-FEN's spelling with an en passant bug shows it in a handful of them). Below that
  // the answers show no single spelling (Phalanx-like, dropping every square: 43 % agree with
  // ep-legal), and a guess would report correct records as findings.
  std::string undecided;
  const auto choose = [&undecided](const certify::ChoiceEvidence& evidence, const std::string& described,
                                   auto declare) {
    if (evidence.answers == 0) return;
    std::size_t most = 0;
    for (std::size_t i = 1; i < evidence.agreeing.size(); ++i)
      if (evidence.agreeing[i] > evidence.agreeing[most]) most = i;
    if (evidence.agreeing[most] * 10 >= evidence.answers * 9)
      declare(evidence.used().value_or(most));
    else
      undecided += (undecided.empty() ? "" : "; ") + described;
  };
  certify::SpellingSet learnt;
  choose(spelling_.castling(), spelling_.describe_castling(), [&learnt](std::size_t style) {
    if (style == 1) learnt.add(certify::Spelling::shredder);
    if (style == 2) learnt.add(certify::Spelling::classic);
  });
  choose(spelling_.en_passant(), spelling_.describe_en_passant(), [&learnt](std::size_t style) {
    if (style == 1) learnt.add(certify::Spelling::ep_always);
    if (style == 2) learnt.add(certify::Spelling::ep_legal);
  });
  if (!undecided.empty())
    return "the first " + std::to_string(records) + " records show no single spelling (" + undecided +
           "): declare the program's spelling (--accept-spelling; XFEN_FUZZ_ACCEPT_SPELLING), and its answers are "
           "held to it; XFEN_FUZZ_SPELLING_RECORDS=0 holds them to X-FEN's";
  declarations_.accepted = learnt;
  return std::nullopt;
}

void stop_with_usage_error(std::string_view target, const std::string& why) {
  std::fprintf(stderr, "fuzz_%.*s: %s\n", static_cast<int>(target.size()), target.data(), why.c_str());
  std::fflush(stderr);
  // _Exit, not exit: libFuzzer's exit hook would report the run as a crash of the target (exit 77)
  // with an artifact of whichever input was running; stderr, flushed above, is all there is to keep.
  std::_Exit(2);
}

std::optional<std::string> Oracle::learn_spelling_for_target(std::string_view target, std::string_view who,
                                                             const AskImplementation& ask) {
  const std::size_t records = number_setting(target, "XFEN_FUZZ_SPELLING_RECORDS", 1000);
  std::optional<std::string> undecided = learn_spelling(ask, records);
  if (undecided) return undecided;
  const std::string name(target);
  const std::string program(who);
  std::fprintf(stderr,
               "fuzz_%s: %s; spelling learnt from %zu records and fixed as the declaration for this run: %s "
               "(--accept-spelling %s)\n",
               name.c_str(), program.c_str(), records, spelling_.describe().c_str(),
               declared().empty() ? "none: X-FEN's" : declared().c_str());
  return std::nullopt;
}

std::string Oracle::declared() const {
  return certify::spelling_list(declarations_.accepted.declared_style());
}

std::optional<certify::DisagreementKey> Oracle::disagreement(const certify::CertifyCase& c,
                                                             const certify::Answer& answer) const {
  const certify::Grade graded = certify::grade(c, answer, declarations_.accepted, declarations_.accepted_layouts);
  if (!certify::is_disagreement(graded.verdict)) return std::nullopt;
  return certify::disagreement_key(c, answer, graded, declarations_.accepted);
}

std::optional<certify::DisagreementKey> Oracle::report(std::string_view target, const certify::CertifyCase& c,
                                                       const certify::Answer& answer) const {
  const certify::Grade graded = certify::grade(c, answer, declarations_.accepted, declarations_.accepted_layouts);
  if (!certify::is_disagreement(graded.verdict)) return std::nullopt;
  // The answer that passes is the expected position in the declared spelling, not X-FEN's.
  const std::string written =
      certify::declared_writing(c.expected_position, declarations_.accepted.declared_style()).value_or(c.expected);
  const std::string spelled = declarations_.accepted.empty() ? "" : " (declared: --accept-spelling " + declared() + ")";
  std::string expected;
  switch (c.expectation) {
    case certify::Expectation::accept: expected = "ok " + written + spelled; break;
    case certify::Expectation::reject: expected = "error (" + c.rule + ")"; break;
    case certify::Expectation::either: expected = "error, or ok " + written + spelled + " (" + c.rule + ")"; break;
  }
  const std::optional<std::string> line = certify::answer_line(answer);
  std::string theirs = line ? testing::escaped(*line) : std::string(certify::answer_kind_name(answer.kind));
  if (!answer.detail.empty()) theirs += " (" + answer.detail + ")";
  certify::DisagreementKey found = certify::disagreement_key(c, answer, graded, declarations_.accepted);
  const std::string key = certify::to_string(found);
  std::fprintf(stderr,
               "\n=== xfen fuzz: the implementation disagrees with xfen\n"
               "target:   %.*s\n"
               "law:      %s\n"
               "input:    \"%s\" (%zu bytes)\n"
               "xfen:     %s\n"
               "theirs:   %s\n"
               "verdict:  %s: %s\n",
               static_cast<int>(target.size()), target.data(), key.c_str(), testing::escaped(c.input).c_str(),
               c.input.size(), testing::escaped(expected).c_str(), theirs.c_str(),
               std::string(certify::verdict_name(graded.verdict)).c_str(), graded.detail.c_str());
  if (!answer.stderr_tail.empty())
    std::fprintf(stderr, "stderr:   \"%s\"\n", testing::escaped(answer.stderr_tail).c_str());
  std::fflush(stderr);
  return found;
}

}  // namespace xfen::fuzz
