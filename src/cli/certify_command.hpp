// `xfen certify`: grades another X-FEN implementation, run as a separate program, against the
// conformance suite, against a file of the user's own records, or against generated records,
// shrinking each disagreement to a minimal record (docs/PROTOCOL.md, docs/CERTIFY.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "certify/generative/record_minimiser.hpp"
#include "certify/grade/certification.hpp"
#include "certify/grade/spelling.hpp"
#include "cli/exit_status.hpp"
#include "cli/suite_selection.hpp"
#include "generate/records.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

// --generate: records made by xfen's record generator instead of the suite (generative_run.hpp).
struct GenerateSettings {
  std::optional<std::uint64_t> seed;  // --seed; a random one, reported, when not given
  std::uint64_t from = 0;             // --from: the first record's index
  std::optional<double> time;         // --time: seconds of generation at most
  generate::RecordProfile profile = generate::RecordProfile::all;  // --profile
  std::uint64_t stale_limit = 20'000;      // --stale-limit
  std::size_t max_shrink_calls = certify::kDefaultMaxMinimiserCalls;  // --shrink-calls, per group
  double max_shrink_seconds = 120;                                    // --shrink-time, per group
  std::optional<std::filesystem::path> save_cases;                    // --save-cases FILE.jsonl
  std::optional<std::filesystem::path> suite_report;  // --suite-report: a suite run of the same program
};

struct CertifyCommandOptions {
  std::string command;           // --impl
  std::string per_case_command;  // --per-case-impl: the records a line cannot carry, in stream mode
  std::string name;              // --name; the command when empty
  std::optional<std::string> version;  // --impl-version: the implementation's version, free text
  certify::Mode mode = certify::Mode::stream;
  SuiteSelection selection;                          // --suite, --class, --tag, --id
  std::optional<std::filesystem::path> rerun_failed;  // --rerun-failed: the failed cases of a JSON report
  std::optional<std::filesystem::path> inputs;       // --inputs: records instead of the suite
  std::optional<std::uint64_t> generate;             // --generate N: generated records instead
  GenerateSettings generation;
  std::optional<std::filesystem::path> skip_file;
  certify::SpellingSet accepted;
  certify::LayoutSet accepted_layouts;  // --accept-layout
  // --supports: the suite's capability tags the program plays; checked against the manifest.
  std::optional<std::vector<std::string>> supports;
  std::uint32_t timeout_ms = 10'000;
  std::uint32_t startup_ms = 20'000;  // --startup-ms: more time for the first answer (streaming)
  unsigned jobs = 1;  // main sets the number of cores as the default
  unsigned max_restarts = 10;
  // Whether --max-restarts was given: a generative run, which counts every crash it finds as a
  // finding, allows a restart per record unless the user says otherwise.
  bool max_restarts_given = false;
  std::optional<std::filesystem::path> json;
  std::optional<std::filesystem::path> junit;
  std::optional<std::filesystem::path> html;
  std::optional<std::filesystem::path> badge;           // SVG
  std::optional<std::filesystem::path> badge_endpoint;  // shields.io endpoint JSON
  bool progress = false;  // a progress line on `errors` (main sets it when that is a terminal)
};

// 0 when nothing failed, 1 when something did (or the answers did not line up with the records),
// 2 for a usage error (a selection or skip file that names no case among them), a suite or file
// that cannot be read, a report that cannot be written, or a program that cannot run: then every
// requested report is still written, saying why nothing ran, so that CI shows a failure rather
// than no results.
ExitStatus run_certify(const CertifyCommandOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
