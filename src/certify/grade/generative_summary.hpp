// What a generative run (`xfen certify --generate`) adds to its report: how the records were made
// and why the run stopped, and each distinct disagreement found, with the generated record it was
// first met on, that record shrunk on the generator's choice tape and then on its text, what
// shrinking cost, and the command that replays it. Plain values (keys as their text), so that the
// reports need nothing of the generative layer that fills it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "certify/grade/verdict.hpp"

namespace xfen::certify {

struct GeneratedGroup {
  // The disagreement key (generative/disagreement_key.hpp) as text: "wrong-position: en-passant",
  // "accepted-invalid: castling.no-rook", "crash: on 10x8"; and its verdict.
  std::string key;
  Verdict verdict = Verdict::pass;
  std::uint64_t records = 0;  // generated records that fell into the group, the first included
  // The first of them: its place in the run (0-based, counted from the run's first record), the
  // seed it was generated from, what it is (family, width, spelling, mutation), its text, and
  // its choice tape.
  std::uint64_t record_index = 0;
  std::uint64_t record_seed = 0;
  std::string description;
  std::string record;
  std::vector<std::uint32_t> tape;
  // Whether the first record, asked again, disagreed the same way: false for a program whose
  // answer to a record varies from run to run (timing, memory, what it was sent before); the
  // group is then reported with the record as generated, unshrunk.
  bool reproduced = true;
  std::string tape_shrunk;  // the record of the shrunk tape, before the text is shrunk
  std::string minimal;      // the minimal record: still disagreeing with the same key
  // What shrinking cost: the program's answers asked (the tape's and the text's), and time.
  std::size_t calls = 0;
  bool call_bound_reached = false;  // the minimal record may not be 1-minimal
  double shrink_seconds = 0;
  // The minimal record's CaseResult: its index in CertifyReport::cases.
  std::size_t case_index = 0;
  std::string replay;  // the command that generates, grades and shrinks this record again
  // With a suite run's report of the same program (--suite-report): the first case of the suite
  // the program fails with the same key, if any. None: a disagreement the suite did not find.
  std::optional<std::string> suite_case;
};

struct GenerativeSummary {
  std::uint64_t seed = 0;
  std::string profile;              // "all", "8x8", "chess960", "10x8"
  std::uint64_t first_record = 0;   // --from
  std::uint64_t record_limit = 0;   // --generate N
  std::optional<double> time_limit;  // --time, seconds
  std::uint64_t stale_limit = 0;    // records in a row without a new group that end the run
  // The records generated and graded.
  std::uint64_t generated = 0;
  std::string stopped_by;  // "the record limit", "the time limit", "20000 records without a new group", …
  double generation_seconds = 0;  // the graded records alone: generated / this is the run's cases/s
  double shrink_seconds = 0;      // all groups
  std::vector<GeneratedGroup> groups;  // in the order their keys were first met
  std::optional<std::string> suite_report;  // --suite-report: the report the groups were compared with
};

}  // namespace xfen::certify
