// `xfen canon`: each valid record rewritten canonically (or in another dialect), each invalid
// one diagnosed on stderr, none dropped silently.
#pragma once

#include <string>
#include <vector>

#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct CanonOptions {
  std::vector<std::string> files;  // empty or "-": standard input
  xfen::ParseOptions parse{};
  xfen::WriteOptions write{};
  bool aligned = false;  // an empty output line per invalid input line: line N answers line N
  // All of standard input is one record, line feeds included: the per-case protocol of
  // `xfen certify` (docs/PROTOCOL.md), where an empty input is an empty record, not no record.
  bool whole = false;
};

ExitStatus run_canon(const CanonOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
