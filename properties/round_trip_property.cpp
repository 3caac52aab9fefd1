// Properties 1 (round trip), 2 (canonical fixpoint) and 5 (dialects convert without loss).
#define BOOST_TEST_MODULE round_trip_property
#include <rapidcheck/boost_test.h>

#include "rapidcheck_choices.hpp"

namespace {

using namespace xfen;

// Classic FEN cannot write a prefix, nor a right whose rook is not the outermost one (R8.2).
bool classic_expressible(const Position& p) {
  if (p.castling.mode != CastlingMode::standard && p.castling.any()) return false;
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      const auto file = p.castling.rook_file(color, side);
      if (file && outermost_rook_file(p, color, side) != file) return false;
    }
  return true;
}

ParseResult read(const std::string& text) { return parse(text); }

}  // namespace

// 1. parse(write(p)) == p in every dialect (classic where expressible; `legal` en passant
//    compares with the position whose square is legal_en_passant(p)).
RC_BOOST_PROP(round_trip_every_dialect, (const Position& p)) {
  for (const CastlingStyle castling :
       {CastlingStyle::xfen, CastlingStyle::shredder, CastlingStyle::classic})
    for (const EnPassantStyle en_passant :
         {EnPassantStyle::xfen, EnPassantStyle::always, EnPassantStyle::legal}) {
      const auto written = to_string(p, {castling, en_passant});
      if (castling == CastlingStyle::classic && !classic_expressible(p)) {
        RC_ASSERT(!written.ok());
        RC_ASSERT(written.error.code == (p.castling.mode != CastlingMode::standard
                                             ? Code::write_castling_prefix
                                             : Code::write_needs_file_letter));
        continue;
      }
      RC_ASSERT(written.ok());
      const auto back = read(written.text);
      RC_ASSERT(back.ok());
      Position expected = p;
      if (en_passant == EnPassantStyle::legal) expected.en_passant = legal_en_passant(p);
      RC_ASSERT(back.position == expected);
      RC_ASSERT(back.position.castling == p.castling);
      if (en_passant == EnPassantStyle::always) RC_ASSERT(back.position.en_passant == p.en_passant);
    }
}

// 2. write(parse(s)) == s for canonical s, and canonicalising is idempotent, also from the
//    strict textual variants (Shredder letters, shuffled tokens, plain-FEN en passant).
RC_BOOST_PROP(canonical_is_a_fixpoint, (const Position& p)) {
  const auto canonical = to_string(p);
  RC_ASSERT(canonical.ok());
  const auto read_back = read(canonical.text);
  RC_ASSERT(read_back.ok());
  RC_ASSERT(to_string(read_back.position).text == canonical.text);
}

RC_BOOST_PROP(canonicalising_is_idempotent, ()) {
  const auto v = *prop::gen(generate::variant);
  RC_PRE(v.kind != generate::VariantKind::lenient_spacing);
  const auto once = read(v.text);
  RC_ASSERT(once.ok());
  const auto canon = to_string(once.position).text;
  RC_ASSERT(canon == v.canonical);
  const auto twice = read(canon);
  RC_ASSERT(twice.ok());
  RC_ASSERT(to_string(twice.position).text == canon);
}

// 5. X-FEN <-> Shredder <-> classic (where expressible) convert without loss.
RC_BOOST_PROP(dialects_convert_without_loss, (const Position& p)) {
  const auto x = to_string(p).text;
  const auto s = to_string(p, {CastlingStyle::shredder, EnPassantStyle::xfen}).text;
  const auto from_x = read(x);
  const auto from_s = read(s);
  RC_ASSERT(from_x.ok());
  RC_ASSERT(from_s.ok());
  RC_ASSERT(from_x.position == from_s.position);
  RC_ASSERT(from_x.position.castling == from_s.position.castling);
  RC_ASSERT(to_string(from_x.position, {CastlingStyle::shredder, EnPassantStyle::xfen}).text == s);
  RC_ASSERT(to_string(from_s.position).text == x);
  const auto c = to_string(p, {CastlingStyle::classic, EnPassantStyle::xfen});
  RC_ASSERT(c.ok() == classic_expressible(p));
  if (c.ok()) {
    const auto from_c = read(c.text);
    RC_ASSERT(from_c.ok());
    RC_ASSERT(from_c.position == from_x.position);
    RC_ASSERT(from_c.position.castling == p.castling);
    RC_ASSERT(to_string(from_c.position).text == x);
    const WriteOptions classic{CastlingStyle::classic, EnPassantStyle::xfen};
    RC_ASSERT(to_string(from_s.position, classic).text == c.text);
  }
}
