// An input that cannot be opened or read, or an output that cannot be written (SPEC R11.3): what
// every command reports the same way, on stderr and in the JSON stream.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace xfen::io {

// How messages name the standard streams.
inline constexpr std::string_view kStdinName = "<stdin>";
inline constexpr std::string_view kStdoutName = "<stdout>";
inline constexpr std::string_view kStderrName = "<stderr>";

enum class IoOperation : std::uint8_t { open, read, write };

struct IoError {
  IoOperation operation = IoOperation::read;
  std::string_view name;  // a file name as given, or one of the names above
  int error_number = 0;   // errno
};

// "io.open", "io.read" or "io.write", the code in JSON output.
std::string_view io_code_name(IoOperation operation) noexcept;

// "cannot read NAME: <strerror>", the name escaped as in diagnostics.
std::string io_error_message(const IoError& error);

}  // namespace xfen::io
