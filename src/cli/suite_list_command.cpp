#include "cli/suite_list_command.hpp"

#include <xfen/message.hpp>

#include "cli/command_output.hpp"

namespace xfen::cli {
namespace {

// castling.inner-rook-i-10x8 valid 10x8,capablanca,inner-rook 'rnabqkbcnr/… w KQkq - 0 1'
// The input is last and quoted, so that white space at its ends shows; "-" stands for no tags.
void write_case_line(io::OutputBuffer& out, const conformance::Case& c) {
  out.write(xfen::printable(c.id));
  out.put(' ');
  out.write(conformance::case_class_name(c.case_class));
  out.put(' ');
  if (c.tags.empty()) out.put('-');
  for (std::size_t i = 0; i < c.tags.size(); ++i) {
    if (i > 0) out.put(',');
    out.write(c.tags[i]);
  }
  out.write(" '");
  out.write(xfen::printable(c.input));
  out.write("'\n");
}

}  // namespace

ExitStatus run_suite_list(const SuiteListOptions& options, const io::StandardStreams& streams) {
  CommandOutput output(streams, DiagnosticFormat::text);
  const std::optional<SelectedCases> selected = load_selected_cases(options.selection, output);
  if (!selected) return ExitStatus::failure;
  for (const conformance::Case* c : selected->cases) write_case_line(output.out, *c);
  write_case_count(output.out, *selected, !options.selection.filter.selects_all());
  output.out.put('\n');
  return output.finish() ? ExitStatus::success : ExitStatus::failure;
}

}  // namespace xfen::cli
