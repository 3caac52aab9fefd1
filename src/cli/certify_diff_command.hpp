// `xfen certify diff OLD NEW`: what changed between two JSON reports of `xfen certify`, the
// question a CI run asks after a change. Cases that broke (did not fail in OLD, or were not in
// it, and fail in NEW), cases that were fixed (failed in OLD, pass in NEW), other changes of
// verdict, the cases only one report knows, and one summary line.
#pragma once

#include <string>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct CertifyDiffOptions {
  std::string old_report;  // the JSON report before the change
  std::string new_report;  // and after it
};

// 1 when a case broke, 0 otherwise; 2 when a report cannot be read or is not one, or the output
// fails. Reports of different suites or implementations are compared with a warning on `errors`.
ExitStatus run_certify_diff(const CertifyDiffOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
