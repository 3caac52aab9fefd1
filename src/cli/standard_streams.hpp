// The three streams a command works on, given to it rather than found by it, so that a command
// runs the same on file descriptors 0, 1 and 2 and in memory.
#pragma once

#include "byte_sink.hpp"
#include "byte_source.hpp"

namespace xfen::cli {

struct StandardStreams {
  ByteSource& input;   // read for "-" and when no file is named
  ByteSink& output;    // what the command produces
  ByteSink& errors;    // what goes wrong, and check's summary
};

}  // namespace xfen::cli
