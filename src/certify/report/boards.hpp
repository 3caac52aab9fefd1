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
#include <optional>
#include <string>
#include <string_view>

#include <xfen/position.hpp>

#include "certify/grade/certification.hpp"

namespace xfen::certify {

using SquareSet = std::bitset<kMaxSquares>;  // indexed by Square::index()

// The squares whose contents differ, on the files of the wider board.
SquareSet differing_squares(const Position& a, const Position& b) noexcept;

// `label` names the board for assistive technology and as a tooltip ("expected", "answer").
std::string board_svg(const Position& position, const SquareSet& differs, std::string_view label);

// The expected and the actual board of a failed case side by side, for the HTML report: each
// record read with xfen's reader (the answer leniently, so that a Shredder-FEN or otherwise
// loosely written answer still draws), drawn by board_svg with the squares that differ marked,
// and its other fields listed beneath, those that differ marked too. A side that has no board
// (the case expects a rejection, the answer is not a readable record, there was no answer) says
// why instead: "no board: …".
// An HTML fragment: <div class="boards"> with two <figure>s.
std::string board_pair_html(const CaseResult& result);

// The X-FEN castling token of each right of a position, as the reports name castling rooks: K/Q
// (k/q) for the outermost rook on its side of the king, the rook's file letter for an inner one.
// Nothing when `color` has no right on `side`.
std::optional<char> castling_token(const Position& position, Color color,
                                   CastlingSide side) noexcept;

// The whole field as X-FEN orders it ("KQkq", "sJAja", "-"), from the rights as read: it needs no
// writer, so it shows rights a writer would refuse (a rook gone from its square) too.
std::string castling_field(const Position& position);

}  // namespace xfen::certify
