// Generators of X-FEN positions, written once against Choices (choices.hpp) and driven by
// RapidCheck, libFuzzer or the tape. Every position they make is readable: its canonical record
// (and its record in every dialect that can express it) reads back strictly as an equal position.
//
// Families: arbitrary positions (8×8 and 10×8, any of the eight piece kinds anywhere, castling
// back ranks, a double push just played, any counters); every Chess960 and Capablanca Random
// Chess start; back ranks with one to three rooks on either side of the king and rights on any
// valid subset of inner and outer rooks, with `s`/`m` prefixes; positions right after a double
// push, with and without capturers beside the pawn, on the edge files (a, h, j) as often as on
// any other, with a capturer pinned along the rank.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "generate/choices.hpp"
#include "generate/start_arrays.hpp"
#include "xfen/position.hpp"

namespace xfen::generate {

inline constexpr std::array<PieceType, 8> kPieceKinds = {
    PieceType::pawn,  PieceType::knight, PieceType::bishop,     PieceType::rook,
    PieceType::queen, PieceType::king,   PieceType::archbishop, PieceType::chancellor};

// ---- building blocks ----

std::uint8_t board_width(Choices& choices);  // 8 or 10
Color color(Choices& choices);               // White first
Piece piece(Choices& choices);               // any of the eight kinds, either colour
// Small counters mostly, sometimes any value up to the maximum, sometimes the maximum.
std::uint32_t counter(Choices& choices, std::uint32_t minimum);
CastlingMode castling_mode(Choices& choices);  // no prefix mostly, `s` or `m`
// A file for a double push: the a-file and the last file (h or j) one time in three.
int edge_biased_file(Choices& choices, int width);

// Up to `max_pieces` pieces of any kind anywhere, except on `keep_free` and on rank `skip_rank`.
void scatter_pieces(Choices& choices, Position& position, std::size_t max_pieces,
                    std::span<const Square> keep_free = {}, int skip_rank = -1);
// The only king of `color` on its back rank, 0-3 rooks on either side of it, and a right for
// one rook of a side (inner or outer) when `always_rights` or by choice.
void castling_back_rank(Choices& choices, Position& position, Color color, bool always_rights);
// A double push by the side not to move, just played, on a file chosen by edge_biased_file: the
// pushed pawn, its path emptied, the en passant square set. Returns the pushed pawn's square.
Square double_push(Choices& choices, Position& position);

// The start position of a back-rank array (White's letters), mirrored for Black, pawns in front,
// all four rights on the outermost rooks.
template <std::size_t W>
Position start_from_array(const std::array<char, W>& array) {
  Position position;
  position.width = static_cast<std::uint8_t>(W);
  for (std::size_t f = 0; f < W; ++f) {
    const int file = static_cast<int>(f);
    const Piece white = Piece::from_letter(array[f]);
    position.put(make_square(file, 0), white);
    position.put(make_square(file, kRanks - 1), Piece(white.type(), Color::black));
    position.put(make_square(file, 1), Piece(PieceType::pawn, Color::white));
    position.put(make_square(file, kRanks - 2), Piece(PieceType::pawn, Color::black));
  }
  for (const Color side_color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (const auto rook = outermost_rook_file(position, side_color, side))
        position.castling.set(side_color, side, *rook);
  return position;
}

// ---- generators ----

// Scattered pieces of all kinds, sometimes castling back ranks, sometimes a double push. Each
// *_with_width generator makes its family's positions on a board of that width (8 or 10), for a
// caller that fixes it (records.hpp's profiles); the generator without it chooses the width first.
Position arbitrary_position(Choices& choices);
Position arbitrary_position_with_width(Choices& choices, std::uint8_t width);
// Any of the 960 Chess960 starts (SP 0..959), or Capablanca Random Chess starts; each right kept
// three times in four.
Position chess960_start(Choices& choices);
Position capablanca_start(Choices& choices);
Position start_position(Choices& choices);  // one of the two
// Castling back ranks for both colours, rights on any valid subset, a few pieces elsewhere.
Position castling_position(Choices& choices);
Position castling_position_with_width(Choices& choices, std::uint8_t width);

// A position right after a double pawn push, and what the generator knows about it.
struct EnPassantCase {
  Position position;
  Square pushed{};
  int capturers = 0;    // pawns of the side to move beside the pushed pawn
  bool pinned = false;  // the only capturer is pinned along the rank: the capture is illegal
};
EnPassantCase en_passant_case(Choices& choices);
EnPassantCase en_passant_case_with_width(Choices& choices, std::uint8_t width);

// One of the families above: arbitrary, castling, start, en passant.
Position any_position(Choices& choices);

}  // namespace xfen::generate
