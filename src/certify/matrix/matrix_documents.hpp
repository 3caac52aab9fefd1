// What `xfen certify matrix` writes of a matrix of runs: a text summary, and the Markdown, JSON and
// HTML documents, each whole in a string. None holds a time or anything else of its own making,
// so that the same reports always give the same bytes.
#pragma once

#include <string>

#include "certify/matrix/matrix.hpp"
#include "io/output_buffer.hpp"

namespace xfen::certify {

// "xfen certify matrix: 30 runs of suite 1.1.0, 711 cases", then one line per run:
// "NAME: 248 passed, 59 failed, 4 skipped, 400 not applicable, 0 crashes".
void write_matrix_summary(const Matrix& matrix, io::OutputBuffer& out);

// Three tables: the runs by class, the runs by tag, and what describes each run.
std::string matrix_markdown(const Matrix& matrix);

// {"suite", "runs": [...], "cases": [{"id", "class", "tags", "input", "expected", "rule",
// "verdicts": [one per run], "failures": [{"run", "verdict", "answer", "detail"}]}]}: answers and
// details only of the failures, so that 30 runs of the suite stay small.
std::string matrix_json(const Matrix& matrix);

// One self-contained page: the three tables, a grid of cases × runs coloured by verdict, each
// failing cell a link to that failure shown with its boards, once per distinct answer of a case.
std::string matrix_html(const Matrix& matrix);

}  // namespace xfen::certify
