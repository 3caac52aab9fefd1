// `xfen adapter`: a line-oriented service for other programs. Every input line gets exactly one
// answer line, sent as soon as it is known, and no input ends the service before end of input.
#pragma once

#include "certify/grade/reference_answer.hpp"
#include "cli/exit_status.hpp"
#include "io/byte_stream.hpp"

namespace xfen::cli {

// Answers `ok <canonical record>` or `error <code> <message>` per line of the input.
ExitStatus run_adapter(const certify::AdapterOptions& options, const io::StandardStreams& streams);

}  // namespace xfen::cli
