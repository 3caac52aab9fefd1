// How every command shows a diagnostic: `FILE:LINE:COL: severity[code]: message`, as a JSON
// Lines object, or with the record and a caret under the offending byte.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include <xfen/diagnostic.hpp>

#include "io/io_error.hpp"
#include "io/output_buffer.hpp"

namespace xfen::cli {

enum class DiagnosticFormat : std::uint8_t {
  text,        // FILE:LINE:COL: error[code]: message
  json_lines,  // {"file","line","column","offset","severity","code","field","message"}
};

struct SourceLocation {
  std::string_view file;
  std::uint64_t line = 0;
};

std::string_view severity_name(xfen::Severity severity) noexcept;

// A diagnostic placed in a file rather than in a record: about a game of a PGN file, at the byte
// of the file it is about. Every diagnostic is printed through this one funnel.
struct LocatedDiagnostic {
  std::string_view file;
  std::uint64_t line = 0;
  std::uint64_t column = 0;  // 1-based
  std::uint64_t offset = 0;  // 0-based, in the record (check, canon) or in the file (pgn)
  std::uint64_t game = 0;    // 1-based game of a PGN file; 0: none, and no "game" key in JSON
  xfen::Severity severity = xfen::Severity::error;
  std::string_view code;
  std::string_view field;
  std::string_view message;
};

void print_located_diagnostic(io::OutputBuffer& out, DiagnosticFormat format,
                              const LocatedDiagnostic& diagnostic);

// The severity is the caller's to give: a legality finding is an error under `check --legal`.
// `record` is the text the diagnostic's offset points into.
void print_diagnostic(io::OutputBuffer& out, DiagnosticFormat format, const SourceLocation& location,
                      xfen::Severity severity, const xfen::Diagnostic& diagnostic,
                      std::string_view record);

// Each diagnostic, all with one severity.
void print_diagnostics(io::OutputBuffer& out, DiagnosticFormat format, const SourceLocation& location,
                       xfen::Severity severity, std::span<const xfen::Diagnostic> diagnostics,
                       std::string_view record);

// `xfen: cannot read NAME: reason`, or in JSON the keys of a diagnostic with code io.open,
// io.read or io.write, field "input" or "output" and null line, column and offset.
void print_io_error(io::OutputBuffer& out, DiagnosticFormat format, const io::IoError& error);

// The bytes as they are, except those that are not printable ASCII, shown as \xNN (as in
// messages) so that a record with control bytes cannot disturb the terminal.
void write_escaped(io::OutputBuffer& out, std::string_view bytes);

// Two lines: the record (bytes that are not printable ASCII shown as \xNN, as in messages) and a
// caret under the byte at `offset`, or just past the end for an offset at the record's end.
void print_caret_excerpt(io::OutputBuffer& out, std::string_view record, std::uint32_t offset);

}  // namespace xfen::cli
