// A position drawn as an SVG board for the HTML report, 8×8 or 10×8: pieces as letters in discs
// (white discs for White, black for Black; the archbishop and chancellor have no chess symbol, so
// letters serve for all), file letters and rank numbers, and marks for what a reader comparing
// two boards looks for: squares that differ from the other board, castling rooks, castling rights
// only one of the two records has, the en passant square.
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
#include <vector>

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

// A castling right that one of the two records of a failure has and the other lacks.
struct CastlingRightDifference {
  Square rook;            // the square of the right's rook, on its colour's back rank
  char token = '\0';      // the letter the record that has the right names it by
  bool expected = false;  // true: the expected record has it, the answer not; false: the reverse
};

// What a board shows of castling beyond its rights as X-FEN names them.
struct CastlingMarks {
  // The castling field as the board's record writes it: each castling rook is labelled with the
  // letter that names it there (`H` of Shredder-FEN's `HAha`), so that the board shows what the
  // record says. Empty: X-FEN's letters (castling_token).
  std::string_view written;
  // Marked at each rook's square: "mark-castling-missing" for a right only the expected record
  // has, "mark-castling-extra" for one only the answer has, each with a tooltip saying so.
  std::vector<CastlingRightDifference> differences;
};

// `label` names the board for assistive technology and as a tooltip ("expected", "answer"). What
// it draws is defined in `symbols`, whose definitions() the page must hold.
std::string board_svg(const Position& position, const SquareSet& differs, std::string_view label,
                      BoardSymbols& symbols, const CastlingMarks& castling = {});

// The expected and the actual board of a failed case side by side, for the HTML report, each
// drawn by board_svg with the squares and the castling rights that differ marked, its other
// fields listed beneath.
// The answer is shown as it is written, never as xfen's writer would write it: its fields are its
// own text, split at its white space (an EPD answer has four, and says it has no clocks); each
// that differs from the expected record's is marked "differs", each that holds the same as the
// expected one written otherwise ("HAha" for "KQkq", no clocks) "another-spelling". Its board is
// read strictly in the layout its field count names (six fields, EPD's four, the board alone);
// only when that fails, leniently, and the figure then says what that reading relaxed or dropped.
// When the two boards are the same the pair says in which fields the failure lies. A side that has
// no board (the case expects a rejection, the answer is not a readable record, there was no
// answer) says why instead: "no board: …".
// An HTML fragment: <div class="boards"> with two <figure>s (after a <p class="same-board"> when
// the boards are the same), drawn with `symbols`.
std::string board_pair_html(const CaseResult& result, BoardSymbols& symbols);

// One record drawn alone (the minimal record of a generated group), read as an answer is: its
// board by board_svg, its other fields listed beneath, nothing marked as differing; drawn from a
// lenient reading, saying so, when the record is not X-FEN as written; "no board: …" with the
// reader's message when it is not a record at all. A <figure> with `caption`.
std::string record_board_html(std::string_view record, std::string_view caption, BoardSymbols& symbols);

// The X-FEN castling token of each right of a position, as the reports name castling rooks: K/Q
// (k/q) for the outermost rook on its side of the king, the rook's file letter for an inner one.
// Nothing when `color` has no right on `side`.
std::optional<char> castling_token(const Position& position, Color color,
                                   CastlingSide side) noexcept;

}  // namespace xfen::certify
