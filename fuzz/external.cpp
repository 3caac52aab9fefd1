// Fuzz target `external`: someone else's X-FEN implementation, a program of any language, with
// xfen as the oracle. The program speaks certify's streaming protocol (docs/PROTOCOL.md: a record
// a line in, "ok <record>" or "error <text>" a line out) and is started once, by certify's runner;
// each input that is one record on one line is sent to it, and its answer graded as `xfen certify`
// grades it (fuzz/oracle.hpp). A disagreement, a crash, a hang (no answer within the time limit)
// or a broken protocol line is reported and the target aborts; libFuzzer then keeps the input and
// the next run starts the program anew. xfen's own coverage of the record guides the search, and
// the structure-aware mutator makes the records.
//
// Which program, and what it declares: from the environment, else from the build (the CMake
// options of the same names, for ClusterFuzzLite and OSS-Fuzz, whose runners set no environment):
//   XFEN_FUZZ_IMPL              the command, run by /bin/sh -c (no default: the target says so)
//   XFEN_FUZZ_ACCEPT_SPELLING   as certify's --accept-spelling ("shredder,ep-legal"): every answer
//                               is held to it; else learnt from a first batch and fixed for the run
//   XFEN_FUZZ_ACCEPT_LAYOUT     as --accept-layout ("epd", "board")
//   XFEN_FUZZ_SUPPORTS          as --supports ("8x8,chess960"): records of other games are not sent
//   XFEN_FUZZ_TIMEOUT_MS        per record (2000)
//   XFEN_FUZZ_SPELLING_RECORDS  generated records the spelling is learnt from first, when none is
//                               declared (1000)
//   XFEN_FUZZ_KEEP_GOING        a folder: report each new disagreement once, keep its input there
//                               (disagreement-<n>) and go on, the program restarted after a crash:
//                               a program that disagrees in many ways shows them all in one run
//                               (`scripts/xfen-fuzz programs`), not one per run
// The program inherits XFEN_FUZZ_TARGET_DIR, the folder of this binary: under ClusterFuzzLite
// only $OUT is there at run time, so a program shipped beside the target is
// '"$XFEN_FUZZ_TARGET_DIR"/their-adapter'.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "certify/generative/program_session.hpp"
#include "external_settings.hpp"  // the CMake options, written by fuzz/CMakeLists.txt
#include "fuzz_support.hpp"
#include "oracle.hpp"


namespace {

using namespace xfen;

constexpr std::string_view kTarget = "external";

std::string setting(const char* name, const char* built_in) {
  const char* value = std::getenv(name);
  return value != nullptr ? value : built_in;
}

[[noreturn]] void cannot_run(certify::ProgramSession& session, const std::string& command, const std::string& why) {
  const certify::RunSummary& summary = session.finish();
  std::fprintf(stderr, "fuzz_external: the program cannot run: %s\n  command: %s\n",
               summary.start_error.empty() ? why.c_str() : summary.start_error.c_str(), command.c_str());
  if (!summary.stderr_tail.empty())
    std::fprintf(stderr, "  its stderr: \"%s\"\n", fuzz::escaped(summary.stderr_tail).c_str());
  std::fflush(stderr);
  std::_Exit(2);  // as fuzz::stop_with_usage_error: not reported as a crash of the target
}

bool answered(const certify::Answer& answer) {
  return answer.kind == certify::Answer::Kind::accepted || answer.kind == certify::Answer::Kind::rejected;
}

// A session of the program that has answered once: its first record is a start position of a
// game it declares, so that a later crash is a finding, not a program that cannot run.
std::unique_ptr<certify::ProgramSession> answering_session(const certify::RunnerOptions& runner,
                                                           const fuzz::Oracle& oracle) {
  auto session = std::make_unique<certify::ProgramSession>(runner);
  const std::string first = oracle.start_record();
  const certify::Answer answer = session->ask(first);
  if (!answered(answer))
    cannot_run(*session, runner.command,
               "no answer to \"" + first + "\", the start position of a game it declares: " +
                   std::string(certify::answer_kind_name(answer.kind)) +
                   (answer.detail.empty() ? "" : " (" + answer.detail + ")"));
  return session;
}

struct External {
  std::string command;
  fuzz::Oracle oracle;
  std::unique_ptr<certify::ProgramSession> session;
  std::string keep_going;  // the folder, or empty: abort on the first disagreement
  std::set<certify::DisagreementKey> reported;

  void check(const certify::CertifyCase& c, const certify::Answer& answer) {
    if (keep_going.empty()) return oracle.check(kTarget, c, answer);
    const auto key = oracle.disagreement(c, answer);
    if (!key || reported.contains(*key)) return;
    oracle.report(kTarget, c, answer);
    reported.insert(*key);
    const std::string path = keep_going + "/disagreement-" + std::to_string(reported.size());
    if (std::FILE* file = std::fopen(path.c_str(), "wb")) {
      std::fwrite(c.input.data(), 1, c.input.size(), file);
      std::fclose(file);
    }
  }

  // The answer of `asked` (the fuzzing session, or the one the spelling is learnt in).
  certify::Answer ask(certify::ProgramSession& asked, std::string_view record) {
    certify::Answer answer = asked.ask(record);
    if (answer.kind == certify::Answer::Kind::not_run) cannot_run(asked, command, answer.detail);
    return answer;
  }

  // The spelling, learnt in a session of its own that restarts the program after each crash. A
  // crash, a hang or a broken line on a spelling record is reported when going on past findings;
  // otherwise it is left to the fuzzer, which meets such records among its seeds and then keeps
  // the very record as the artifact (aborting here would keep whichever input was running).
  // A batch that shows no single spelling is returned, to stop with once the session is closed.
  std::optional<std::string> learn_spelling(certify::RunnerOptions runner) {
    runner.max_restarts = std::numeric_limits<unsigned>::max();
    const auto learner = answering_session(runner, oracle);
    std::size_t unanswered = 0;
    std::optional<std::string> undecided = oracle.learn_spelling_for_target(
        kTarget, command, [&](std::string_view record) {
          certify::Answer answer = ask(*learner, record);
          if (!answered(answer)) {
            ++unanswered;
            if (!keep_going.empty()) check(*oracle.case_for(record), answer);
          }
          return answer;
        });
    if (unanswered != 0)
      std::fprintf(stderr, "fuzz_external: %zu of the spelling records got a crash, a hang or a broken line%s\n",
                   unanswered, keep_going.empty() ? " (findings when fuzzing meets them)" : "");
    return undecided;
  }
};

fuzz::OracleDeclarations declarations() {
  auto read = fuzz::read_declarations(setting("XFEN_FUZZ_ACCEPT_SPELLING", XFEN_FUZZ_EXTERNAL_ACCEPT_SPELLING),
                                      setting("XFEN_FUZZ_ACCEPT_LAYOUT", XFEN_FUZZ_EXTERNAL_ACCEPT_LAYOUT),
                                      setting("XFEN_FUZZ_SUPPORTS", XFEN_FUZZ_EXTERNAL_SUPPORTS));
  if (const auto* problem = std::get_if<std::string>(&read))
    fuzz::stop_with_usage_error(kTarget, "the declarations (XFEN_FUZZ_ACCEPT_SPELLING, XFEN_FUZZ_ACCEPT_LAYOUT, "
                                         "XFEN_FUZZ_SUPPORTS, as certify's options): " + *problem);
  return std::get<fuzz::OracleDeclarations>(std::move(read));
}

External& external() {
  static External* const started = [] {
    const std::string command = setting("XFEN_FUZZ_IMPL", XFEN_FUZZ_EXTERNAL_IMPL);
    if (command.empty())
      fuzz::stop_with_usage_error(kTarget,
                                  "no program to fuzz: set XFEN_FUZZ_IMPL to its command (it speaks docs/PROTOCOL.md's "
                                  "streaming protocol), or build with -DXFEN_FUZZ_EXTERNAL_IMPL=COMMAND");
    std::error_code error;
    const auto here = std::filesystem::read_symlink("/proc/self/exe", error).parent_path();
    if (!error) ::setenv("XFEN_FUZZ_TARGET_DIR", here.c_str(), 1);
    certify::RunnerOptions runner;
    runner.command = command;
    runner.timeout = std::chrono::milliseconds(fuzz::number_setting(kTarget, "XFEN_FUZZ_TIMEOUT_MS", 2000));
    const std::string keep_going = setting("XFEN_FUZZ_KEEP_GOING", "");
    // A crash aborts the target, and the next run starts the program anew; going on past
    // findings, the runner restarts it.
    runner.max_restarts = keep_going.empty() ? 0 : std::numeric_limits<unsigned>::max();
    auto* made = new External{command, fuzz::Oracle(declarations()), nullptr, keep_going, {}};
    // Declared, the spelling is a contract from the first record on: nothing is learnt.
    if (setting("XFEN_FUZZ_ACCEPT_SPELLING", XFEN_FUZZ_EXTERNAL_ACCEPT_SPELLING).empty()) {
      if (const auto undecided = made->learn_spelling(runner))
        fuzz::stop_with_usage_error(kTarget, command + ": " + *undecided);
    } else {
      std::fprintf(stderr, "fuzz_external: %s; spelling declared: --accept-spelling %s\n", command.c_str(),
                   made->oracle.declared().c_str());
    }
    made->session = answering_session(runner, made->oracle);
    return made;
  }();
  return *started;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  External& program = external();
  const auto c = program.oracle.case_for(fuzz::as_text(data, size));
  if (!c) return -1;  // not a record to send: libFuzzer keeps no such input in the corpus
  program.check(*c, program.ask(*program.session, c->input));
  return 0;
}
