#include "cli/certify_generate.hpp"

#include <chrono>
#include <limits>
#include <map>
#include <random>

#include <xfen/style_names.hpp>

#include "certify/generative/disagreement_key.hpp"
#include "certify/grade/spelling.hpp"
#include "certify/grade/joined.hpp"
#include "certify/run/runner.hpp"

namespace xfen::cli {

std::uint64_t generation_seed(const CertifyCommandOptions& options) {
  if (options.generation.seed) return *options.generation.seed;
  std::random_device device;
  const auto now = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  // Kept under 2^32 so that a seed is easy to read back and type.
  return (static_cast<std::uint64_t>(device()) ^ now) & 0xFFFF'FFFFull;
}

certify::GenerativeOptions generative_options(const CertifyCommandOptions& options, std::uint64_t seed,
                                              const certify::CertifyOptions& certify) {
  const GenerateSettings& settings = options.generation;
  certify::GenerativeOptions run;
  run.certify = certify;
  // A crash is a finding like any other, and the records after it are still to be generated.
  if (!options.max_restarts_given) run.certify.runner.max_restarts = std::numeric_limits<unsigned>::max();
  run.profile = settings.profile;
  run.seed = seed;
  run.first_record = settings.from;
  run.record_limit = *options.generate;
  if (settings.time) run.time_limit = std::chrono::duration<double>(*settings.time);
  run.stale_limit = settings.stale_limit;
  run.max_shrink_calls = settings.max_shrink_calls;
  run.max_shrink_time = std::chrono::duration<double>(settings.max_shrink_seconds);
  run.replay_command = [&options, seed](std::uint64_t index) { return replay_command(options, seed, index); };
  return run;
}

std::vector<std::string> generation_words(const CertifyCommandOptions& options, std::uint64_t seed) {
  const GenerateSettings& settings = options.generation;
  std::vector<std::string> words{"--generate " + std::to_string(*options.generate), "--seed " + std::to_string(seed),
                                 "--profile " + std::string(generate::record_profile_name(settings.profile))};
  if (settings.from > 0) words.push_back("--from " + std::to_string(settings.from));
  if (settings.time) words.push_back("--time " + std::to_string(*settings.time));
  return words;
}

std::string shell_word(std::string_view word) {
  constexpr std::string_view kSafe =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./=:,+@%";
  if (!word.empty() && word.find_first_not_of(kSafe) == std::string_view::npos) return std::string(word);
  std::string quoted = "'";
  for (const char byte : word) {
    if (byte == '\'') {
      quoted.append("'\\''");
    } else {
      quoted.push_back(byte);
    }
  }
  quoted.push_back('\'');
  return quoted;
}

std::string replay_command(const CertifyCommandOptions& options, std::uint64_t seed, std::uint64_t index) {
  const GenerateSettings& settings = options.generation;
  std::string command = "xfen certify --generate 1 --seed " + std::to_string(seed) + " --from " +
                        std::to_string(index) + " --profile " +
                        std::string(generate::record_profile_name(settings.profile));
  const auto add = [&command](std::string_view option, std::string_view value) {
    command.append(" ").append(option).append(" ").append(shell_word(value));
  };
  if (options.mode != certify::Mode::stream) add("--mode", certify::mode_name(options.mode));
  if (!options.per_case_command.empty()) add("--per-case-impl", options.per_case_command);
  std::vector<std::string> spellings;
  for (const certify::Spelling spelling : certify::all_spellings())
    if (options.accepted.contains(spelling)) spellings.emplace_back(certify::spelling_name(spelling));
  if (!spellings.empty()) add("--accept-spelling", certify::joined(spellings, ","));
  std::vector<std::string> layouts;
  for (const RecordFields layout : certify::kShorterLayouts)
    if (options.accepted_layouts.contains(layout)) layouts.emplace_back(style_name(layout));
  if (!layouts.empty()) add("--accept-layout", certify::joined(layouts, ","));
  if (options.supports) add("--supports", certify::joined(*options.supports, ","));
  if (options.timeout_ms != CertifyCommandOptions{}.timeout_ms) add("--timeout-ms", std::to_string(options.timeout_ms));
  add("--impl", options.command);
  return command;
}

void mark_groups_the_suite_shows(const certify::ReadReport& suite, const std::string& suite_path,
                                 certify::CertifyReport& report) {
  if (!report.generative) return;
  report.generative->suite_report = suite_path;
  const certify::GradingRules rules{report.accepted_spellings, report.accepted_layouts};
  std::map<std::string, std::string> first_case_of_key;
  for (const certify::ReportedCase& c : suite.cases) {
    if (!certify::is_failure(c.verdict)) continue;
    certify::Answer answer;
    if (c.answer) {
      const certify::AnswerLine line = certify::read_answer_line(*c.answer);
      answer.kind = line.kind;
      answer.text = line.text;
    } else {
      answer.kind = c.verdict == certify::Verdict::crash     ? certify::Answer::Kind::crash
                    : c.verdict == certify::Verdict::timeout ? certify::Answer::Kind::timeout
                                                             : certify::Answer::Kind::not_run;
    }
    if (const auto key = certify::disagreement(c.input, answer, rules))
      first_case_of_key.try_emplace(to_string(*key), c.id);
  }
  for (certify::GeneratedGroup& group : report.generative->groups)
    if (const auto found = first_case_of_key.find(group.key); found != first_case_of_key.end())
      group.suite_case = found->second;
}

std::function<void(const certify::GenerativeProgress&)> generation_progress(io::ByteSink& terminal) {
  return [&terminal, started = std::chrono::steady_clock::now(), shown = std::chrono::steady_clock::time_point{},
          step = certify::GenerativeProgress::Step::generation](const certify::GenerativeProgress& progress) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (progress.step != step) {
      step = progress.step;
      started = now;
    } else if (now - shown < std::chrono::milliseconds(100)) {
      return;
    }
    shown = now;
    std::string line = "\r\x1b[Kxfen certify --generate: ";
    using Step = certify::GenerativeProgress::Step;
    switch (progress.step) {
      case Step::generation: {
        line += std::to_string(progress.done) + " of " + std::to_string(progress.total) + " records, " +
                std::to_string(progress.groups) + (progress.groups == 1 ? " group" : " groups");
        const double seconds = std::chrono::duration<double>(now - started).count();
        if (seconds > 0.5)
          line += ", " + std::to_string(static_cast<std::uint64_t>(static_cast<double>(progress.done) / seconds)) +
                  " cases/s";
        break;
      }
      case Step::shrinking:
        line += "shrinking group " + std::to_string(progress.done + 1) + " of " + std::to_string(progress.total) +
                ": " + std::to_string(progress.calls) + " answers asked";
        break;
    }
    terminal.write(line);
  };
}

}  // namespace xfen::cli
