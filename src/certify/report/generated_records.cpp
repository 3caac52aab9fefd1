#include "certify/report/generated_records.hpp"

#include <cstdio>

namespace xfen::certify {

double cases_per_second(const GenerativeSummary& run) noexcept {
  if (run.generation_seconds <= 0) return 0;
  return static_cast<double>(run.generated) / run.generation_seconds;
}

std::string speed_text(const GenerativeSummary& run) {
  char text[48];
  std::snprintf(text, sizeof text, "%.1f cases/s", cases_per_second(run));
  return text;
}

std::string generation_limits(const GenerativeSummary& run) {
  std::string limits = std::to_string(run.record_limit) + " records";
  if (run.time_limit) limits += ", " + seconds_text(*run.time_limit);
  return limits + ", " + std::to_string(run.stale_limit) + " records without a new group";
}

std::string shrink_cost(const GeneratedGroup& group) {
  std::string cost = std::to_string(group.calls) + (group.calls == 1 ? " call in " : " calls in ") +
                     seconds_text(group.shrink_seconds);
  if (!group.reproduced)
    return cost + "; not reproduced: asked again, the program did not disagree the same way (its answers vary "
                  "from run to run), so the record is reported as generated";
  if (group.call_bound_reached)
    cost += "; the call bound was reached: the minimal record may not be 1-minimal";
  return cost;
}

const CaseResult* group_case(const CertifyReport& report, const GeneratedGroup& group) noexcept {
  return group.case_index < report.cases.size() ? &report.cases[group.case_index] : nullptr;
}

std::string seconds_text(double seconds) {
  char text[48];
  std::snprintf(text, sizeof text, "%.2f s", seconds);
  return text;
}

std::string suite_comparison(const GenerativeSummary& run, const GeneratedGroup& group) {
  if (!run.suite_report) return {};
  if (group.suite_case) return "fails as suite case " + *group.suite_case + " does";
  return "no suite case fails this way: only generation found it";
}

}  // namespace xfen::certify
