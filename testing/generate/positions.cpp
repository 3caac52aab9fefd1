#include "generate/positions.hpp"

#include <algorithm>
#include <vector>

namespace xfen::generate {

std::uint8_t board_width(Choices& choices) { return choices.boolean() ? 10 : 8; }

Color color(Choices& choices) { return choices.boolean() ? Color::black : Color::white; }

Piece piece(Choices& choices) {
  const PieceType kind = choices.element(kPieceKinds);
  return Piece(kind, color(choices));
}

std::uint32_t counter(Choices& choices, std::uint32_t minimum) {
  switch (choices.weighted({6, 1, 1})) {
    case 0: return choices.in_range(minimum, std::uint32_t{119});
    case 1: return choices.in_range(minimum, Position::kMaxCounter);
    default: return Position::kMaxCounter;
  }
}

CastlingMode castling_mode(Choices& choices) {
  switch (choices.weighted({6, 1, 1})) {
    case 0: return CastlingMode::standard;
    case 1: return CastlingMode::symmetric;
    default: return CastlingMode::modern;
  }
}

int edge_biased_file(Choices& choices, int width) {
  switch (choices.weighted({4, 1, 1})) {
    case 0: return choices.in_range(0, width - 1);
    case 1: return 0;
    default: return width - 1;
  }
}

void scatter_pieces(Choices& choices, Position& position, std::size_t max_pieces,
                    std::span<const Square> keep_free, int skip_rank) {
  const std::uint32_t count = choices.pick(static_cast<std::uint32_t>(max_pieces) + 1u);
  for (std::uint32_t i = 0; i < count; ++i) {
    const Square square =
        make_square(choices.in_range(0, position.width - 1), choices.in_range(0, kRanks - 1));
    const Piece chosen = piece(choices);
    if (square.rank == skip_rank ||
        std::find(keep_free.begin(), keep_free.end(), square) != keep_free.end())
      continue;
    position.put(square, chosen);
  }
}

void castling_back_rank(Choices& choices, Position& position, Color side_color, bool always_rights) {
  const int rank = back_rank(side_color);
  const int width = position.width;
  for (int file = 0; file < width; ++file)  // one king only: the rights need it
    if (position.at(make_square(file, rank)).is(PieceType::king, side_color))
      position.put(make_square(file, rank), Piece());
  const int king = choices.in_range(0, width - 1);
  position.put(make_square(king, rank), Piece(PieceType::king, side_color));
  for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
    const int direction = side == CastlingSide::h_side ? +1 : -1;
    const int room = side == CastlingSide::h_side ? width - 1 - king : king;
    if (room <= 0) continue;
    const int rooks = choices.in_range(0, 3);
    std::vector<int> files;
    for (int i = 0; i < rooks; ++i) {
      const int file = king + direction * choices.in_range(1, room);
      position.put(make_square(file, rank), Piece(PieceType::rook, side_color));
      files.push_back(file);
    }
    if (files.empty() || !(always_rights || choices.boolean())) continue;
    position.castling.set(side_color, side, choices.element(files));
  }
}

Square double_push(Choices& choices, Position& position) {
  const Color mover = position.side_to_move;
  const int pawn_rank = mover == Color::white ? 4 : 3;
  const int direction = mover == Color::white ? -1 : +1;  // the way the pushed pawn moved
  const int file = edge_biased_file(choices, position.width);
  const Square pushed = make_square(file, pawn_rank);
  const Square target = make_square(file, pawn_rank - direction);
  position.put(pushed, Piece(PieceType::pawn, opposite(mover)));
  position.put(target, Piece());
  position.put(make_square(file, pawn_rank - 2 * direction), Piece());
  position.en_passant = target;
  return pushed;
}

namespace {

// An empty board of the given width, either side to move.
Position empty_board(Choices& choices, std::uint8_t width) {
  Position position;
  position.width = width;
  position.side_to_move = color(choices);
  return position;
}

}  // namespace

Position arbitrary_position(Choices& choices) {
  return arbitrary_position_with_width(choices, board_width(choices));
}

Position arbitrary_position_with_width(Choices& choices, std::uint8_t width) {
  Position position = empty_board(choices, width);
  scatter_pieces(choices, position, 20);
  for (const Color side_color : {Color::white, Color::black})
    if (choices.boolean()) castling_back_rank(choices, position, side_color, false);
  if (position.castling.any()) position.castling.mode = castling_mode(choices);
  if (choices.one_in(3)) double_push(choices, position);
  position.halfmove_clock = counter(choices, 0);
  position.fullmove_number = counter(choices, 1);
  return position;
}

namespace {

// Each of the four rights dropped one time in four.
Position with_some_rights(Position position, Choices& choices) {
  for (const Color side_color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (choices.one_in(4)) position.castling.clear(side_color, side);
  return position;
}

}  // namespace

Position chess960_start(Choices& choices) {
  return with_some_rights(start_from_array(chess960_array(choices.in_range(0, 959))), choices);
}

Position capablanca_start(Choices& choices) {
  const int index = choices.in_range(0, kCapablancaArrangements - 1);
  return with_some_rights(start_from_array(capablanca_array(index)), choices);
}

Position start_position(Choices& choices) {
  return choices.boolean() ? capablanca_start(choices) : chess960_start(choices);
}

Position castling_position(Choices& choices) {
  return castling_position_with_width(choices, board_width(choices));
}

Position castling_position_with_width(Choices& choices, std::uint8_t width) {
  Position position = empty_board(choices, width);
  scatter_pieces(choices, position, 6);
  for (const Color side_color : {Color::white, Color::black})
    castling_back_rank(choices, position, side_color, choices.boolean());
  if (position.castling.any()) position.castling.mode = castling_mode(choices);
  return position;
}

namespace {

// King, capturer, pushed pawn and an enemy rook-like slider on one rank, nothing between them:
// the capture would expose the king. False (nothing placed) when the edge leaves no room.
bool pin_capturer(Choices& choices, EnPassantCase& c) {
  Position& position = c.position;
  const int width = position.width;
  const int file = c.pushed.file;
  const int rank = c.pushed.rank;
  const Color mover = position.side_to_move;
  const bool capturer_left = choices.boolean();
  const int capturer = capturer_left ? file - 1 : file + 1;
  const int king = capturer_left ? capturer - 1 : capturer + 1;
  const int slider = capturer_left ? file + 1 : file - 1;
  if (std::min({capturer, king, slider}) < 0 || std::max({capturer, king, slider}) >= width)
    return false;
  const int king_file = capturer_left ? choices.in_range(0, king) : choices.in_range(king, width - 1);
  const int slider_file =
      capturer_left ? choices.in_range(slider, width - 1) : choices.in_range(0, slider);
  constexpr std::array kRankSliders = {PieceType::rook, PieceType::queen, PieceType::chancellor};
  const PieceType slider_type = choices.element(kRankSliders);
  position.put(make_square(capturer, rank), Piece(PieceType::pawn, mover));
  position.put(make_square(king_file, rank), Piece(PieceType::king, mover));
  position.put(make_square(slider_file, rank), Piece(slider_type, opposite(mover)));
  c.capturers = 1;
  c.pinned = true;
  return true;
}

}  // namespace

EnPassantCase en_passant_case(Choices& choices) {
  return en_passant_case_with_width(choices, board_width(choices));
}

EnPassantCase en_passant_case_with_width(Choices& choices, std::uint8_t width) {
  EnPassantCase c;
  c.position = empty_board(choices, width);
  Position& position = c.position;
  const Color mover = position.side_to_move;
  c.pushed = double_push(choices, position);
  const int rank = c.pushed.rank;
  const int file = c.pushed.file;
  // Other pieces anywhere but the pawns' rank, the square and the pawn's origin.
  const Square target = *position.en_passant;
  const std::array keep_free = {target, make_square(file, 2 * target.rank - rank)};
  scatter_pieces(choices, position, 8, keep_free, rank);
  if (!(choices.one_in(3) && pin_capturer(choices, c))) {
    for (const int side : {-1, +1}) {
      const int beside = file + side;
      if (beside < 0 || beside >= width || !choices.boolean()) continue;
      position.put(make_square(beside, rank), Piece(PieceType::pawn, mover));
      ++c.capturers;
    }
    // Sometimes a pawn of the mover on the other edge file: across the edge, not adjacent.
    const int across = file == 0 ? width - 1 : file == width - 1 ? 0 : -1;
    if (across >= 0 && choices.one_in(3))
      position.put(make_square(across, rank), Piece(PieceType::pawn, mover));
  }
  position.fullmove_number = counter(choices, 1);
  return c;
}

Position any_position(Choices& choices) {
  switch (choices.pick(4)) {
    case 0: return arbitrary_position(choices);
    case 1: return castling_position(choices);
    case 2: return start_position(choices);
    default: return en_passant_case(choices).position;
  }
}

}  // namespace xfen::generate
