#include "xfen/validate.hpp"

#include "back_rank.hpp"
#include "diagnostic_value.hpp"
#include "en_passant_diagnostic.hpp"
#include "xfen/en_passant.hpp"

namespace xfen {
namespace {

// A piece on a file an 8-file board does not have: only a position built by hand holds one.
// Records state rank 8 first, so that is where the search starts.
Diagnostic check_board(const Position& position) noexcept {
  if (position.width != 8 && position.width != 10)
    return {.code = Code::board_width, .found = position.width, .limit = kMaxFiles};
  if (position.width == kMaxFiles) return {};
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    for (int file = position.width; file < kMaxFiles; ++file) {
      const Square square = make_square(file, rank);
      const Piece piece = detail::unchecked_at(position, square);
      if (piece.empty()) continue;
      Diagnostic off_board{.code = Code::board_off_board, .square = square,
                           .color = piece.color(), .limit = position.width};
      const char letter = piece.letter();
      detail::set_value(off_board, std::string_view(&letter, 1));
      return off_board;
    }
  }
  return {};
}

// A castling letter as a record spells it for `color`: upper case for White.
char for_color(Color color, char upper) noexcept {
  return color == Color::white || upper == '?' ? upper : static_cast<char>(upper - 'A' + 'a');
}

// What is wrong with a right, or Code::ok; the checks every write makes, so nothing is built for
// a right that holds. `king`: the castling king's file, once known.
Code right_problem(const Position& position, Color color, CastlingSide side, int file,
                   std::optional<int>& king) noexcept {
  if (file < 0 || file >= position.width) return Code::castling_file_off_board;
  king = detail::castling_king_file(position, color);
  if (!king) return Code::castling_no_king;
  // check_board, first, has held the width to 8 or 10: the rook's square is on the grid.
  const Piece rook = detail::unchecked_at(position, make_square(file, back_rank(color)));
  if (!rook.is(PieceType::rook, color)) return Code::castling_no_rook;
  // The rook must stand on its side of the king.
  if (side == CastlingSide::h_side ? file < *king : file > *king) return Code::castling_no_rook;
  return Code::ok;
}

Diagnostic describe_right_problem(const Position& position, Color color, CastlingSide side,
                                  int file, Code code, std::optional<int> king) noexcept {
  // Until it is known to be valid, a right is spelled by its rook's file, as Shredder-FEN does.
  const char letter = for_color(color, file >= 0 && file < 26 ? static_cast<char>('A' + file) : '?');
  Diagnostic wrong{.code = code, .color = color};
  detail::set_value(wrong, std::string_view(&letter, 1));
  switch (code) {
    case Code::castling_file_off_board: wrong.limit = position.width; break;
    case Code::castling_no_king:
      wrong.found = detail::count_back_rank_kings(position, color);
      wrong.limit = 1;
      break;
    default:
      if (detail::unchecked_at(position, make_square(file, back_rank(color)))
              .is(PieceType::rook, color)) {
        // The rook stands on the other side of the king: name the right by its side, K or Q.
        const char spelled = for_color(color, side == CastlingSide::h_side ? 'K' : 'Q');
        detail::set_value(wrong, std::string_view(&spelled, 1));
        wrong.square = make_square(*king, back_rank(color));
      } else {
        wrong.square = make_square(file, back_rank(color));
      }
  }
  return wrong;
}

Diagnostic check_castling(const Position& position) noexcept {
  const CastlingRights& rights = position.castling;
  if (!rights.any()) {
    if (rights.mode == CastlingMode::standard) return {};
    Diagnostic empty_prefix{.code = Code::castling_empty_prefix};
    detail::set_value(empty_prefix, rights.mode == CastlingMode::symmetric ? "s" : "m");
    return empty_prefix;
  }
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (const auto file = rights.rook_file(color, side)) {
        std::optional<int> king;
        if (const Code code = right_problem(position, color, side, *file, king); code != Code::ok)
          return describe_right_problem(position, color, side, *file, code, king);
      }
  return {};
}

Diagnostic check_en_passant(const Position& position) noexcept {
  if (!position.en_passant) return {};
  const Square square = *position.en_passant;
  Code code = check_en_passant_geometry(position, square);
  if (code == Code::ok) return {};
  // A rank off the board is a wrong rank, not a wrong file.
  if (code == Code::en_passant_off_board && square.file >= 0 && square.file < position.width)
    code = Code::en_passant_wrong_rank;
  Diagnostic wrong = detail::en_passant_problem(position, square, code);
  detail::set_value(wrong, square);
  return wrong;
}

Diagnostic check_counters(const Position& position) noexcept {
  Diagnostic wrong;
  if (position.halfmove_clock > Position::kMaxCounter) {
    wrong.code = Code::halfmove_range;
    detail::set_value(wrong, position.halfmove_clock);
  } else if (position.fullmove_number == 0 || position.fullmove_number > Position::kMaxCounter) {
    wrong.code = Code::fullmove_range;
    detail::set_value(wrong, position.fullmove_number);
  }
  return wrong;
}

}  // namespace

ValidationResult validate(const Position& position) noexcept {
  for (const auto check : {check_board, check_castling, check_en_passant, check_counters})
    if (const Diagnostic wrong = check(position)) return {.error = wrong};
  return {};
}

}  // namespace xfen
