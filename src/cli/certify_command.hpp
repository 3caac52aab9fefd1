// `xfen certify`: grades another X-FEN implementation, run as a separate program, against the
// conformance suite or against a file of the user's own records (docs/PROTOCOL.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "certify/grade/certification.hpp"
#include "certify/grade/spelling.hpp"
#include "cli/exit_status.hpp"
#include "cli/suite_selection.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct CertifyCommandOptions {
  std::string command;           // --impl
  std::string per_case_command;  // --per-case-impl: the records a line cannot carry, in stream mode
  std::string name;              // --name; the command when empty
  std::optional<std::string> version;  // --impl-version: the implementation's version, free text
  certify::Mode mode = certify::Mode::stream;
  SuiteSelection selection;                          // --suite, --class, --tag, --id
  std::optional<std::filesystem::path> rerun_failed;  // --rerun-failed: the failed cases of a JSON report
  std::optional<std::filesystem::path> inputs;       // --inputs: records instead of the suite
  std::optional<std::filesystem::path> skip_file;
  certify::SpellingSet accepted;
  certify::LayoutSet accepted_layouts;  // --accept-layout
  // --supports: the suite's capability tags the program plays; checked against the manifest.
  std::optional<std::vector<std::string>> supports;
  std::uint32_t timeout_ms = 10'000;
  std::uint32_t startup_ms = 20'000;  // --startup-ms: more time for the first answer (streaming)
  unsigned jobs = 1;  // main sets the number of cores as the default
  unsigned max_restarts = 10;
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
