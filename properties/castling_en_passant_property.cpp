// Properties 3 (en passant written iff a capturer stands beside the pushed pawn) and 4 (castling
// letters K/Q for the outermost rook, the file letter otherwise).
#define BOOST_TEST_MODULE castling_en_passant_property
#include <rapidcheck/boost_test.h>

#include "rapidcheck_choices.hpp"

namespace {

using namespace xfen;

std::string en_passant_field(const Position& p, EnPassantStyle style) {
  const auto written = to_string(p, {CastlingStyle::xfen, style});
  RC_ASSERT(written.ok());
  return generate::split_fields(written.text).at(3);
}

// The castling field R7.2/R7.3 prescribe, computed from the board without the library.
std::string expected_castling(const Position& p) {
  if (!p.castling.any()) return "-";
  std::string out;
  if (p.castling.mode == CastlingMode::symmetric) out += 's';
  if (p.castling.mode == CastlingMode::modern) out += 'm';
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      const auto file = p.castling.rook_file(color, side);
      if (!file) continue;
      const int step = side == CastlingSide::h_side ? +1 : -1;
      bool further = false;  // a rook of that colour further out on that side
      for (int f = *file + step; f >= 0 && f < p.width; f += step)
        further = further || p.at(make_square(f, back_rank(color))).is(PieceType::rook, color);
      char letter = further ? static_cast<char>('A' + *file)
                            : (side == CastlingSide::h_side ? 'K' : 'Q');
      if (color == Color::black) letter = static_cast<char>(letter - 'A' + 'a');
      out += letter;
    }
  return out;
}

}  // namespace

// 3. After a double push the square is written iff a pawn of the side to move stands on an
//    adjacent file of that rank (no wrap); `legal` writes a subset and drops the pinned capturer.
RC_BOOST_PROP(en_passant_written_iff_capturer_beside, ()) {
  const auto c = *prop::gen(generate::en_passant_case);
  const Square target = *c.position.en_passant;
  const std::string square{target.file_letter(), target.rank_digit()};
  const std::string x = en_passant_field(c.position, EnPassantStyle::xfen);
  const std::string legal = en_passant_field(c.position, EnPassantStyle::legal);
  RC_ASSERT(en_passant_field(c.position, EnPassantStyle::always) == square);
  RC_ASSERT(x == (c.capturers > 0 ? square : std::string("-")));
  RC_ASSERT(legal == "-" || legal == x);
  if (c.pinned) RC_ASSERT(legal == std::string("-"));
  RC_TAG(c.capturers, c.pinned, c.pushed.file == 0 || c.pushed.file == c.position.width - 1);
}

// 4. Each right is written K/Q exactly when no rook of that colour stands further out on that
//    side, otherwise as its file letter, in the order of R7.2; the written token selects the same
//    rook; Shredder and X-FEN spellings of the same rights read as equal positions.
RC_BOOST_PROP(castling_letters_name_the_rook, ()) {
  const Position p = *rc::gen::oneOf(prop::gen(generate::castling_position),
                                     prop::gen(generate::start_position));
  const auto x = to_string(p);
  RC_ASSERT(x.ok());
  RC_ASSERT(generate::split_fields(x.text).at(2) == expected_castling(p));
  const auto back = parse(x.text);
  RC_ASSERT(back.ok());
  RC_ASSERT(back.position.castling == p.castling);
  const auto s = parse(to_string(p, {CastlingStyle::shredder, EnPassantStyle::xfen}).text);
  RC_ASSERT(s.ok());
  RC_ASSERT(s.position == back.position);
  RC_ASSERT(s.position.castling == p.castling);
}
