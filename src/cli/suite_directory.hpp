// Where `xfen suite` finds the conformance suite when --suite does not say: beside an installed
// command (<prefix>/share/xfen/conformance, relative to the executable, so that a moved prefix
// still works), else the source tree the command was built from.
#pragma once

#include <filesystem>

namespace xfen::cli {

std::filesystem::path default_suite_directory();

}  // namespace xfen::cli
