#include "cli/suite_selection.hpp"

#include <xfen/message.hpp>

#include "cli/write_count.hpp"

namespace xfen::cli {

std::optional<SelectedCases> load_selected_cases(const SuiteSelection& selection,
                                                 CommandOutput& output) {
  SelectedCases selected{conformance::load_suite(selection.suite_directory), {}};
  const std::vector<std::string>& problems = selected.suite.problems;
  if (!problems.empty()) {
    io::OutputBuffer& errors = output.errors;
    errors.write("xfen: the conformance suite in ");
    errors.write(xfen::printable(selection.suite_directory.string()));
    errors.write(" is broken (");
    write_count(errors, problems.size(), "problem");
    errors.write("):\n");
    for (const std::string& problem : problems) {
      errors.write("  ");
      errors.write(xfen::printable(problem));
      errors.put('\n');
    }
    output.finish();
    return std::nullopt;
  }
  selected.cases = conformance::select_cases(selected.suite, selection.filter);
  return selected;
}

void write_case_count(io::OutputBuffer& out, const SelectedCases& selected, bool filtered) {
  write_count(out, selected.cases.size(), "case");
  if (!filtered) return;
  out.write(" of ");
  out.write_number(selected.suite.cases.size());
}

}  // namespace xfen::cli
