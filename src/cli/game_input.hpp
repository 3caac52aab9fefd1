// One PGN input read whole through a TagReader, as pgn lint and pgn extract read each file.
#pragma once

#include <span>
#include <string_view>

#include "cli/command_output.hpp"
#include "io/byte_stream.hpp"
#include "io/input_files.hpp"
#include "pgn/tag_reader.hpp"

namespace xfen::cli {

// Feeds all of `source` to a TagReader reporting to `handler`, and ends its last game, also when
// a read error cut the input short (what was read is reported). Stops, without ending the game,
// once `output`'s standard output is lost.
io::ReadEnd read_games(io::ByteSource& source, std::string_view name, std::span<char> buffer,
                   const io::IoErrorHandler& report_io_error, const CommandOutput& output,
                   xfen::pgn::GameHandler& handler);

}  // namespace xfen::cli
