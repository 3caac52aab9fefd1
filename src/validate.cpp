#include "xfen/validate.hpp"

#include <cstring>
#include <optional>

#include "back_rank.hpp"
#include "diagnostic_value.hpp"
#include "en_passant_diagnostic.hpp"
#include "xfen/en_passant.hpp"

namespace xfen {
namespace {

// Whether the width is 8 or 10 and, on 8 files, files 8 and 9 are empty: a piece there comes
// only from a position built by hand. Their two squares on each rank are one 16-bit word.
bool board_fits(const Position& position) noexcept {
  if (position.width == kMaxFiles) return true;
  if (position.width != 8) return false;
  std::uint16_t beyond = 0;
  for (int rank = 0; rank < kRanks; ++rank) {
    std::uint16_t pair = 0;
    std::memcpy(&pair, &position.board[make_square(8, rank).index()], sizeof pair);
    beyond |= pair;
  }
  return beyond == 0;
}

// Says what board_fits found wrong. Records state rank 8 first, so that is where the search
// for a piece off the board starts.
Diagnostic check_board(const Position& position) noexcept {
  if (position.width != 8 && position.width != 10)
    return {.code = Code::board_width, .found = position.width, .limit = kMaxFiles};
  if (board_fits(position)) return {};
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
// a right that holds. check_board, first, has held the width to 8 or 10.
Code right_problem(int width, const detail::BackRankFiles& files, CastlingSide side,
                   int file) noexcept {
  if (file < 0 || file >= width) return Code::castling_file_off_board;
  const std::optional<int> king = files.king();
  if (!king) return Code::castling_no_king;
  if (((files.rooks >> file) & 1u) == 0) return Code::castling_no_rook;
  // The rook must stand on its side of the king.
  if (side == CastlingSide::h_side ? file < *king : file > *king) return Code::castling_no_rook;
  return Code::ok;
}

Diagnostic describe_right_problem(const Position& position, Color color, CastlingSide side,
                                  int file, Code code) noexcept {
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
        wrong.square = make_square(*detail::castling_king_file(position, color), back_rank(color));
      } else {
        wrong.square = make_square(file, back_rank(color));
      }
  }
  return wrong;
}

// A right that does not name a rook beside its colour's one king, and its problem.
struct WrongRight {
  Code code;
  Color color;
  CastlingSide side;
  int file;
};

std::optional<WrongRight> first_wrong_right(const Position& position) noexcept {
  std::optional<WrongRight> wrong;
  detail::for_each_right(
      position,
      [&](Color color, CastlingSide side, int file, const detail::BackRankFiles& files) {
        const Code code = right_problem(position.width, files, side, file);
        if (code == Code::ok) return true;
        wrong = WrongRight{code, color, side, file};
        return false;
      });
  return wrong;
}

bool castling_holds(const Position& position) noexcept {
  return position.castling.any() ? !first_wrong_right(position)
                                 : position.castling.mode == CastlingMode::standard;
}

Diagnostic check_castling(const Position& position) noexcept {
  const CastlingRights& rights = position.castling;
  if (!rights.any()) {
    if (rights.mode == CastlingMode::standard) return {};
    Diagnostic empty_prefix{.code = Code::castling_empty_prefix};
    detail::set_value(empty_prefix, rights.mode == CastlingMode::symmetric ? "s" : "m");
    return empty_prefix;
  }
  if (const std::optional<WrongRight> wrong = first_wrong_right(position))
    return describe_right_problem(position, wrong->color, wrong->side, wrong->file, wrong->code);
  return {};
}

bool en_passant_holds(const Position& position) noexcept {
  return !position.en_passant ||
         check_en_passant_geometry(position, *position.en_passant) == Code::ok;
}

Diagnostic check_en_passant(const Position& position) noexcept {
  if (en_passant_holds(position)) return {};
  const Square square = *position.en_passant;
  Code code = check_en_passant_geometry(position, square);
  // A rank off the board is a wrong rank, not a wrong file.
  if (code == Code::en_passant_off_board && square.file >= 0 && square.file < position.width)
    code = Code::en_passant_wrong_rank;
  Diagnostic wrong = detail::en_passant_problem(position, square, code);
  detail::set_value(wrong, square);
  return wrong;
}

bool halfmove_holds(const Position& position) noexcept {
  return position.halfmove_clock <= Position::kMaxCounter;
}
bool fullmove_holds(const Position& position) noexcept {
  return position.fullmove_number != 0 && position.fullmove_number <= Position::kMaxCounter;
}
bool counters_hold(const Position& position) noexcept {
  return halfmove_holds(position) && fullmove_holds(position);
}

Diagnostic check_counters(const Position& position) noexcept {
  Diagnostic wrong;
  if (!halfmove_holds(position)) {
    wrong.code = Code::halfmove_range;
    detail::set_value(wrong, position.halfmove_clock);
  } else if (!fullmove_holds(position)) {
    wrong.code = Code::fullmove_range;
    detail::set_value(wrong, position.fullmove_number);
  }
  return wrong;
}

}  // namespace

ValidationResult validate(const Position& position) noexcept {
  // Every write validates its position, and nearly every position holds: tests that build no
  // diagnostic say so first, and only a position that fails one is looked at again, by the checks
  // that say what is wrong.
  if (board_fits(position) && castling_holds(position) && en_passant_holds(position) &&
      counters_hold(position))
    return {};
  for (const auto check : {check_board, check_castling, check_en_passant, check_counters})
    if (const Diagnostic wrong = check(position)) return {.error = wrong};
  return {};
}

}  // namespace xfen
