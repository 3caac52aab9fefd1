// A position drawn as an inline SVG board for the HTML report, 8×8 or 10×8: pieces as letters in
// discs (white discs for White, black for Black; the archbishop and chancellor have no chess
// symbol, so letters serve for all), file letters and rank numbers, and marks for what a reader
// comparing two boards looks for: squares that differ from the other board, castling rooks, the
// en passant square.
//
// Each square is one <rect class="square" data-square="e4">, so a reader (or a test) can count
// and find them; every mark is an element of its own class (mark-differs, mark-castling,
// mark-en-passant). Colours are presentation attributes, not CSS, so that the drawing looks the
// same copied out of the page.
#pragma once

#include <bitset>
#include <string>
#include <string_view>

#include "xfen/position.hpp"

namespace xfen::certify {

using SquareSet = std::bitset<kMaxSquares>;  // indexed by Square::index()

// The squares whose contents differ, on the files of the wider board.
SquareSet differing_squares(const Position& a, const Position& b) noexcept;

// `label` names the board for assistive technology and as a tooltip ("expected", "answer").
std::string board_svg(const Position& position, const SquareSet& differs, std::string_view label);

}  // namespace xfen::certify
