// The FILE... arguments of check and canon: each file in turn, "-" (or no file) for standard
// input, every line of each handed to one callback.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "byte_source.hpp"
#include "line_reader.hpp"
#include "output_buffer.hpp"

namespace xfen::cli {

// How diagnostics name standard input.
inline constexpr std::string_view kStdinName = "<stdin>";

struct InputSummary {
  std::uint64_t files_read = 0;
  bool io_error = false;  // some file could not be opened or read; reported on `errors`
};

using LineHandler = std::function<void(std::string_view file_name, const Line& line)>;

// An unreadable file is reported on `errors` and skipped, so the other files still get checked.
// "-" (and no name at all) reads `standard_input`.
InputSummary for_each_line(std::span<const std::string> names, ByteSource& standard_input,
                           OutputBuffer& errors, const LineHandler& handle_line);

}  // namespace xfen::cli
