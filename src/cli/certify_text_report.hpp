// The report `xfen certify` writes on standard output: each failure with what was sent, what was
// expected and what came back; the skips grouped by reason; the counts; and last the line
// "N passed, N failed, N skipped".
#pragma once

#include "certify_report.hpp"
#include "output_buffer.hpp"

namespace xfen::cli {

void write_text_report(const certify::CertifyReport& report, OutputBuffer& out);

}  // namespace xfen::cli
