// `xfen suite list`: the cases of the conformance suite a filter selects, one line each (id,
// class, tags, the input escaped), and their count.
#pragma once

#include "cli/exit_status.hpp"
#include "cli/suite_selection.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct SuiteListOptions {
  SuiteSelection selection;
};

// 0 when the suite loads (whatever the filter selects), 2 when it is broken or the output fails.
ExitStatus run_suite_list(const SuiteListOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
