// The machine-readable and the visual reports of a certification run, each a whole document in a
// string. Every byte the implementation wrote is data here: JSON and JUnit XML stay well-formed
// whatever it was (bytes that are not UTF-8, NUL, control characters are escaped), and the HTML
// page shows it as text.
#pragma once

#include <string>

#include "certify_report.hpp"

namespace xfen::certify {

// docs/PROTOCOL.md "Reports": {"suite", "implementation", "summary", "cases"}.
std::string json_report(const CertifyReport& report);
// One <testsuite>, one <testcase> per case listed; failures as <failure>, skips as <skipped>.
std::string junit_report(const CertifyReport& report);
// One self-contained page: counts per class and per tag, and each failure with the expected and
// the actual board side by side as SVG.
std::string html_report(const CertifyReport& report);

}  // namespace xfen::certify
