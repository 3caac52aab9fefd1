// `xfen check`: one diagnostic per problem, a summary, and an exit status for scripts.
#pragma once

#include <string>
#include <vector>

#include <xfen/parse.hpp>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct CheckOptions {
  std::vector<std::string> files;  // empty or "-": standard input
  xfen::ParseOptions parse{};
  bool legal = false;  // also report legality findings of records that were read
  bool json = false;   // JSON Lines instead of FILE:LINE:COL text
  bool quiet = false;  // no summary on stderr
};

ExitStatus run_check(const CheckOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
