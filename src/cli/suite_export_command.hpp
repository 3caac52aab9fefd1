// `xfen suite export`: the cases of the conformance suite a filter selects, written into a
// directory as JSON Lines or as one set of plain files per case (the layouts:
// src/conformance/suite_export.hpp).
#pragma once

#include "cli/exit_status.hpp"
#include "cli/suite_selection.hpp"
#include "conformance/suite_export.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct SuiteExportOptions {
  SuiteSelection selection;
  conformance::ExportOptions to;
};

// 0 when every selected case was written; 2 when the suite is broken, an id cannot be a file
// name (then nothing is written), the directory is refused, or writing fails.
ExitStatus run_suite_export(const SuiteExportOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
