// A position drawn as an SVG board for the HTML report, 8×8 or 10×8: pieces as letters in discs
// (white discs for White, black for Black; the archbishop and chancellor have no chess symbol, so
// letters serve for all), file letters and rank numbers, and marks for what a reader comparing
// two boards looks for: squares that differ from the other board, castling rooks, the en passant
// square.
//
// A page shows hundreds of boards, so a board draws nothing itself: it places <use href="#…">
// references to drawings the page defines once (BoardSymbols): the empty board of each width
// (its squares one path per colour, the frame, the coordinates), each piece, each rank of pieces
// some board shows (start positions and the expected board of a failure repeat ranks: a rank of
// ten pieces is then one reference, not ten), each castling mark and the other marks. A board
// copied out of the page needs those definitions with it. Colours are presentation attributes,
// not CSS, so that the definitions draw the same anywhere.
#pragma once

#include <bitset>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <xfen/position.hpp>

#include "certify/grade/certification.hpp"

namespace xfen::certify {

using SquareSet = std::bitset<kMaxSquares>;  // indexed by Square::index()

// The squares whose contents differ, on the files of the wider board.
SquareSet differing_squares(const Position& a, const Position& b) noexcept;

// The drawings the boards of one page share, each a <symbol> with an id that says what it is
// ("board-10x8", "piece-A", "rank-rnbqkbnr", "castling-K", "mark-differs"), defined once however
// many boards use it.
class BoardSymbols {
 public:
  // The reference that draws the symbol `id` at (x, y) of a board, with `title` as its tooltip
  // when not empty; `draw` makes the symbol's content the first time `id` is used.
  template <class Draw>
  std::string use(const std::string& id, int x, int y, Draw&& draw, std::string_view title = {}) {
    if (!symbols_.contains(id)) {
      std::string content = draw();  // may use other symbols (a rank, its pieces)
      symbols_.emplace(id, std::move(content));
    }
    return use_element(id, x, y, title);
  }

  // A hidden <svg> with the <defs> of every symbol used so far, to stand in the page before the
  // boards that use them; empty when no board was drawn.
  std::string definitions() const;

 private:
  static std::string use_element(const std::string& id, int x, int y, std::string_view title);

  std::map<std::string, std::string> symbols_;  // id → the symbol's content
};

// `label` names the board for assistive technology and as a tooltip ("expected", "answer"). What
// it draws is defined in `symbols`, whose definitions() the page must hold.
std::string board_svg(const Position& position, const SquareSet& differs, std::string_view label,
                      BoardSymbols& symbols);

// The expected and the actual board of a failed case side by side, for the HTML report: each
// record read with xfen's reader (the answer leniently, so that a Shredder-FEN or otherwise
// loosely written answer still draws), drawn by board_svg with the squares that differ marked,
// and its other fields listed beneath, those that differ marked too. A side that has no board
// (the case expects a rejection, the answer is not a readable record, there was no answer) says
// why instead: "no board: …".
// An HTML fragment: <div class="boards"> with two <figure>s, drawn with `symbols`.
std::string board_pair_html(const CaseResult& result, BoardSymbols& symbols);

// The X-FEN castling token of each right of a position, as the reports name castling rooks: K/Q
// (k/q) for the outermost rook on its side of the king, the rook's file letter for an inner one.
// Nothing when `color` has no right on `side`.
std::optional<char> castling_token(const Position& position, Color color,
                                   CastlingSide side) noexcept;

// The whole field as X-FEN orders it ("KQkq", "sJAja", "-"), from the rights as read: it needs no
// writer, so it shows rights a writer would refuse (a rook gone from its square) too.
std::string castling_field(const Position& position);

}  // namespace xfen::certify
