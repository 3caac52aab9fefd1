#include "cli/suite_export_command.hpp"

#include <xfen/message.hpp>

#include "cli/command_output.hpp"
#include "cli/write_count.hpp"

namespace xfen::cli {

ExitStatus run_suite_export(const SuiteExportOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text);
  const std::optional<SelectedCases> selected = load_selected_cases(options.selection, output);
  if (!selected) return ExitStatus::failure;
  const conformance::ExportReport report = conformance::export_cases(selected->cases, options.to);
  for (const std::string& problem : report.problems) {
    output.errors.write("xfen: ");
    output.errors.write(xfen::printable(problem));
    output.errors.put('\n');
  }
  if (!report.ok()) {
    if (report.files_written > 0) {
      output.errors.write("xfen: the export stopped after ");
      write_count(output.errors, report.files_written, "file");
      output.errors.put('\n');
    }
    output.finish();
    return ExitStatus::failure;
  }
  // exported 12 cases of 492 to out as files (36 files)
  io::OutputBuffer& out = output.out;
  out.write("exported ");
  write_case_count(out, *selected, !options.selection.filter.selects_all());
  out.write(" to ");
  out.write(xfen::printable(options.to.directory.string()));
  out.write(" as ");
  out.write(conformance::export_format_name(options.to.format));
  out.write(" (");
  write_count(out, report.files_written, "file");
  out.write(")\n");
  return output.finish() ? ExitStatus::success : ExitStatus::failure;
}

}  // namespace xfen::cli
