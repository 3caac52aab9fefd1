#include "certify/grade/certification.hpp"

#include <algorithm>
#include <chrono>
#include <deque>
#include <optional>
#include <unordered_map>

#include "certify/grade/grade.hpp"
#include "certify/grade/joined.hpp"
#include "certify/grade/spelling_profile.hpp"
#include "conformance/glob_match.hpp"

namespace xfen::certify {
namespace {

class Certification final : public RecordFeed, public AnswerSink {
 public:
  Certification(const CertifyOptions& options, CaseSource& source, CertifyReport& report)
      : options_(options), source_(source), report_(report) {}

  // First the source's cases, streamed or per case as the run says; then, once `send_deferred`
  // is called, the records streaming could not carry, for the per-case command.
  bool next(std::uint64_t& index, std::string& record) override {
    if (sending_deferred_) {
      if (deferred_.empty()) return false;
      send(std::move(deferred_.front()), index, record);
      deferred_.pop_front();
      return true;
    }
    while (source_.next(pulled_)) {
      pulled_.index = next_index_++;
      if (options_.supports) {
        const auto outside = unsupported_capabilities(pulled_, options_.capabilities, *options_.supports);
        if (!outside.empty()) {
          count(std::move(pulled_), Answer{}, Verdict::not_applicable, not_applicable_reason(outside));
          continue;
        }
      }
      if (pulled_.unsendable) {
        std::string reason = *pulled_.unsendable;
        count(std::move(pulled_), Answer{}, Verdict::skipped, std::move(reason));
        continue;
      }
      if (options_.runner.mode == Mode::stream && needs_per_case(pulled_)) {
        if (!options_.per_case_command.empty()) {
          deferred_.push_back(std::move(pulled_));
          continue;
        }
        ++report_.need_per_case;
        count(std::move(pulled_), Answer{}, Verdict::skipped,
              "the record holds a line feed or ends with a carriage return, which a line cannot "
              "carry: --per-case-impl (or --mode per-case) runs it");
        continue;
      }
      send(std::move(pulled_), index, record);
      return true;
    }
    return false;
  }

  void take(std::uint64_t index, Answer&& answer) override {
    const auto found = in_flight_.find(index);
    if (found == in_flight_.end()) return;  // the runner answers each record once
    CertifyCase c = std::move(found->second);
    in_flight_.erase(found);
    if (answer.kind == Answer::Kind::accepted) {
      report_.spelling_used.add(spelling_evidence(c, answer.text));
      ++report_.layouts_used[layout_index(answer.text)];
    }
    Grade g = grade(c, answer, options_.accepted, options_.accepted_layouts);
    if (options_.on_graded) options_.on_graded(c, answer, g);
    spell_expected_as_declared(c, options_.accepted);
    finish(std::move(c), std::move(answer), std::move(g));
  }

  bool has_deferred() const noexcept { return !deferred_.empty(); }
  void send_deferred() noexcept { sending_deferred_ = true; }

  // The records never sent because the run stopped before them (the program could not run).
  void count_unsent_as_not_run() {
    for (CertifyCase& c : deferred_) count(std::move(c), Answer{}, Verdict::not_run, "not sent: the run stopped");
    deferred_.clear();
  }

 private:
  void finish(CertifyCase&& c, Answer&& answer, Grade&& g) {
    if (listed_in_skip_file(c.id)) {
      if (g.verdict == Verdict::pass)
        g = {Verdict::unexpected_pass, "listed in the skip file, and passed: take it off the list"};
      else
        g = {Verdict::skipped, "listed in the skip file (" + std::string(verdict_name(g.verdict)) +
                                   (g.detail.empty() ? "" : ": " + g.detail) + ")"};
    }
    if (c.dialect_style && g.verdict != Verdict::skipped) ++report_.dialect_graded;
    count(std::move(c), std::move(answer), g.verdict, std::move(g.detail));
  }

  void send(CertifyCase&& c, std::uint64_t& index, std::string& record) {
    index = c.index;
    record = c.input;
    in_flight_.insert_or_assign(index, std::move(c));
  }

  std::string not_applicable_reason(const std::vector<std::string>& outside) const {
    return "not sent: the case needs " + joined(outside, ", ") + ", and the program declares --supports " +
           joined(*options_.supports, ",");
  }

  bool listed_in_skip_file(const std::string& id) const {
    return std::any_of(options_.skip_patterns.begin(), options_.skip_patterns.end(),
                       [&id](const std::string& pattern) { return conformance::glob_matches(pattern, id); });
  }

  void count_tallies(conformance::CaseClass case_class, const std::vector<std::string>& tags, Verdict verdict) {
    report_.summary.count(verdict);
    ++report_.verdicts[static_cast<std::size_t>(verdict)];
    report_.by_class[std::string(conformance::case_class_name(case_class))].count(verdict);
    for (const std::string& tag : tags) report_.by_tag[tag].count(verdict);
  }

  void count(CertifyCase&& c, Answer&& answer, Verdict verdict, std::string detail) {
    count_tallies(c.case_class, c.tags, verdict);
    if (options_.list_passes || verdict != Verdict::pass) {
      if (report_.cases.size() < options_.max_listed)
        report_.cases.push_back({std::move(c), std::move(answer), verdict, std::move(detail)});
      else
        ++report_.unlisted;
    }
    ++done_;
    if (options_.progress) options_.progress(done_, report_.summary);
  }

  const CertifyOptions& options_;
  CaseSource& source_;
  CertifyReport& report_;
  CertifyCase pulled_;
  std::uint64_t next_index_ = 0;
  std::uint64_t done_ = 0;
  std::unordered_map<std::uint64_t, CertifyCase> in_flight_;
  std::deque<CertifyCase> deferred_;  // for the per-case command, after the stream
  bool sending_deferred_ = false;
};

// Verdicts that say nothing true of the implementation go: those of a program that could not
// run (every case a crash or not-run, a wall of false failures) and those of answers that do not
// line up with the records (below).
void discard_verdicts(CertifyReport& report) {
  report.discarded = report.summary.total();
  report.summary = {};
  report.verdicts = {};
  report.by_class.clear();
  report.by_tag.clear();
  report.cases.clear();
  report.unlisted = 0;
  report.dialect_graded = 0;
  report.need_per_case = 0;
  report.spelling_used = {};
  report.layouts_used = {};
}

// A program whose answer lines outnumber the records it was sent (a banner before the first
// answer, a log line on stdout) has every answer after that line graded against another record:
// hundreds of verdicts, all wrong. One protocol error replaces them.
void replace_verdicts_with_protocol_failure(CertifyReport& report) {
  discard_verdicts(report);
  const std::uint64_t graded = report.discarded;
  report.protocol_failure =
      "the program wrote " + std::to_string(report.run.extra_answers) + " answer line" +
      (report.run.extra_answers == 1 ? "" : "s") + " more than it was sent records, so its answers "
      "do not line up with the records: none of the " + std::to_string(graded) +
      " verdicts could be trusted, and none is reported. A program must write nothing on stdout "
      "but one answer line per record (a banner or a log line belongs on stderr)";
}

}  // namespace

std::vector<std::string> unsupported_capabilities(const CertifyCase& c, const std::vector<std::string>& capabilities,
                                                  const std::vector<std::string>& supports) {
  std::vector<std::string> outside;
  for (const std::string& tag : c.tags)
    if (std::find(capabilities.begin(), capabilities.end(), tag) != capabilities.end() &&
        std::find(supports.begin(), supports.end(), tag) == supports.end())
      outside.push_back(tag);
  return outside;
}

std::size_t layout_index(std::string_view answer) noexcept {
  switch (std::count(answer.begin(), answer.end(), ' ')) {
    case 5: return 0;
    case 3: return 1;
    case 0: return 2;
    default: return 3;
  }
}

void spell_expected_as_declared(CertifyCase& c, SpellingSet declared) {
  if (declared.empty() || c.expectation == Expectation::reject || c.expected.empty()) return;
  if (auto written = declared_writing(c.expected_position, declared.declared_style())) c.expected = std::move(*written);
}

bool needs_per_case(const CertifyCase& c) noexcept {
  return c.input.find('\n') != std::string::npos || (!c.input.empty() && c.input.back() == '\r');
}

void certify(const CertifyOptions& options, CaseSource& source, CertifyReport& report) {
  const auto started = std::chrono::steady_clock::now();
  Certification certification(options, source, report);
  report.run = run_implementation(options.runner, certification, certification);
  if (certification.has_deferred() && report.run.started) {
    certification.send_deferred();
    RunnerOptions per_case = options.runner;
    per_case.mode = Mode::per_case;
    per_case.command = options.per_case_command;
    const RunSummary second = run_implementation(per_case, certification, certification);
    report.run.restarts += second.restarts;
    if (!second.started) {
      report.run.started = false;
      report.run.start_error = "the per-case command (--per-case-impl) could not run: " + second.start_error;
      report.run.stderr_tail = second.stderr_tail;
    }
  }
  certification.count_unsent_as_not_run();
  if (!report.run.started) {
    discard_verdicts(report);
  } else if (report.run.extra_answers > 0) {
    replace_verdicts_with_protocol_failure(report);
  }
  std::stable_sort(report.cases.begin(), report.cases.end(),
                   [](const CaseResult& a, const CaseResult& b) { return a.case_.index < b.case_.index; });
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (options.progress) options.progress(report.summary.total(), report.summary);
}

}  // namespace xfen::certify
