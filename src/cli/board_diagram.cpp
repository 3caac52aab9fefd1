#include "cli/board_diagram.hpp"

#include <string>

namespace xfen::cli {

namespace {

constexpr std::string_view kMargin = "    ";  // room for " 8 |" on the rank lines

void print_file_letters(io::OutputBuffer& out, int width) {
  out.write(kMargin);
  for (int file = 0; file < width; ++file) {
    out.put(' ');
    out.put(static_cast<char>('a' + file));
  }
  out.put('\n');
}

void print_border(io::OutputBuffer& out, int width) {
  out.write("   +");
  out.write(std::string(static_cast<std::size_t>(2 * width + 1), '-'));
  out.write("+\n");
}

}  // namespace

void print_board_diagram(io::OutputBuffer& out, const xfen::Position& position) {
  const int width = position.width;
  print_file_letters(out, width);
  print_border(out, width);
  for (int rank = xfen::kRanks - 1; rank >= 0; --rank) {
    const char rank_digit = static_cast<char>('1' + rank);
    out.put(' ');
    out.put(rank_digit);
    out.write(" |");
    for (int file = 0; file < width; ++file) {
      const xfen::Piece piece = position.at(xfen::make_square(file, rank));
      out.put(' ');
      out.put(piece.empty() ? '.' : piece.letter());
    }
    out.write(" | ");
    out.put(rank_digit);
    out.put('\n');
  }
  print_border(out, width);
  print_file_letters(out, width);
}

}  // namespace xfen::cli
