// What `xfen suite list` and `xfen suite export` share: where the suite is, which of its cases
// to take, and loading it with every problem of a broken suite reported.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string_view>
#include <vector>

#include "cli/command_output.hpp"
#include "conformance/case_filter.hpp"
#include "conformance/suite_loader.hpp"
#include "io/output_buffer.hpp"

namespace xfen::cli {

struct SuiteSelection {
  std::filesystem::path suite_directory;  // the command line sets the default (suite_directory.hpp)
  conformance::CaseFilter filter;
};

// The suite and the cases selected from it. The pointers point into `suite.cases`, whose
// elements stay where they are when this is moved.
struct SelectedCases {
  conformance::Suite suite;
  std::vector<const conformance::Case*> cases;
};

// Nothing when the suite has problems: they are written on `output.errors`, each on its line,
// and the output is finished, so that the command only has to return its failure.
std::optional<SelectedCases> load_selected_cases(const SuiteSelection& selection,
                                                 CommandOutput& output);

// "492 cases", "1 case", or with a filter "12 cases of 492".
void write_case_count(io::OutputBuffer& out, const SelectedCases& selected, bool filtered);

}  // namespace xfen::cli
