// A command's two buffered outputs, and how an I/O error is reported on them (SPEC R11.3): as a
// line on `errors`, and with --json also as an object in the JSON stream on `out` while that
// stream still works.
#pragma once

#include <cstddef>

#include "cli/diagnostic_printer.hpp"
#include "io/byte_stream.hpp"
#include "io/io_error.hpp"
#include "io/output_buffer.hpp"

namespace xfen::cli {

class CommandOutput {
 public:
  CommandOutput(const io::StandardStreams& streams, DiagnosticFormat format,
                std::size_t out_capacity = std::size_t{256} * 1024,
                std::size_t errors_capacity = 4096);

  io::OutputBuffer out;     // what the command produces
  io::OutputBuffer errors;  // what goes wrong

  void report(const io::IoError& error);

  // Once standard output is lost there is no point in reading on.
  bool out_lost() const noexcept { return out.error() != 0; }

  // Writes out what is buffered and reports a stream that could not be written; true when all
  // output arrived.
  bool finish();

 private:
  DiagnosticFormat format_;
};

}  // namespace xfen::cli
