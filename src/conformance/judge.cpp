#include "conformance/judge.hpp"

#include <algorithm>
#include <array>
#include <exception>
#include <string_view>
#include <vector>

#include <xfen/diagnostic.hpp>
#include <xfen/legality.hpp>
#include <xfen/message.hpp>

namespace xfen::conformance {
namespace {

std::string describe_list(const std::vector<ExpectedDiagnostic>& list) {
  if (list.empty()) return "none";
  std::string text;
  for (const ExpectedDiagnostic& d : list) text += (text.empty() ? "" : ", ") + describe(d);
  return text;
}

// What xfen reports of a diagnostic found in `record`, its sentence included.
ExpectedDiagnostic seen(const Diagnostic& diagnostic, std::string_view record) {
  return {.code = std::string(code_name(diagnostic.code)),
          .offset = diagnostic.offset,
          .message = message(diagnostic, record)};
}

// A diagnostic matches when the codes agree and, where the suite pins an offset, the offsets do.
// The sentence is judged apart (judge_sentence), so that a right diagnostic with a wrong sentence
// is reported as just that.
bool matches(const ExpectedDiagnostic& expected, const ExpectedDiagnostic& actual) {
  return expected.code == actual.code && (!expected.offset || expected.offset == actual.offset);
}

// Every diagnostic a sink delivers, about the case's input. Only those the result list has no
// room for are judged from here (reported), so sentences are written once each, there.
struct Collected {
  std::string_view record;
  std::vector<Diagnostic> diagnostics;
};

DiagnosticSink collect_into(Collected& collected) {
  return DiagnosticSink{
      .receive = [](void* context, const Diagnostic& d) noexcept {
        try {
          static_cast<Collected*>(context)->diagnostics.push_back(d);
        } catch (...) {
          std::terminate();  // out of memory while judging: nothing sensible is left to do
        }
      },
      .context = &collected};
}

// Every diagnostic the library reports of one kind: the first kCapacity as its result keeps them
// (DiagnosticList), then those only its sink delivered, for which the list has no room. So both
// ways of reporting are judged: a list or a sink that loses a diagnostic shows as a missing one.
std::vector<ExpectedDiagnostic> reported(const DiagnosticList& kept, const Collected& delivered) {
  std::vector<ExpectedDiagnostic> all;
  for (const Diagnostic& d : kept) all.push_back(seen(d, delivered.record));
  for (std::size_t i = DiagnosticList::kCapacity; i < delivered.diagnostics.size(); ++i)
    all.push_back(seen(delivered.diagnostics[i], delivered.record));
  return all;
}

class Judge {
 public:
  Judge(const Case& c, const Observation& observation) : case_(c), seen_(observation) {}

  Verdict run() {
    if (case_.outcome == Outcome::rejected) {
      judge_rejection();
      return std::move(verdict_);
    }
    if (!seen_.accepted) {
      differ("reading", "accepted", "rejected" + (seen_.error ? ": " + describe(*seen_.error) : ""));
      return std::move(verdict_);
    }
    judge_list("warning", case_.warnings, seen_.warnings, seen_.warning_total);
    judge_writing();
    if (case_.legality)
      judge_list("legality finding", *case_.legality, seen_.legality, seen_.legality_total);
    return std::move(verdict_);
  }

 private:
  void differ(std::string what, std::string expected, std::string actual) {
    verdict_.mismatches.push_back({std::move(what), std::move(expected), std::move(actual)});
  }

  void judge_rejection() {
    if (seen_.accepted) {
      differ("reading", "rejected: " + describe(case_.error),
             "accepted" + (seen_.write_error ? std::string() : ", written " + seen_.output));
      return;
    }
    if (!seen_.error) return;
    if (!matches(case_.error, *seen_.error))
      differ("error", describe(case_.error), describe(*seen_.error));
    else
      judge_sentence("error", case_.error, *seen_.error);
  }

  // Compared only when the case states a sentence and the implementation reports one: the
  // sentences are xfen's wording, which other implementations need not share.
  void judge_sentence(const std::string& what, const ExpectedDiagnostic& expected,
                      const ExpectedDiagnostic& actual) {
    if (expected.message && actual.message && *expected.message != *actual.message)
      differ(what + " message", *expected.message, *actual.message);
  }

  void judge_writing() {
    if (case_.outcome == Outcome::write_refused) {
      if (!seen_.write_error)
        differ("writing", "refused: " + describe(case_.error), "written " + seen_.output);
      else if (!matches(case_.error, *seen_.write_error))
        differ("write error", describe(case_.error), describe(*seen_.write_error));
      else
        judge_sentence("write error", case_.error, *seen_.write_error);
      return;
    }
    if (seen_.write_error)
      differ("writing", case_.output, "refused: " + describe(*seen_.write_error));
    else if (seen_.output != case_.output)
      differ("output", case_.output, seen_.output);
  }

  // An implementation may keep fewer diagnostics than arise (xfen keeps a fixed number and counts
  // the rest): then the kept ones must be the first expected ones, and the count the full one.
  void judge_list(const std::string& what, const std::vector<ExpectedDiagnostic>& expected,
                  const std::optional<std::vector<ExpectedDiagnostic>>& kept,
                  const std::optional<std::size_t>& total) {
    if (total && *total != expected.size())
      differ(what + " count", std::to_string(expected.size()), std::to_string(*total));
    if (!kept) return;
    const bool prefix = kept->size() <= expected.size() &&
                        std::equal(kept->begin(), kept->end(), expected.begin(),
                                   [](const auto& a, const auto& e) { return matches(e, a); });
    const std::size_t arose = total.value_or(expected.size());
    const bool all_kept = kept->size() == std::min(arose, seen_.kept_at_most.value_or(arose));
    if (!prefix || !all_kept) differ(what + "s", describe_list(expected), describe_list(*kept));
    if (!prefix) return;
    for (std::size_t i = 0; i < kept->size(); ++i)
      judge_sentence(what + " " + std::to_string(i + 1), expected[i], (*kept)[i]);
  }

  const Case& case_;
  const Observation& seen_;
  Verdict verdict_;
};

}  // namespace

std::string describe(const ExpectedDiagnostic& diagnostic) {
  return diagnostic.offset ? diagnostic.code + " at " + std::to_string(*diagnostic.offset)
                           : diagnostic.code;
}

Verdict judge(const Case& c, const Observation& observation) {
  return Judge(c, observation).run();
}

Observation observe_library(const Case& c) {
  // The record is read from a buffer that goes on after it with a digit, as a record inside a
  // larger text does: a reader that looks past the record's end (finishing a count, say) then
  // reads a different board instead of a terminating NUL that happens to change nothing.
  const std::string buffer_with_more = c.input + '7';
  const std::string_view input(buffer_with_more.data(), c.input.size());
  // Every diagnostic, also those beyond what the library's lists keep, through its sinks.
  Collected warnings{.record = input, .diagnostics = {}};
  Collected findings{.record = input, .diagnostics = {}};

  Observation observation;
  ParseOptions options = c.parse_options;
  options.warning_sink = collect_into(warnings);
  const ParseResult read = parse(input, options);
  observation.accepted = read.ok();
  if (!read.ok()) {
    observation.error = seen(read.error, input);
    return observation;
  }
  observation.warning_total = read.warnings.total();
  observation.warnings = reported(read.warnings, warnings);
  std::array<char, kMaxRecordSize> buffer{};
  const WriteResult written = write(read.position, buffer, c.write_options);
  if (written.ok())
    observation.output.assign(buffer.data(), written.size);
  else
    observation.write_error = ExpectedDiagnostic{.code = std::string(code_name(written.error.code)),
                                                 .offset = std::nullopt,
                                                 .message = message(written.error, input)};
  const LegalityReport legality = check_legality(read, input, collect_into(findings));
  observation.legality_total = legality.findings.total();
  observation.legality = reported(legality.findings, findings);
  return observation;
}

}  // namespace xfen::conformance
