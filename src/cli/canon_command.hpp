// `xfen canon`: each valid record rewritten canonically (or in another dialect), each invalid
// one diagnosed on stderr, none dropped silently.
#pragma once

#include <string>
#include <vector>
#include <xfen/parse.hpp>
#include <xfen/write.hpp>

#include "exit_status.hpp"
#include "standard_streams.hpp"

namespace xfen::cli {

struct CanonOptions {
  std::vector<std::string> files;  // empty or "-": standard input
  xfen::ParseOptions parse{};
  xfen::WriteOptions write{};
  bool aligned = false;  // an empty output line per invalid input line: line N answers line N
};

ExitStatus run_canon(const CanonOptions& options, const StandardStreams& streams);

}  // namespace xfen::cli
