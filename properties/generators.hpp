// RapidCheck generators for the property tests: positions on 8×8 and 10×8 with any of the eight
// piece kinds, Chess960 and Capablanca Random Chess starts, back ranks with 1-3 rooks on either
// side of the king and castling rights on any consistent subset, positions right after a double
// pawn push (capturers beside it or not, edge files, a pinned capturer), and textual variants of
// one position. Every generator is built from rc::gen::exec, so a failing case shrinks towards
// fewer pieces, 8 files, White to move, no rights and small counters. Values print as X-FEN.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "start_arrays.hpp"
#include "xfen/xfen.hpp"

namespace xfen {

// RapidCheck shows values with operator<<: a position as its record in every style that writes
// it, so a failure names the minimal record.
inline std::ostream& operator<<(std::ostream& os, const Position& position) {
  const auto xfen = to_string(position);
  const auto always = to_string(position, {CastlingStyle::shredder, EnPassantStyle::always});
  if (xfen)
    os << xfen.text;
  else
    os << "<unwritable: " << code_name(xfen.error.code) << ">";
  if (always) os << "  (shredder/always: " << always.text << ")";
  return os;
}

}  // namespace xfen

namespace xfen::prop {

inline constexpr std::array<PieceType, 8> kKinds = {
    PieceType::pawn,  PieceType::knight, PieceType::bishop,     PieceType::rook,
    PieceType::queen, PieceType::king,   PieceType::archbishop, PieceType::chancellor};

inline Piece piece_of(int kind, bool black) {
  return Piece(kKinds[static_cast<std::size_t>(kind)], black ? Color::black : Color::white);
}

// ---- building blocks (used inside rc::gen::exec) -------------------------------------------

inline int gen_width() { return *rc::gen::element(8, 10); }

// Small counters mostly, sometimes any value up to the maximum, sometimes the maximum. The choice
// is an integer that shrinks towards 0, the small branch.
inline std::uint32_t gen_counter(std::uint32_t low) {
  const int pick = *rc::gen::inRange(0, 8);
  if (pick < 6) return *rc::gen::inRange<std::uint32_t>(low, 120);
  if (pick == 6) return *rc::gen::inRange<std::uint32_t>(low, Position::kMaxCounter + 1u);
  return Position::kMaxCounter;
}

// Up to `max_pieces` pieces of any kind anywhere, skipping the squares in `keep_free`.
inline void scatter_pieces(Position& position, std::size_t max_pieces,
                           const std::vector<Square>& keep_free = {}, int skip_rank = -1) {
  const auto count = *rc::gen::inRange<std::size_t>(0, max_pieces + 1);
  for (std::size_t i = 0; i < count; ++i) {
    const int file = *rc::gen::inRange(0, static_cast<int>(position.width));
    const int rank = *rc::gen::inRange(0, kRanks);
    const int kind = *rc::gen::inRange(0, 8);
    const bool black = *rc::gen::arbitrary<bool>();
    const Square square = make_square(file, rank);
    if (rank == skip_rank ||
        std::find(keep_free.begin(), keep_free.end(), square) != keep_free.end())
      continue;
    position.put(square, piece_of(kind, black));
  }
}

// Rook files on the back rank of `color`, read from the board.
inline bool rook_at(const Position& position, Color color, int file) {
  return position.at(make_square(file, back_rank(color))).is(PieceType::rook, color);
}

// A single king of `color` on its back rank with 1-3 rooks on either side (sometimes none on a
// side), and rights for a random consistent subset of those rooks (inner and outer).
inline void castling_back_rank(Position& position, Color color, bool always_rights) {
  const int rank = back_rank(color);
  const int width = position.width;
  for (int file = 0; file < width; ++file)  // one king only: the rights need it
    if (position.at(make_square(file, rank)).is(PieceType::king, color))
      position.put(make_square(file, rank), Piece());
  const int king = *rc::gen::inRange(0, width);
  position.put(make_square(king, rank), Piece(PieceType::king, color));
  for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
    const int direction = side == CastlingSide::h_side ? +1 : -1;
    const int room = side == CastlingSide::h_side ? width - 1 - king : king;
    if (room <= 0) continue;
    const int rooks = *rc::gen::inRange(0, 4);
    std::vector<int> files;
    for (int i = 0; i < rooks; ++i) {
      const int file = king + direction * *rc::gen::inRange(1, room + 1);
      position.put(make_square(file, rank), Piece(PieceType::rook, color));
      files.push_back(file);
    }
    if (files.empty()) continue;
    if (always_rights || *rc::gen::arbitrary<bool>()) {
      const int which = *rc::gen::inRange(0, static_cast<int>(files.size()));
      position.castling.set(color, side, files[static_cast<std::size_t>(which)]);
    }
  }
}

inline CastlingMode gen_mode() {
  const int pick = *rc::gen::inRange(0, 8);  // shrinks towards no prefix
  if (pick < 6) return CastlingMode::standard;
  return pick == 6 ? CastlingMode::symmetric : CastlingMode::modern;
}

// A file for a double push: an edge file (a, h or j) one time in three.
inline int edge_biased_file(int width) {
  return *rc::gen::weightedOneOf<int>({{1, rc::gen::just(0)},
                                       {1, rc::gen::just(width - 1)},
                                       {4, rc::gen::inRange(0, width)}});
}

// ---- positions -----------------------------------------------------------------------------

// Any readable position: scattered pieces of all kinds, sometimes castling back ranks, sometimes a
// double push just played, any counters.
inline rc::Gen<Position> arbitrary_position() {
  return rc::gen::exec([] {
    Position position;
    position.width = static_cast<std::uint8_t>(gen_width());
    position.side_to_move = *rc::gen::arbitrary<bool>() ? Color::black : Color::white;
    scatter_pieces(position, 16);
    for (const Color color : {Color::white, Color::black})
      if (*rc::gen::arbitrary<bool>()) castling_back_rank(position, color, false);
    if (position.castling.any()) position.castling.mode = gen_mode();
    if (*rc::gen::inRange(0, 3) == 0) {  // a double push by the side not to move
      const Color mover = position.side_to_move;
      const int pawn_rank = mover == Color::white ? 4 : 3;
      const int direction = mover == Color::white ? -1 : +1;
      const int file = edge_biased_file(position.width);
      const Square target = make_square(file, pawn_rank - direction);
      position.put(make_square(file, pawn_rank), Piece(PieceType::pawn, opposite(mover)));
      position.put(target, Piece());
      position.put(make_square(file, pawn_rank - 2 * direction), Piece());
      position.en_passant = target;
    }
    position.halfmove_clock = gen_counter(0);
    position.fullmove_number = gen_counter(1);
    return position;
  });
}

// The start array for White's back rank, mirrored for Black, pawns in front.
template <std::size_t W>
Position start_position(const std::array<char, W>& array) {
  Position position;
  position.width = static_cast<std::uint8_t>(W);
  for (std::size_t f = 0; f < W; ++f) {
    const int file = static_cast<int>(f);
    const Piece white = Piece::from_letter(array[f]);
    position.put(make_square(file, 0), white);
    position.put(make_square(file, 7), Piece(white.type(), Color::black));
    position.put(make_square(file, 1), Piece(PieceType::pawn, Color::white));
    position.put(make_square(file, 6), Piece(PieceType::pawn, Color::black));
  }
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (const auto rook = outermost_rook_file(position, color, side))
        position.castling.set(color, side, *rook);
  return position;
}

// Every Chess960 start array (SP 0..959) and Capablanca Random Chess arrays (10×8 with A and C),
// with all four rights or a random subset of them.
inline rc::Gen<Position> start_positions() {
  return rc::gen::exec([] {
    Position position =
        *rc::gen::arbitrary<bool>()
            ? start_position(testing::capablanca_array(
                  *rc::gen::inRange(0, testing::kCapablancaArrangements)))
            : start_position(testing::chess960_array(*rc::gen::inRange(0, 960)));
    for (const Color color : {Color::white, Color::black})
      for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
        if (*rc::gen::inRange(0, 4) == 0) position.castling.clear(color, side);
    return position;
  });
}

// Back ranks with one to three rooks per colour on either side of the king, rights on any subset
// (inner and outer rooks), a few other pieces elsewhere.
inline rc::Gen<Position> castling_positions() {
  return rc::gen::exec([] {
    Position position;
    position.width = static_cast<std::uint8_t>(gen_width());
    position.side_to_move = *rc::gen::arbitrary<bool>() ? Color::black : Color::white;
    scatter_pieces(position, 6);
    for (const Color color : {Color::white, Color::black})
      castling_back_rank(position, color, *rc::gen::arbitrary<bool>());
    if (position.castling.any()) position.castling.mode = gen_mode();
    return position;
  });
}

// A position right after a double pawn push, and what the builder knows about it.
struct EnPassantCase {
  Position position;
  Square pushed{};
  int capturers = 0;     // pawns of the side to move beside the pushed pawn
  bool pinned = false;   // the only capturer is pinned along the rank: the capture is illegal
};

inline std::ostream& operator<<(std::ostream& os, const EnPassantCase& c) {
  return os << c.position << " pushed=" << c.pushed.file_letter() << c.pushed.rank_digit()
            << " capturers=" << c.capturers << " pinned=" << c.pinned;
}

inline rc::Gen<EnPassantCase> en_passant_cases() {
  return rc::gen::exec([] {
    EnPassantCase c;
    Position& position = c.position;
    position.width = static_cast<std::uint8_t>(gen_width());
    const int width = position.width;
    const Color mover = *rc::gen::arbitrary<bool>() ? Color::black : Color::white;
    position.side_to_move = mover;
    const int pawn_rank = mover == Color::white ? 4 : 3;
    const int direction = mover == Color::white ? -1 : +1;
    const int file = edge_biased_file(width);
    c.pushed = make_square(file, pawn_rank);
    const Square target = make_square(file, pawn_rank - direction);
    const Square origin = make_square(file, pawn_rank - 2 * direction);
    // Other pieces anywhere but the pawns' rank, the target and the origin.
    scatter_pieces(position, 8, {target, origin}, pawn_rank);
    position.put(c.pushed, Piece(PieceType::pawn, opposite(mover)));
    position.en_passant = target;

    const bool try_pin = *rc::gen::inRange(0, 3) == 0;
    if (try_pin) {
      // Pinned: king, capturer, pushed pawn, enemy rook-like slider on one rank, nothing between.
      const bool capturer_left = *rc::gen::arbitrary<bool>();
      const int capturer = capturer_left ? file - 1 : file + 1;
      const int king = capturer_left ? capturer - 1 : capturer + 1;
      const int slider = capturer_left ? file + 1 : file - 1;
      if (std::min({capturer, king, slider}) >= 0 && std::max({capturer, king, slider}) < width) {
        const int king_file = capturer_left ? *rc::gen::inRange(0, king + 1)
                                            : *rc::gen::inRange(king, width);
        const int slider_file = capturer_left ? *rc::gen::inRange(slider, width)
                                              : *rc::gen::inRange(0, slider + 1);
        const PieceType slider_type = *rc::gen::element(PieceType::rook, PieceType::queen,
                                                        PieceType::chancellor);
        position.put(make_square(capturer, pawn_rank), Piece(PieceType::pawn, mover));
        position.put(make_square(king_file, pawn_rank), Piece(PieceType::king, mover));
        position.put(make_square(slider_file, pawn_rank), Piece(slider_type, opposite(mover)));
        c.capturers = 1;
        c.pinned = true;
      }
    }
    if (!c.pinned) {
      for (const int side : {-1, +1}) {
        const int f = file + side;
        if (f < 0 || f >= width || !*rc::gen::arbitrary<bool>()) continue;
        position.put(make_square(f, pawn_rank), Piece(PieceType::pawn, mover));
        ++c.capturers;
      }
      // Sometimes a pawn of the mover on the other edge file: across the edge, not adjacent.
      const int wrapped = file == 0 ? width - 1 : file == width - 1 ? 0 : -1;
      if (wrapped >= 0 && *rc::gen::inRange(0, 3) == 0)
        position.put(make_square(wrapped, pawn_rank), Piece(PieceType::pawn, mover));
    }
    position.fullmove_number = gen_counter(1);
    return c;
  });
}

// ---- textual variants of one position -------------------------------------------------------

enum class VariantKind : std::uint8_t {
  shredder,         // castling as file letters
  shuffled,         // castling tokens in another order, each outermost rook as K/Q or its letter
  plain_en_passant, // an en passant square with no capturer (plain FEN after a double push)
  lenient_spacing,  // white space around and between fields: lenient only
};

struct Variant {
  Position position;      // what every spelling reads as
  std::string canonical;  // the canonical record
  std::string text;       // the variant spelling
  VariantKind kind{};
};

inline std::ostream& operator<<(std::ostream& os, const Variant& v) {
  return os << "canonical \"" << v.canonical << "\" variant \"" << v.text << "\" kind "
            << static_cast<int>(v.kind);
}

inline std::vector<std::string> split_fields(const std::string& record) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (;;) {
    const std::size_t space = record.find(' ', start);
    fields.push_back(record.substr(start, space - start));
    if (space == std::string::npos) return fields;
    start = space + 1;
  }
}

inline std::string join_fields(const std::vector<std::string>& fields) {
  std::string out;
  for (const auto& field : fields) {
    if (!out.empty()) out.push_back(' ');
    out.append(field);
  }
  return out;
}

inline rc::Gen<Variant> variants() {
  return rc::gen::exec([] {
    Variant v;
    v.kind = *rc::gen::element(VariantKind::shredder, VariantKind::shuffled,
                               VariantKind::plain_en_passant, VariantKind::lenient_spacing);
    if (v.kind == VariantKind::plain_en_passant) {
      EnPassantCase c = *en_passant_cases();
      for (int f = 0; f < c.position.width; ++f)  // no capturer: clear the pawns' rank
        if (make_square(f, c.pushed.rank) != c.pushed)
          c.position.put(make_square(f, c.pushed.rank), Piece());
      v.position = c.position;
      v.text = to_string(c.position, {CastlingStyle::xfen, EnPassantStyle::always}).text;
    } else {
      v.position = *rc::gen::oneOf(castling_positions(), arbitrary_position(), start_positions());
    }
    v.canonical = to_string(v.position).text;
    auto fields = split_fields(v.canonical);
    switch (v.kind) {
      case VariantKind::shredder:
        v.text = to_string(v.position, {CastlingStyle::shredder, EnPassantStyle::xfen}).text;
        break;
      case VariantKind::shuffled: {
        std::string& castling = fields[2];
        if (castling != "-") {
          const auto& rights = v.position.castling;
          std::string prefix;
          if (castling[0] == 's' || castling[0] == 'm') prefix = castling.substr(0, 1);
          std::vector<std::string> tokens;
          for (const Color color : {Color::white, Color::black})
            for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
              const auto file = rights.rook_file(color, side);
              if (!file) continue;
              const bool outer = outermost_rook_file(v.position, color, side) == file;
              char letter = outer && *rc::gen::arbitrary<bool>()
                                ? (side == CastlingSide::h_side ? 'K' : 'Q')
                                : static_cast<char>('A' + *file);
              if (color == Color::black) letter = static_cast<char>(letter - 'A' + 'a');
              tokens.emplace_back(1, letter);
            }
          const auto keys =
              *rc::gen::container<std::vector<int>>(tokens.size(), rc::gen::inRange(0, 100));
          std::vector<std::size_t> order(tokens.size());
          for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
          std::stable_sort(order.begin(), order.end(),
                           [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
          castling = prefix;
          for (const std::size_t i : order) castling += tokens[i];
        }
        v.text = join_fields(fields);
        break;
      }
      case VariantKind::plain_en_passant:
        break;
      case VariantKind::lenient_spacing: {
        // Runs of 0-3 extra blank bytes (space or tab) before, between and after the fields.
        const auto add_space = [](std::string& out) {
          const int extra = *rc::gen::inRange(0, 4);
          for (int i = 0; i < extra; ++i) out.push_back(*rc::gen::element(' ', ' ', '\t'));
        };
        std::string text;
        add_space(text);
        for (std::size_t i = 0; i < fields.size(); ++i) {
          text.append(fields[i]);
          if (i + 1 < fields.size()) text.push_back(' ');
          add_space(text);
        }
        v.text = text;
        break;
      }
    }
    return v;
  });
}

// The field (0 board … 5 fullmove) holding byte `offset` of `record`, a field's end counting as
// part of it (errors "at the end of the board" point there). -1 when `offset` is past the end.
inline int field_index_at(const std::string& record, std::size_t offset) {
  if (offset > record.size()) return -1;
  int field = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (record[i] == ' ') ++field;
  return field;
}

inline Field field_of_index(int index) {
  constexpr std::array<Field, 6> kFields = {Field::board,    Field::side_to_move,
                                            Field::castling, Field::en_passant,
                                            Field::halfmove_clock, Field::fullmove_number};
  return index >= 0 && index < 6 ? kFields[static_cast<std::size_t>(index)] : Field::record;
}

}  // namespace xfen::prop

namespace rc {

template <>
struct Arbitrary<xfen::Position> {
  static Gen<xfen::Position> arbitrary() {
    return gen::oneOf(xfen::prop::arbitrary_position(), xfen::prop::castling_positions(),
                      xfen::prop::start_positions());
  }
};

}  // namespace rc
