#include "cli/certify_matrix_command.hpp"

#include <span>
#include <string_view>
#include <utility>
#include <variant>

#include <xfen/message.hpp>

#include "certify/matrix/matrix.hpp"
#include "certify/matrix/matrix_documents.hpp"
#include "cli/command_output.hpp"
#include "io/output_file.hpp"

namespace xfen::cli {
namespace {

// One document, written whole or not at all (io::OutputFile), never over one of the reports it
// was made from.
bool write_document(const std::filesystem::path& path, std::string_view document,
                    std::span<const std::string> reports, CommandOutput& output) {
  const std::string target = path.string();
  io::OutputFile file;
  const io::OutputFile::Opened opened = file.open(target, io::OutputFile::Mode::output, reports);
  if (opened.status == io::OutputFile::Status::target_is_input) {
    output.errors.write("xfen: " + xfen::printable(target) + " is one of the reports merged; not written\n");
    return false;
  }
  std::optional<io::IoError> error;
  if (opened.status != io::OutputFile::Status::ok) error = opened.error;
  if (!error && !file.write(document)) error = io::IoError{io::IoOperation::write, target, file.error()};
  if (!error) error = file.commit();
  if (error) output.report(*error);
  return !error;
}

}  // namespace

ExitStatus run_certify_matrix(const CertifyMatrixOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text);
  auto merged = certify::merge_reports(options.reports);
  if (const auto* error = std::get_if<certify::MatrixError>(&merged)) {
    output.errors.write("xfen: " + error->message + "\n");
    return output.finish(), ExitStatus::failure;
  }
  const certify::Matrix& matrix = std::get<certify::Matrix>(merged);
  bool written = true;
  const std::pair<const std::optional<std::filesystem::path>*, std::string (*)(const certify::Matrix&)> documents[] = {
      {&options.markdown, certify::matrix_markdown},
      {&options.json, certify::matrix_json},
      {&options.html, certify::matrix_html}};
  for (const auto& [path, render] : documents)
    if (*path && !write_document(**path, render(matrix), options.reports, output)) written = false;
  certify::write_matrix_summary(matrix, output.out);
  if (!output.finish() || !written) return ExitStatus::failure;
  return ExitStatus::success;
}

}  // namespace xfen::cli
