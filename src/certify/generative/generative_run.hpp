// Generative certification (`xfen certify --generate`): records from the record generator
// (testing/generate/records.hpp) sent to the program under test, each answer graded with xfen as
// the oracle as suite mode grades it, each disagreement keyed (disagreement_key.hpp), the first
// record of each key shrunk, on the generator's choice tape and then on its text, to a minimal
// record that still disagrees with that key, and the groups written into the report.
//
// Every answer, a shrunk candidate's too, is graded on its own record against the declared
// spelling (--accept-spelling; X-FEN's where none is declared), so that a record and its shrunk
// candidates are graded alike and no group rests on a correct record. The run, in two steps:
// 1. generation: record i of a run of seed S is generated from seed S + i, so that any one
//    record is made again from its seed alone (`--seed S --from i --generate 1` replays it);
//    it stops at the record limit, at the time limit, or when `stale_limit` records in a row
//    have opened no new group;
// 2. shrinking, once generation is over (no record's time limit runs while the run shrinks):
//    each group's first record, asked of one long-lived session of the program
//    (program_session.hpp), within a bound of calls and of time per group.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "certify/generative/record_minimiser.hpp"
#include "certify/grade/certification.hpp"
#include "generate/records.hpp"

namespace xfen::certify {

struct GenerativeProgress {
  enum class Step : std::uint8_t { generation, shrinking };
  Step step = Step::generation;
  std::uint64_t done = 0;   // records answered (spelling, generation) or groups shrunk
  std::uint64_t total = 0;  // the records asked for, or the groups
  std::size_t groups = 0;   // distinct disagreements so far
  std::size_t calls = 0;    // shrinking: the program's answers asked for this group so far
  const Tallies* tallies = nullptr;  // generation: the counts so far
};

struct GenerativeOptions {
  // How the program runs and is graded, as a suite run's (its `spelling`, `on_graded`,
  // `list_passes` and `progress` are the generative run's own).
  CertifyOptions certify;
  generate::RecordProfile profile = generate::RecordProfile::all;
  std::uint64_t seed = 0;
  std::uint64_t first_record = 0;  // --from: the index of the first record generated
  std::uint64_t record_limit = 100'000;
  std::optional<std::chrono::duration<double>> time_limit;  // of the generation step
  std::uint64_t stale_limit = 20'000;
  std::size_t max_shrink_calls = kDefaultMaxMinimiserCalls;  // per group, tape and text together
  std::chrono::duration<double> max_shrink_time{120.0};      // per group
  // The command that replays the group first met on record `index` (the CLI knows the options).
  std::function<std::string(std::uint64_t index)> replay_command;
  std::function<void(const GenerativeProgress&)> progress;
};

// The seed record `index` of a run of seed `seed` is generated from.
constexpr std::uint64_t record_seed(std::uint64_t seed, std::uint64_t index) noexcept { return seed + index; }

// Runs the three steps and fills `report` as certify() fills a suite run's (the caller fills in
// what describes the run), with `generative` set and `cases` holding each group's minimal record.
void certify_generated(const GenerativeOptions& options, CertifyReport& report);

}  // namespace xfen::certify
