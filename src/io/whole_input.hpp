// All of an input as one record, line feeds and all: how `xfen canon --whole` reads, so that it
// speaks xfen certify's per-case protocol (the record is the whole of stdin, byte for byte).
#pragma once

#include <string>

#include "io/byte_stream.hpp"
#include "io/line_reader.hpp"

namespace xfen::io {

// Reads `source` to its end into `storage` and describes it as line 1 of the input. Only the
// first kMaxLineLength bytes are kept: a longer input is `too_long` (every such input is too long
// to be a record), but it is still read to its end. False on a read error.
bool read_whole_input(ByteSource& source, std::string& storage, Line& line);

}  // namespace xfen::io
