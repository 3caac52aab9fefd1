// The text summary `xfen certify matrix` writes on standard output.
#include <xfen/message.hpp>

#include "certify/matrix/matrix_documents.hpp"

namespace xfen::certify {

void write_matrix_summary(const Matrix& matrix, io::OutputBuffer& out) {
  out.write("xfen certify matrix: " + std::to_string(matrix.runs.size()) + " runs of suite " +
            xfen::printable(matrix.suite_version) + ", " + std::to_string(matrix.rows.size()) + " cases\n");
  for (const MatrixRun& run : matrix.runs)
    out.write(xfen::printable(run.report.implementation_name) + ": " + std::to_string(run.totals.passed) +
              " passed, " + std::to_string(run.totals.failed) + " failed, " + std::to_string(run.totals.skipped) +
              " skipped, " + std::to_string(run.totals.not_applicable) + " not applicable, " +
              std::to_string(run.count(Verdict::crash)) + " crashes\n");
}

}  // namespace xfen::certify
