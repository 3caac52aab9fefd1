#include "certify/grade/certification.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <unordered_map>

#include "certify/grade/grade.hpp"
#include "conformance/glob_match.hpp"

namespace xfen::certify {
namespace {

class Certification final : public RecordFeed, public AnswerSink {
 public:
  Certification(const CertifyOptions& options, CaseSource& source, CertifyReport& report)
      : options_(options), source_(source), report_(report) {}

  bool next(std::uint64_t& index, std::string& record) override {
    while (source_.next(pulled_)) {
      pulled_.index = next_index_++;
      if (auto reason = reason_not_to_send(pulled_, options_.runner.mode, options_.accepted)) {
        count(std::move(pulled_), Answer{}, Verdict::skipped, std::move(*reason));
        continue;
      }
      index = pulled_.index;
      record = pulled_.input;
      in_flight_.insert_or_assign(index, std::move(pulled_));
      return true;
    }
    return false;
  }

  void take(std::uint64_t index, Answer&& answer) override {
    const auto found = in_flight_.find(index);
    if (found == in_flight_.end()) return;  // the runner answers each record once
    CertifyCase c = std::move(found->second);
    in_flight_.erase(found);
    Grade g = grade(c, answer, options_.accepted);
    if (listed_in_skip_file(c.id)) {
      if (g.verdict == Verdict::pass)
        g = {Verdict::unexpected_pass, "listed in the skip file, and passed: take it off the list"};
      else
        g = {Verdict::skipped, "listed in the skip file (" + std::string(verdict_name(g.verdict)) +
                                   (g.detail.empty() ? "" : ": " + g.detail) + ")"};
    }
    count(std::move(c), std::move(answer), g.verdict, std::move(g.detail));
  }

  // Every case pulled and not answered: the runner gives each an answer, so none should be left.
  std::size_t unanswered() const noexcept { return in_flight_.size(); }

 private:
  bool listed_in_skip_file(const std::string& id) const {
    return std::any_of(options_.skip_patterns.begin(), options_.skip_patterns.end(),
                       [&id](const std::string& pattern) { return conformance::glob_matches(pattern, id); });
  }

  void count(CertifyCase&& c, Answer&& answer, Verdict verdict, std::string detail) {
    report_.summary.count(verdict);
    ++report_.verdicts[static_cast<std::size_t>(verdict)];
    report_.by_class[std::string(conformance::case_class_name(c.case_class))].count(verdict);
    for (const std::string& tag : c.tags) report_.by_tag[tag].count(verdict);
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
};

}  // namespace

std::optional<std::string> reason_not_to_send(const CertifyCase& c, Mode mode, SpellingSet accepted) {
  if (c.unsendable) return c.unsendable;
  if (mode == Mode::stream && c.input.find('\n') != std::string::npos)
    return "the record holds a line feed, which a line cannot carry: --mode per-case runs it";
  if (mode == Mode::stream && !c.input.empty() && c.input.back() == '\r')
    return "the record ends with a carriage return, which a line reader takes as part of the line "
           "end: --mode per-case runs it";
  if (c.dialect_style && !accepted.allows(*c.dialect_style))
    return "a dialect case (" + describe_style(*c.dialect_style) +
           "): graded only with --accept-spelling " + spelling_list(*c.dialect_style);
  return std::nullopt;
}

void certify(const CertifyOptions& options, CaseSource& source, CertifyReport& report) {
  const auto started = std::chrono::steady_clock::now();
  Certification certification(options, source, report);
  report.run = run_implementation(options.runner, certification, certification);
  std::stable_sort(report.cases.begin(), report.cases.end(),
                   [](const CaseResult& a, const CaseResult& b) { return a.case_.index < b.case_.index; });
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (options.progress) options.progress(report.summary.total(), report.summary);
}

}  // namespace xfen::certify
