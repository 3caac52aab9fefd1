// Generative certification end to end in process, on real programs run by the runner: xfen's own
// adapter (which never disagrees) and the adapter behind a filter that drops every en passant
// square. The session that shrinking asks one record at a time; the stop rules; groups whose
// minimal records still disagree with their key; a run made again from its seed, and one record
// made again from its index (the report's replay command), giving the same groups.
//
// The xfen binary is $XFEN.
#define BOOST_TEST_MODULE certify_generative_run
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <string>

#include "certify/generative/disagreement_key.hpp"
#include "certify/generative/generative_run.hpp"
#include "certify/generative/program_session.hpp"
#include "generate/tape.hpp"

namespace {

namespace certify = xfen::certify;
using Kind = certify::Answer::Kind;

std::string xfen_binary() {
  const char* path = std::getenv("XFEN");
  BOOST_TEST_REQUIRE(path != nullptr, "$XFEN names no xfen binary");
  return path;
}

std::string adapter() { return "'" + xfen_binary() + "' adapter"; }

// The adapter, but every en passant square it writes becomes '-': a program that never keeps one.
std::string drops_en_passant() {
  return adapter() + " | sed -u -E 's/^(ok [^ ]+ [wb] [^ ]+) [a-j][0-9]+ /\\1 - /'";
}

certify::RunnerOptions runner(std::string command) {
  certify::RunnerOptions options;
  options.command = std::move(command);
  options.timeout = std::chrono::milliseconds(5'000);
  options.jobs = 2;
  return options;
}

certify::GenerativeOptions run_of(std::string command, std::uint64_t seed, std::uint64_t limit) {
  certify::GenerativeOptions options;
  options.certify.runner = runner(std::move(command));
  options.seed = seed;
  options.record_limit = limit;
  return options;
}

certify::CertifyReport run(const certify::GenerativeOptions& options) {
  certify::CertifyReport report;
  certify::certify_generated(options, report);
  BOOST_TEST_REQUIRE(report.generative.has_value());
  return report;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_session_answers_each_record_before_the_next_is_asked) {
  certify::ProgramSession session(runner(adapter()));
  for (const std::string record : {"8/8/8/8/8/8/8/K6k w - - 0 1", "not a record", "8/8/8/8/8/8/8/K6k b - - 0 1"}) {
    const certify::Answer answer = session.ask(record);
    if (record == "not a record") {
      BOOST_TEST((answer.kind == Kind::rejected));
    } else {
      BOOST_TEST((answer.kind == Kind::accepted));
      BOOST_TEST(answer.text == record);
    }
  }
  BOOST_TEST(session.finish().started);
}

BOOST_AUTO_TEST_CASE(a_session_restarts_a_program_that_crashes_and_keeps_answering) {
  // Killed by SIGSEGV on any record holding "crash"; a plain echo of the others.
  certify::RunnerOptions options = runner(
      "while IFS= read -r line; do case \"$line\" in *crash*) kill -SEGV $$;; *) echo \"ok $line\";; esac; done");
  options.max_restarts = 100;
  certify::ProgramSession session(options);
  for (int round = 0; round < 3; ++round) {
    BOOST_TEST((session.ask("crash").kind == Kind::crash));
    const certify::Answer after = session.ask("8/8/8/8/8/8/8/K6k w - - 0 1");
    BOOST_TEST((after.kind == Kind::accepted));
    BOOST_TEST(after.text == "8/8/8/8/8/8/8/K6k w - - 0 1");
  }
  BOOST_TEST(session.finish().restarts == 3u);
}

BOOST_AUTO_TEST_CASE(a_session_of_a_program_that_cannot_run_answers_not_run_at_once) {
  certify::ProgramSession session(runner("exit 127"));
  const auto started = std::chrono::steady_clock::now();
  BOOST_TEST((session.ask("8/8/8/8/8/8/8/K6k w - - 0 1").kind == Kind::not_run));
  BOOST_TEST((session.ask("8/8/8/8/8/8/8/K6k w - - 0 1").kind == Kind::not_run));
  BOOST_TEST(!session.finish().started);
  BOOST_TEST((std::chrono::steady_clock::now() - started < std::chrono::seconds(5)));
}

BOOST_AUTO_TEST_CASE(a_program_that_never_disagrees_stops_the_run_at_the_stale_limit) {
  certify::GenerativeOptions options = run_of(adapter(), 1, 100'000);
  options.stale_limit = 500;
  const certify::CertifyReport report = run(options);
  BOOST_TEST(report.generative->groups.empty());
  BOOST_TEST(report.summary.failed == 0u);
  // The records in flight when the rule holds are answered too: at most a queue per job more.
  BOOST_TEST(report.generative->generated >= 500u);
  BOOST_TEST(report.generative->generated <= 500u + 2 * 1024u);
  BOOST_TEST(report.generative->stopped_by == "500 records in a row without a new group");
}

BOOST_AUTO_TEST_CASE(the_time_limit_stops_generation) {
  certify::GenerativeOptions options = run_of(adapter(), 2, 1'000'000'000);
  options.stale_limit = 1'000'000'000;
  options.time_limit = std::chrono::duration<double>(0.3);
  const certify::CertifyReport report = run(options);
  BOOST_TEST(report.generative->stopped_by == "the time limit");
  BOOST_TEST(report.generative->generation_seconds < 10.0);
}

BOOST_AUTO_TEST_CASE(each_group_of_a_buggy_program_is_minimal_and_replays_from_its_record_alone) {
  const certify::CertifyReport report = run(run_of(drops_en_passant(), 3, 4'000));
  const certify::GenerativeSummary& found = *report.generative;
  BOOST_TEST_REQUIRE(!found.groups.empty());
  BOOST_TEST(found.stopped_by == "the record limit (4000 records)");
  BOOST_TEST(report.cases.size() == found.groups.size());
  certify::ProgramSession program(runner(drops_en_passant()));
  std::uint64_t grouped = 0;
  for (const certify::GeneratedGroup& group : found.groups) {
    BOOST_TEST_CONTEXT(group.key << " from " << group.record) {
      grouped += group.records;
      BOOST_TEST(group.key.find("en-passant") != std::string::npos);  // the one bug planted
      BOOST_TEST(group.minimal.size() <= 64u);
      BOOST_TEST(group.minimal.size() <= group.record.size());
      BOOST_TEST(!group.call_bound_reached);
      // Still the same disagreement when asked again, and its case lists it.
      const auto key = certify::disagreement(group.minimal, program.ask(group.minimal));
      BOOST_TEST_REQUIRE(key.has_value());
      BOOST_TEST(to_string(*key) == group.key);
      BOOST_TEST(report.cases.at(group.case_index).case_.input == group.minimal);
      // The record alone, made again from its index, gives the group again.
      certify::GenerativeOptions replay = run_of(drops_en_passant(), 3, 1);
      replay.first_record = group.record_index;
      const certify::CertifyReport again = run(replay);
      BOOST_TEST_REQUIRE(again.generative->groups.size() == 1u);
      BOOST_TEST(again.generative->groups[0].record == group.record);
      BOOST_TEST(again.generative->groups[0].key == group.key);
      BOOST_TEST(again.generative->groups[0].minimal == group.minimal);
    }
  }
  BOOST_TEST(grouped == report.summary.failed);
}

BOOST_AUTO_TEST_CASE(a_run_made_again_from_its_seed_finds_the_same_groups) {
  const certify::CertifyReport first = run(run_of(drops_en_passant(), 4, 2'000));
  const certify::CertifyReport second = run(run_of(drops_en_passant(), 4, 2'000));
  BOOST_TEST_REQUIRE(first.generative->groups.size() == second.generative->groups.size());
  for (std::size_t i = 0; i < first.generative->groups.size(); ++i) {
    BOOST_TEST(first.generative->groups[i].key == second.generative->groups[i].key);
    BOOST_TEST(first.generative->groups[i].minimal == second.generative->groups[i].minimal);
    BOOST_TEST(first.generative->groups[i].records == second.generative->groups[i].records);
  }
}

BOOST_AUTO_TEST_CASE(a_crash_shrinks_to_the_pieces_that_cause_it) {
  // A program killed by SIGABRT on a 10x8 position with two archbishops of a colour: shrinking
  // starts from records it crashes on, every one a restart, and must not take those crashes for a
  // program that cannot run.
  certify::GenerativeOptions options =
      run_of("exec python3 '" XFEN_SOURCE_DIR "/tests/certify_stubs/combination_bugs.py' '" + xfen_binary() +
                 "' second-archbishop",
             1, 3'000);
  options.certify.runner.max_restarts = 1'000'000;
  const certify::CertifyReport report = run(options);
  BOOST_TEST_REQUIRE(report.generative->groups.size() == 1u);
  const certify::GeneratedGroup& group = report.generative->groups[0];
  BOOST_TEST(group.key == "crash: on 10x8");
  BOOST_TEST_CONTEXT("minimal " << group.minimal << " of " << group.record) {
    // Two archbishops of one colour on an otherwise empty 10x8 board, nothing else to take off.
    BOOST_TEST(group.minimal.size() <= 34u);
    const std::string board = group.minimal.substr(0, group.minimal.find(' '));
    const auto pieces =
        std::count_if(board.begin(), board.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
    BOOST_TEST(pieces == 2);
  }
}

BOOST_AUTO_TEST_CASE(a_disagreement_the_program_does_not_repeat_is_reported_unshrunk) {
  // A program that rejects the first record each of its processes is sent, then answers as xfen:
  // the first graded record is rejected, and never again. Its group says it was not reproduced
  // and keeps the record as generated (shrinking asks a session whose first record is another).
  certify::GenerativeOptions options =
      run_of("read -r first; echo 'error the first record'; exec '" + xfen_binary() + "' adapter", 0, 200);
  options.certify.runner.jobs = 1;
  // A seed whose first record xfen reads, so that rejecting it is a disagreement.
  while (certify::certify_case_from_record(
             xfen::generate::generate(xfen::generate::records_for(options.profile), options.seed).value.text, 1)
             .expectation == certify::Expectation::reject)
    ++options.seed;
  const certify::CertifyReport report = run(options);
  BOOST_TEST_REQUIRE(report.generative->groups.size() == 1u);
  const certify::GeneratedGroup& group = report.generative->groups[0];
  BOOST_TEST(group.record_index == 0u);
  BOOST_TEST(!group.reproduced);
  BOOST_TEST(group.minimal == group.record);
}
