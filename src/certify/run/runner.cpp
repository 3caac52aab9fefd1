#include "certify/run/runner.hpp"

#include <array>
#include <cstddef>

#include "certify/run/ignored_sigpipe.hpp"
#include "certify/run/sessions.hpp"

namespace xfen::certify {
namespace {

// Indexed by Mode.
constexpr std::array<std::string_view, 2> kNames{"stream", "per-case"};

}  // namespace

std::string_view mode_name(Mode mode) noexcept { return kNames.at(static_cast<std::size_t>(mode)); }

std::optional<Mode> mode_from_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return static_cast<Mode>(i);
  return std::nullopt;
}

std::span<const std::string_view> mode_names() noexcept { return kNames; }

RunSummary run_implementation(const RunnerOptions& options, RecordFeed& feed, AnswerSink& sink) {
  const IgnoredSigpipe ignored_sigpipe;
  RunnerOptions checked = options;
  // Zero processes, or zero records in flight, would never answer anything.
  if (checked.jobs == 0) checked.jobs = 1;
  if (checked.max_in_flight == 0) checked.max_in_flight = 1;
  if (checked.mode == Mode::per_case) return run_per_case(checked, feed, sink);
  return run_stream(checked, feed, sink);
}

}  // namespace xfen::certify
