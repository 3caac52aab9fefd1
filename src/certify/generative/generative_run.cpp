#include "certify/generative/generative_run.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <utility>
#include <vector>

#include "certify/generative/disagreement_groups.hpp"
#include "certify/generative/disagreement_key.hpp"
#include "certify/generative/program_session.hpp"
#include "certify/grade/grade.hpp"
#include "certify/run/ignored_sigpipe.hpp"
#include "generate/random_choices.hpp"
#include "generate/tape.hpp"

namespace xfen::certify {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The records of one step, generated as the runner pulls them, until a stop rule holds.
class GeneratedCases final : public CaseSource {
 public:
  struct Stops {
    std::uint64_t limit = 0;
    std::optional<Clock::time_point> deadline;
    const std::uint64_t* since_new_group = nullptr;  // with stale_limit; not owned
    std::uint64_t stale_limit = 0;
  };

  GeneratedCases(generate::RecordProfile profile, std::uint64_t seed, std::uint64_t first, Stops stops)
      : profile_(profile), seed_(seed), first_(first), stops_(stops) {}

  bool next(CertifyCase& next) override {
    if (made_ >= stops_.limit) return stop("the record limit (" + std::to_string(stops_.limit) + " records)");
    if (stops_.deadline && Clock::now() >= *stops_.deadline) return stop("the time limit");
    if (stops_.since_new_group != nullptr && *stops_.since_new_group >= stops_.stale_limit)
      return stop(std::to_string(stops_.stale_limit) + " records in a row without a new group");
    const std::uint64_t index = first_ + made_++;
    // The choices a recording generator would make, unrecorded: only a group's first record needs
    // its tape, and it is made again for it.
    generate::RandomChoices choices(record_seed(seed_, index));
    next = certify_case_from_record(generate::generated_record(choices, profile_).text, index + 1);
    next.id = "record " + std::to_string(index);
    return true;
  }

  std::uint64_t made() const noexcept { return made_; }
  const std::string& stopped_by() const noexcept { return stopped_by_; }

 private:
  bool stop(std::string why) {
    if (stopped_by_.empty()) stopped_by_ = std::move(why);
    return false;
  }

  generate::RecordProfile profile_;
  std::uint64_t seed_;
  std::uint64_t first_;
  Stops stops_;
  std::uint64_t made_ = 0;
  std::string stopped_by_;
};

// Where a group's first record came from, beyond DisagreementOrigin: its place and what it is.
struct FirstRecord {
  std::uint64_t index = 0;
  std::string description;
};

// Asks the program about the records shrinking tries: the stream session, and for a record a
// line cannot carry, the per-case command (made when first needed); without one, such a record
// cannot be asked and counts as not disagreeing.
class ShrinkAsker {
 public:
  // The runner judges a program that ends twice before any answer unable to run, and shrinking a
  // crash starts with records it crashes on: the session's first record is the simplest one the
  // generator makes, which such a program answers (one that crashes on that too cannot run).
  ShrinkAsker(const CertifyOptions& options, generate::RecordProfile profile)
      : options_(options), simplest_(generate::replay(generate::records_for(profile), {}).value.text),
        stream_(runner(options.runner)) {
    stream_.ask(simplest_);
  }

  std::optional<Answer> ask(std::string_view record) {
    CertifyCase probe;
    probe.input = record;
    if (options_.runner.mode == Mode::per_case || !needs_per_case(probe)) return stream_.ask(record);
    if (options_.per_case_command.empty()) return std::nullopt;
    if (!per_case_) {
      RunnerOptions per_case = runner(options_.runner);
      per_case.mode = Mode::per_case;
      per_case.command = options_.per_case_command;
      per_case_ = std::make_unique<ProgramSession>(per_case);
      per_case_->ask(simplest_);
    }
    return per_case_->ask(record);
  }

  unsigned restarts() {
    return stream_.finish().restarts + (per_case_ ? per_case_->finish().restarts : 0);
  }

 private:
  // Shrinking a crash makes the program crash on most candidates: every one a restart, none a
  // reason to give up.
  static RunnerOptions runner(RunnerOptions options) {
    options.max_restarts = std::numeric_limits<unsigned>::max();
    return options;
  }

  const CertifyOptions& options_;
  std::string simplest_;
  ProgramSession stream_;
  std::unique_ptr<ProgramSession> per_case_;
};

struct ShrinkResult {
  bool reproduced = true;
  std::string tape_shrunk;
  Minimised minimal;
  Answer answer;  // the program's answer to the minimal record
};

// Shrinks one group's first record: on its tape, then on its text, while the program's answer
// keeps the group's key, within the options' bounds of calls and time (shared by both steps).
ShrinkResult shrink_group(const GenerativeOptions& options, const DisagreementGroup& group,
                          const GradingRules& rules, ShrinkAsker& asker, std::size_t group_number,
                          std::size_t group_count) {
  struct Asked {
    bool same_key;
    Answer answer;
  };
  std::unordered_map<std::string, Asked> asked;
  std::size_t calls = 0;
  bool bound_reached = false;
  const Clock::time_point started = Clock::now();
  const Clock::time_point deadline =
      started + std::chrono::duration_cast<Clock::duration>(options.max_shrink_time);
  const auto same_key = [&](std::string_view record) {
    if (const auto found = asked.find(std::string(record)); found != asked.end()) return found->second.same_key;
    if (calls >= options.max_shrink_calls || Clock::now() >= deadline) {
      bound_reached = true;
      return false;
    }
    ++calls;
    if (options.progress)
      options.progress({GenerativeProgress::Step::shrinking, group_number, group_count, group_count, calls, nullptr});
    std::optional<Answer> answer = asker.ask(record);
    if (!answer) return false;
    const bool same = disagreement(record, *answer, rules) == group.key;
    asked.emplace(std::string(record), Asked{same, std::move(*answer)});
    return same;
  };

  ShrinkResult result;
  const auto on_tape =
      generate::shrink(generate::records_for(options.profile), group.origin.tape,
                       [&](const generate::GeneratedRecord& record) { return same_key(record.text); });
  result.tape_shrunk = on_tape.value.text;
  result.reproduced = same_key(result.tape_shrunk);  // the first record's own answer when no edit held
  if (result.reproduced) {
    result.minimal = minimise_record(result.tape_shrunk, same_key, std::numeric_limits<std::size_t>::max());
  } else {
    // The program did not disagree again the same way (it answers differently from run to run):
    // the record stays as it was generated.
    result.minimal.record = group.origin.record;
  }
  if (const auto found = asked.find(result.minimal.record); found != asked.end()) {
    result.answer = found->second.answer;
  } else if (auto answer = asker.ask(result.minimal.record)) {
    ++calls;
    result.answer = std::move(*answer);
  }
  result.minimal.calls = calls;
  result.minimal.call_bound_reached = result.minimal.call_bound_reached || bound_reached;
  result.minimal.elapsed = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
  return result;
}

std::string describe(const generate::GeneratedRecord& record) {
  std::ostringstream text;
  text << record;
  return text.str();
}

}  // namespace

void certify_generated(const GenerativeOptions& options, CertifyReport& report) {
  GenerativeSummary summary;
  summary.seed = options.seed;
  summary.profile = std::string(generate::record_profile_name(options.profile));
  summary.first_record = options.first_record;
  summary.record_limit = options.record_limit;
  if (options.time_limit) summary.time_limit = options.time_limit->count();
  summary.stale_limit = options.stale_limit;

  // 1. Generation: every answer graded against the declared spelling, every disagreement keyed.
  const GradingRules rules{options.certify.accepted, options.certify.accepted_layouts};
  DisagreementGroups groups;
  std::vector<FirstRecord> first_records;  // per group
  std::uint64_t since_new_group = 0;
  CertifyOptions generation = options.certify;
  generation.list_passes = false;
  generation.max_listed = 0;
  generation.on_graded = [&](const CertifyCase& c, const Answer& answer, const Grade& graded) {
    if (!is_disagreement(graded.verdict)) {
      ++since_new_group;
      return;
    }
    const DisagreementKey key = disagreement_key(c, answer, graded, options.certify.accepted);
    const std::uint64_t index = options.first_record + c.index;
    // With several jobs, answers arrive out of generation order: a group's first record is the
    // first in that order, so that a run made again from its seed finds the same one.
    const bool known = groups.contains(key);
    if (known && first_records[groups.group_of(key)].index < index) {
      groups.count(key, {});
      ++since_new_group;
      return;
    }
    // Only the first record of a key is made again, for its tape: the others are only counted.
    const std::uint64_t seed = record_seed(options.seed, index);
    auto made = generate::generate(generate::records_for(options.profile), seed);
    DisagreementOrigin origin{seed, std::move(made.tape), made.value.text};
    if (known) {
      const std::size_t group = groups.group_of(key);
      groups.count(key, {});
      groups.set_origin(group, std::move(origin));
      first_records[group] = {index, describe(made.value)};
      ++since_new_group;
      return;
    }
    groups.count(key, origin);
    first_records.push_back({index, describe(made.value)});
    since_new_group = 0;
  };
  generation.progress = [&](std::uint64_t done, const Tallies& so_far) {
    if (options.progress)
      options.progress({GenerativeProgress::Step::generation, done, options.record_limit, groups.groups().size(), 0,
                        &so_far});
  };
  std::optional<Clock::time_point> deadline;
  const Clock::time_point started = Clock::now();
  if (options.time_limit) deadline = started + std::chrono::duration_cast<Clock::duration>(*options.time_limit);
  GeneratedCases records(options.profile, options.seed, options.first_record,
                         {options.record_limit, deadline, &since_new_group, options.stale_limit});
  certify(generation, records, report);
  summary.generated = records.made();
  summary.generation_seconds = seconds_since(started);
  summary.stopped_by = records.stopped_by();
  report.cases.clear();
  report.unlisted = 0;
  if (!report.run.started || !report.protocol_failure.empty()) {
    summary.stopped_by = report.run.started ? "answers that do not line up with the records" : "the program could not run";
    report.generative = std::move(summary);
    return;
  }

  // 2. Shrinking: the groups in the order of their first records (as a run made again from its
  // seed has them), shared among as many sessions of the program as the run had jobs, each on a
  // thread of its own (a group's shrinking is a chain of answers, but the groups are independent).
  const Clock::time_point shrinking = Clock::now();
  const std::size_t count = groups.groups().size();
  std::vector<std::size_t> order(count);
  for (std::size_t i = 0; i < count; ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&first_records](std::size_t a, std::size_t b) { return first_records[a].index < first_records[b].index; });
  std::vector<ShrinkResult> results(count);
  std::atomic<std::size_t> next_group{0};
  std::atomic<unsigned> restarts{0};
  std::mutex progress_mutex;
  GenerativeOptions shrinker = options;
  if (options.progress)
    shrinker.progress = [&](const GenerativeProgress& progress) {
      const std::lock_guard lock(progress_mutex);
      options.progress(progress);
    };
  const auto shrink_groups = [&] {
    ShrinkAsker asker(shrinker.certify, shrinker.profile);
    for (std::size_t i = next_group++; i < count; i = next_group++)
      results[i] = shrink_group(shrinker, groups.groups()[order[i]], rules, asker, i, count);
    restarts += asker.restarts();
  };
  {
    const IgnoredSigpipe ignored_sigpipe;  // for all the sessions at once (ignored_sigpipe.hpp)
    // std::thread, joined by hand: libc++ 14 (OSS-Fuzz's builder, whose fuzz targets link this
    // library through fuzz/oracle.cpp) has no std::jthread.
    std::vector<std::thread> sessions;
    const std::size_t workers = std::min<std::size_t>(count, std::max(1U, options.certify.runner.jobs));
    for (std::size_t w = 0; w < workers; ++w) sessions.emplace_back(shrink_groups);
    for (std::thread& session : sessions) session.join();
  }
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t g = order[i];
    const DisagreementGroup& group = groups.groups()[g];
    ShrinkResult& shrunk = results[i];
    CertifyCase minimal = certify_case_from_record(shrunk.minimal.record, i + 1);
    minimal.index = i;
    minimal.id = "group-" + std::to_string(i + 1);
    Grade graded = grade(minimal, shrunk.answer, rules.spellings, rules.layouts);
    spell_expected_as_declared(minimal, rules.spellings);

    GeneratedGroup out;
    out.key = to_string(group.key);
    out.verdict = group.key.verdict;
    out.records = group.records;
    out.record_index = first_records[g].index;
    out.record_seed = group.origin.seed;
    out.description = first_records[g].description;
    out.record = group.origin.record;
    out.tape = group.origin.tape;
    out.reproduced = shrunk.reproduced;
    out.tape_shrunk = std::move(shrunk.tape_shrunk);
    out.minimal = shrunk.minimal.record;
    out.calls = shrunk.minimal.calls;
    out.call_bound_reached = shrunk.minimal.call_bound_reached;
    out.shrink_seconds = std::chrono::duration<double>(shrunk.minimal.elapsed).count();
    out.case_index = report.cases.size();
    if (options.replay_command) out.replay = options.replay_command(out.record_index);
    summary.groups.push_back(std::move(out));
    groups.set_minimal(g, std::move(shrunk.minimal));
    report.cases.push_back({std::move(minimal), std::move(shrunk.answer), graded.verdict, std::move(graded.detail)});
  }
  report.run.restarts += restarts;
  summary.shrink_seconds = seconds_since(shrinking);
  report.generative = std::move(summary);
}

}  // namespace xfen::certify
