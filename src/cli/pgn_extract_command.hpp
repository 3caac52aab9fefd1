// xfen pgn extract: the start record (FEN tag) of every game that has one, one per line: a corpus
// for fuzzing, or a file for `xfen certify --inputs`.
#pragma once

#include <string>
#include <vector>

#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct PgnExtractOptions {
  std::vector<std::string> files;  // none or "-": stdin
  xfen::ParseOptions parse;
  xfen::WriteOptions write;
  bool canon = false;        // each record canonical; a FEN that cannot be read is reported
  bool with_source = false;  // "FILE:LINE:COL: game N: RECORD"
  bool quiet = false;        // no summary on stderr
};

ExitStatus run_pgn_extract(const PgnExtractOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
