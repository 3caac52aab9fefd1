// xfen pgn canon: PGN files with every FEN tag's record written canonically and every other byte
// as it was.
#pragma once

#include <string>
#include <vector>

#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct PgnCanonOptions {
  std::vector<std::string> files;  // none or "-": stdin
  xfen::ParseOptions parse;
  xfen::WriteOptions write;
  std::string output;     // -o FILE; empty: standard output. Never one of the inputs.
  bool in_place = false;  // rewrite each FILE itself (a temporary file, then rename)
  bool json = false;      // diagnostics (on stderr) as JSON Lines
  bool quiet = false;     // no summary on stderr
};

ExitStatus run_pgn_canon(const PgnCanonOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
