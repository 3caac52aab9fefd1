#include "game_input.hpp"

namespace xfen::cli {

ReadEnd read_games(ByteSource& source, std::string_view name, std::span<char> buffer,
                   const IoErrorHandler& report_io_error, const CommandOutput& output,
                   xfen::pgn::GameHandler& handler) {
  xfen::pgn::TagReader reader(handler);
  const ReadEnd end = read_chunks(source, name, buffer, report_io_error,
                                  [&](std::span<const char> bytes) {
                                    reader.read(bytes);
                                    return !output.out_lost();
                                  });
  if (end != ReadEnd::stopped) reader.finish();
  return end;
}

}  // namespace xfen::cli
