// Writing selected cases out of the suite, for people and frameworks that use the cases without
// xfen's runner:
//   jsonl  DIR/<group>.jsonl: the selected lines of each group file, byte for byte as they stand
//          in the suite, so the result is a suite in the same format (and loads as one);
//   files  DIR/<class>/<id>.input: the input's exact bytes, no newline added; beside it
//          <id>.output (the expected record and '\n'), <id>.error or <id>.write-error (the
//          expected code and '\n'), and <id>.json (the case's line and '\n').
// Every name that becomes a file name is checked before anything is written
// (file_name_check.hpp), and nothing is written outside DIR (output_directory.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/conformance_case.hpp"

namespace xfen::conformance {

enum class ExportFormat : std::uint8_t { files, jsonl };

// "files", "jsonl"; the value a name stands for; every name, in the order of the enumeration.
std::string_view export_format_name(ExportFormat format) noexcept;
std::optional<ExportFormat> export_format_from_name(std::string_view name) noexcept;
std::span<const std::string_view> export_format_names() noexcept;

struct ExportOptions {
  ExportFormat format = ExportFormat::files;
  std::filesystem::path directory;
  // Write into a directory that is not empty, replacing files of the same names (never through
  // a symbolic link); files it held under other names stay.
  bool overwrite = false;
};

struct ExportReport {
  std::size_t files_written = 0;
  // A case whose id cannot be a file name ("castling.jsonl:4: id \"../x\" does not match …"),
  // then nothing is written; or the I/O error that stopped the export ("cannot create DIR/…:
  // File exists"), then what was written before it stays.
  std::vector<std::string> problems;

  bool ok() const noexcept { return problems.empty(); }
};

ExportReport export_cases(std::span<const Case* const> cases, const ExportOptions& options);

}  // namespace xfen::conformance
