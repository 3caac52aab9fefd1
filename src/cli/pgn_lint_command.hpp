// xfen pgn lint: every game's start position in PGN files (SetUp, FEN and Variant tags, and the
// X-FEN record itself), reported in `xfen check`'s format.
#pragma once

#include <string>
#include <vector>

#include <xfen/parse.hpp>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct PgnLintOptions {
  std::vector<std::string> files;  // none or "-": stdin
  xfen::ParseOptions parse;
  bool legal = false;  // also the legality findings of each FEN
  bool json = false;   // diagnostics as JSON Lines
  bool quiet = false;  // no summary on stderr
};

ExitStatus run_pgn_lint(const PgnLintOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
