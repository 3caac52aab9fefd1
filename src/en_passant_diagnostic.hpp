// Parser and writer reject a bad en passant square with the same sentence details.
#pragma once

#include "xfen/diagnostic.hpp"
#include "xfen/position_value.hpp"

namespace xfen::detail {

// Fills in what message() names for an en-passant.* code found by check_en_passant_geometry:
// the rank expected, the square where the pawn is missing, or the square that is occupied.
Diagnostic en_passant_problem(const Position& position, Square square, Code code) noexcept;

}  // namespace xfen::detail
