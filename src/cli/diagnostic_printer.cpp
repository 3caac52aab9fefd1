#include "cli/diagnostic_printer.hpp"

#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <string>

#include <xfen/message.hpp>

namespace xfen::cli {

namespace {

constexpr std::string_view kExcerptIndent = "  ";

void print_text(io::OutputBuffer& out, const LocatedDiagnostic& diagnostic) {
  write_escaped(out, diagnostic.file);  // a file name may hold a newline
  out.put(':');
  out.write_number(diagnostic.line);
  out.put(':');
  out.write_number(diagnostic.column);
  out.write(": ");
  out.write(severity_name(diagnostic.severity));
  out.put('[');
  out.write(diagnostic.code);
  out.write("]: ");
  out.write(diagnostic.message);
  out.put('\n');
}

bool is_valid_utf8(std::string_view text) {
  try {
    static_cast<void>(nlohmann::json(std::string(text)).dump());  // strict: throws on bad UTF-8
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

// ordered_json keeps the documented key order, which makes the output easy to diff. A file name
// may be any bytes, and JSON holds only Unicode: "file" is the name with each invalid byte as
// U+FFFD (see write_json_line), and only then "file_bytes" gives the exact bytes, reversibly
// escaped (SPEC R11.2).
nlohmann::ordered_json object_about_file(std::string_view file) {
  nlohmann::ordered_json object;
  object["file"] = std::string(file);
  if (!is_valid_utf8(file)) object["file_bytes"] = xfen::printable(file);
  return object;
}

void write_json_line(io::OutputBuffer& out, const nlohmann::ordered_json& object) {
  // `replace` turns the invalid UTF-8 of a file name into U+FFFD instead of throwing.
  out.write(object.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  out.put('\n');
}

void print_json(io::OutputBuffer& out, const LocatedDiagnostic& diagnostic) {
  nlohmann::ordered_json object = object_about_file(diagnostic.file);
  object["line"] = diagnostic.line;
  object["column"] = diagnostic.column;
  object["offset"] = diagnostic.offset;
  if (diagnostic.game != 0) object["game"] = diagnostic.game;
  object["severity"] = std::string(severity_name(diagnostic.severity));
  object["code"] = std::string(diagnostic.code);
  object["field"] = std::string(diagnostic.field);
  // A message quotes the input, which may be any bytes (a PGN tag value is not checked for
  // UTF-8): `replace` in write_json_line keeps the line valid JSON.
  object["message"] = std::string(diagnostic.message);
  write_json_line(out, object);
}

}  // namespace

std::string_view severity_name(xfen::Severity severity) noexcept {
  return severity == xfen::Severity::warning ? "warning" : "error";
}

void print_located_diagnostic(io::OutputBuffer& out, DiagnosticFormat format,
                              const LocatedDiagnostic& diagnostic) {
  if (format == DiagnosticFormat::json_lines) {
    print_json(out, diagnostic);
  } else {
    print_text(out, diagnostic);
  }
}

void print_diagnostic(io::OutputBuffer& out, DiagnosticFormat format, const SourceLocation& location,
                      xfen::Severity severity, const xfen::Diagnostic& diagnostic,
                      std::string_view record) {
  const std::string message = xfen::message(diagnostic, record);
  print_located_diagnostic(
      out, format,
      {.file = location.file,
       .line = location.line,
       .column = std::uint64_t{diagnostic.offset} + 1,
       .offset = diagnostic.offset,
       .severity = severity,
       .code = xfen::code_name(diagnostic.code),
       .field = xfen::field_name(xfen::code_field(diagnostic.code)),
       .message = message});
}

void print_diagnostics(io::OutputBuffer& out, DiagnosticFormat format, const SourceLocation& location,
                       xfen::Severity severity, std::span<const xfen::Diagnostic> diagnostics,
                       std::string_view record) {
  for (const xfen::Diagnostic& diagnostic : diagnostics)
    print_diagnostic(out, format, location, severity, diagnostic, record);
}

void print_io_error(io::OutputBuffer& out, DiagnosticFormat format, const io::IoError& error) {
  if (format == DiagnosticFormat::text) {
    out.write("xfen: ");
    out.write(io::io_error_message(error));
    out.put('\n');
    return;
  }
  // The keys of a diagnostic, so that one reader handles both; an I/O error has no position.
  nlohmann::ordered_json object = object_about_file(error.name);
  object["line"] = nullptr;
  object["column"] = nullptr;
  object["offset"] = nullptr;
  object["severity"] = std::string(severity_name(xfen::Severity::error));
  object["code"] = std::string(io::io_code_name(error.operation));
  object["field"] = error.operation == io::IoOperation::write ? "output" : "input";
  object["message"] = io::io_error_message(error);
  write_json_line(out, object);
}

void write_escaped(io::OutputBuffer& out, std::string_view bytes) { out.write(xfen::printable(bytes)); }

void print_caret_excerpt(io::OutputBuffer& out, std::string_view record, std::uint32_t offset) {
  out.write(kExcerptIndent);
  write_escaped(out, record);
  out.put('\n');

  // The caret goes under the escaped text, so count the width each byte took there.
  // An offset past the end (none should be) is shown at the end.
  const std::size_t end = offset < record.size() ? offset : record.size();
  std::size_t caret_column = 0;
  std::array<char, xfen::kMaxPrintableByteSize> shown{};
  for (std::size_t i = 0; i < end; ++i) caret_column += xfen::printable_byte(record[i], shown);
  out.write(kExcerptIndent);
  out.write(std::string(caret_column, ' '));
  out.write("^\n");
}

}  // namespace xfen::cli
