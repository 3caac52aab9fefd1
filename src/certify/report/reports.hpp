// The reports of a certification run: the text report for people, and the JSON, JUnit XML and
// HTML documents, each whole in a string. Every byte the implementation wrote is data here: JSON
// and JUnit XML stay well-formed whatever it was (bytes that are not UTF-8, NUL, control
// characters are escaped), and the HTML page shows it as text.
#pragma once

#include <string>
#include <string_view>

#include "certify/grade/certification.hpp"
#include "io/output_buffer.hpp"

namespace xfen::certify {

// docs/PROTOCOL.md "Reports": {"suite", "implementation", "summary", "cases"}.
std::string json_report(const CertifyReport& report);
// One <testsuite>, one <testcase> per case listed; failures as <failure>, skips as <skipped>.
std::string junit_report(const CertifyReport& report);
// One self-contained page: counts per class and per tag, and each failure with the expected and
// the actual board side by side as SVG.
std::string html_report(const CertifyReport& report);

// A badge for an implementation's README: an SVG image ("X-FEN suite 1.0.0 | strict"), and the
// same as a shields.io endpoint document ({"schemaVersion": 1, "label", "message", "color"}).
std::string badge_svg(const CertifyReport& report);
std::string badge_endpoint_json(const CertifyReport& report);

// Bytes the program wrote (its stderr, a start error quoting it), each of their lines on a line
// of its own that starts with `prefix`, each byte shown by xfen::printable_byte but for the quote,
// which is shown as it is (nothing here is quoted): none of it can pass for a line of the report,
// and no control character reaches the terminal. The first line follows what
// is already on the current line; no line feed after the last.
void write_untrusted_lines(std::string_view bytes, std::string_view prefix, io::OutputBuffer& out);

// The report `xfen certify` writes on standard output: each failure with what was sent, what was
// expected and what came back; the skips grouped by reason; the counts; and last the line
// "N passed, N failed, N skipped".
void write_text_report(const CertifyReport& report, io::OutputBuffer& out);

}  // namespace xfen::certify
