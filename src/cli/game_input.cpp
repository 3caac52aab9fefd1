#include "cli/game_input.hpp"

namespace xfen::cli {

io::ReadEnd read_games(io::ByteSource& source, std::string_view name, std::span<char> buffer,
                   const io::IoErrorHandler& report_io_error, const CommandOutput& output,
                   xfen::pgn::GameHandler& handler) {
  xfen::pgn::TagReader reader(handler);
  const io::ReadEnd end = io::read_chunks(source, name, buffer, report_io_error,
                                  [&](std::span<const char> bytes) {
                                    reader.read(bytes);
                                    return !output.out_lost();
                                  });
  if (end != io::ReadEnd::stopped) reader.finish();
  return end;
}

}  // namespace xfen::cli
