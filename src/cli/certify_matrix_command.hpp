// `xfen certify matrix REPORT.json...`: the JSON reports of several runs of `xfen certify` over
// the same suite (one per program and mode) merged into one view: a summary line per run on
// standard output, and on request the Markdown tables, the merged JSON and one HTML page with a
// grid of cases × runs (docs/CERTIFY.md "Runs side by side").
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct CertifyMatrixOptions {
  std::vector<std::string> reports;  // the JSON reports (--json) of the runs, in column order
  std::optional<std::filesystem::path> markdown;
  std::optional<std::filesystem::path> json;
  std::optional<std::filesystem::path> html;
};

// 0 when merged and every document written; 2 when a report cannot be read or merged (the message
// names the file and why), or a document cannot be written. What the runs failed is no error
// here: the matrix shows it.
ExitStatus run_certify_matrix(const CertifyMatrixOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
