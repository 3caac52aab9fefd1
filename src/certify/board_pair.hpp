// The expected and the actual board of a failed case side by side, for the HTML report: each
// record read with xfen's reader (the answer leniently, so that a Shredder-FEN or otherwise
// loosely written answer still draws), drawn by board_svg with the squares that differ marked,
// and its other fields listed beneath, those that differ marked too. A side that has no board
// (the case expects a rejection, the answer is not a readable record, there was no answer) says
// why instead: "no board: …".
#pragma once

#include <string>

#include "certify_report.hpp"

namespace xfen::certify {

// An HTML fragment: <div class="boards"> with two <figure>s.
std::string board_pair_html(const CaseResult& result);

}  // namespace xfen::certify
