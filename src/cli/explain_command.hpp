// `xfen explain`: one record taken apart for a human, field by field, with every decision the
// reader and the writers make about it.
#pragma once

#include <string>

#include <xfen/parse.hpp>

#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

struct ExplainOptions {
  std::string record;
  xfen::ParseOptions parse{};
};

ExitStatus run_explain(const ExplainOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
