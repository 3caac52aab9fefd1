// The FILE... arguments of check and canon: each file in turn, "-" (or no file) for standard
// input, every line of each handed to one callback.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "byte_source.hpp"
#include "io_error.hpp"
#include "line_reader.hpp"

namespace xfen::cli {

struct InputSummary {
  std::uint64_t files_read = 0;
  bool io_error = false;  // some file could not be opened or read
};

// Returns false to stop reading: the command's output is gone.
using LineHandler = std::function<bool(std::string_view file_name, const Line& line)>;
using IoErrorHandler = std::function<void(const IoError& error)>;

// An unreadable file is reported to `report_io_error` and skipped, so the other files still get
// checked. "-" (and no name at all) reads `standard_input`.
InputSummary for_each_line(std::span<const std::string> names, ByteSource& standard_input,
                           const IoErrorHandler& report_io_error, const LineHandler& handle_line);

}  // namespace xfen::cli
