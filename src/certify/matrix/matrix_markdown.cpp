// The matrix as Markdown: the tables of matrix_tables.hpp, for a README or a pull request.
#include <string_view>

#include "certify/matrix/matrix_documents.hpp"
#include "certify/matrix/matrix_tables.hpp"
#include "certify/report/untrusted_text.hpp"

namespace xfen::certify {
namespace {

// A cell is untrusted text: as HTML text (Markdown passes markup through), on one line, with
// the pipe that would end the cell escaped.
std::string markdown_cell(std::string_view text) {
  const std::string html = html_text(text);
  std::string cell;
  bool space = false;
  for (const char c : html) {
    if (c == ' ' || c == '\t' || c == '\n') {
      space = !cell.empty();
      continue;
    }
    if (space) cell += ' ';
    space = false;
    if (c == '|') cell += '\\';
    cell += c;
  }
  return cell.empty() ? kNotStated : cell;
}

std::string markdown_row(const std::vector<std::string>& cells) {
  std::string row = "|";
  for (const std::string& cell : cells) {
    row += ' ';
    row += markdown_cell(cell);
    row += " |";
  }
  return row + "\n";
}

std::string markdown_table(const TextTable& table) {
  std::string text = markdown_row(table.header) + "|";
  for (std::size_t i = 0; i < table.header.size(); ++i) text += "---|";
  text += "\n";
  for (const auto& row : table.rows) text += markdown_row(row);
  return text;
}

}  // namespace

std::string matrix_markdown(const Matrix& matrix) {
  return "# xfen certify matrix: suite " + markdown_cell(matrix.suite_version) + "\n\n" +
         std::to_string(matrix.runs.size()) + " runs, " + std::to_string(matrix.rows.size()) +
         " cases. Each figure is \"passed of graded\": skipped and not applicable (n/a) cases are "
         "counted apart.\n\n## By class\n\n" +
         markdown_table(class_table(matrix)) + "\n## By tag\n\n" + markdown_table(tag_table(matrix)) +
         "\n## The runs\n\n" + markdown_table(run_table(matrix));
}

}  // namespace xfen::certify
