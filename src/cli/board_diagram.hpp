// The board as a grid with file letters and rank numbers, rank 8 at the top.
#pragma once

#include <xfen/position.hpp>

#include "io/output_buffer.hpp"

namespace xfen::cli {

// Pieces by their X-FEN letters, empty squares as '.', 8 or 10 files as the position has.
void print_board_diagram(io::OutputBuffer& out, const xfen::Position& position);

}  // namespace xfen::cli
