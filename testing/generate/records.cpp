#include "generate/records.hpp"

#include <array>

#include "generate/positions.hpp"
#include "generate/start_arrays.hpp"
#include "xfen/legality.hpp"
#include "xfen/style_names.hpp"

namespace xfen::generate {

namespace {

constexpr std::array<std::string_view, kRecordProfiles> kProfileNames = {"all", "8x8", "chess960",
                                                                         "10x8"};

// Scharnagl's number of the orthodox start, RNBQKBNR.
constexpr int kOrthodoxStart = 518;
constexpr int kOrthodoxKingFile = 4;

bool allows_compound_pieces(RecordProfile profile) {
  return profile == RecordProfile::all || profile == RecordProfile::capablanca_10x8;
}
// The `s`/`m` prefixes come from 10×8 variants (Janus, Embassy); a Chess960 program knows none.
bool allows_castling_prefixes(RecordProfile profile) { return allows_compound_pieces(profile); }

std::uint8_t width_for(Choices& choices, RecordProfile profile) {
  switch (profile) {
    case RecordProfile::chess_8x8:
    case RecordProfile::chess960: return 8;
    case RecordProfile::capablanca_10x8: return 10;
    case RecordProfile::all: break;
  }
  return board_width(choices);
}

// Each of the four rights dropped one time in four.
void drop_some_rights(Choices& choices, Position& position) {
  for (const Color side_color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (choices.one_in(4)) position.castling.clear(side_color, side);
}

Position start_for(Choices& choices, RecordProfile profile) {
  switch (profile) {
    case RecordProfile::chess_8x8: {
      Position position = start_from_array(chess960_array(kOrthodoxStart));
      drop_some_rights(choices, position);
      return position;
    }
    case RecordProfile::chess960: return chess960_start(choices);
    case RecordProfile::capablanca_10x8: return capablanca_start(choices);
    case RecordProfile::all: break;
  }
  return start_position(choices);
}

// Orthodox castling for the 8×8 profile: each king on the e-file, each corner rook there or not,
// with its right or without (castling_position's kings stand anywhere, and would need Chess960).
Position orthodox_castling_position(Choices& choices) {
  Position position;
  position.side_to_move = color(choices);
  scatter_pieces(choices, position, 6);
  for (const Color side_color : {Color::white, Color::black}) {
    const int rank = back_rank(side_color);
    for (int file = 0; file < position.width; ++file)  // one king on the back rank: the rights need it
      if (position.at(make_square(file, rank)).is(PieceType::king, side_color))
        position.put(make_square(file, rank), Piece());
    position.put(make_square(kOrthodoxKingFile, rank), Piece(PieceType::king, side_color));
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      const int corner = side == CastlingSide::h_side ? position.width - 1 : 0;
      const std::uint32_t rook = choices.pick(3);  // with its right, without, no rook
      if (rook == 2) continue;
      position.put(make_square(corner, rank), Piece(PieceType::rook, side_color));
      if (rook == 0) position.castling.set(side_color, side, corner);
    }
  }
  return position;
}

Position family_position(Choices& choices, RecordProfile profile, RecordFamily family) {
  switch (family) {
    case RecordFamily::arbitrary:
      return arbitrary_position_with_width(choices, width_for(choices, profile));
    case RecordFamily::castling:
      if (profile == RecordProfile::chess_8x8) return orthodox_castling_position(choices);
      return castling_position_with_width(choices, width_for(choices, profile));
    case RecordFamily::start: return start_for(choices, profile);
    case RecordFamily::en_passant: {
      Position position = en_passant_case_with_width(choices, width_for(choices, profile)).position;
      // One time in three, castling rooks and rights too: the combinations a suite of single
      // features leaves out (an en passant square beside an inner rook's letter). The back ranks
      // hold neither the en passant square nor the pushed pawn's path.
      if (choices.one_in(3))
        for (const Color side_color : {Color::white, Color::black})
          if (choices.boolean()) castling_back_rank(choices, position, side_color, false);
      return position;
    }
  }
  return Position();
}

// What the profile leaves out, taken out: archbishops and chancellors become their bishop and
// rook parts (a chancellor pinning a capturer along the rank still pins it as a rook); rights the
// profile cannot name are dropped; a prefix goes when prefixes are left out or no right is left.
void fit_to_profile(Position& position, RecordProfile profile) {
  if (!allows_compound_pieces(profile))
    for (Piece& piece : position.board) {
      if (piece.type() == PieceType::archbishop) piece = Piece(PieceType::bishop, piece.color());
      if (piece.type() == PieceType::chancellor) piece = Piece(PieceType::rook, piece.color());
    }
  if (profile == RecordProfile::chess_8x8)
    for (const Color side_color : {Color::white, Color::black})
      for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
        const int corner = side == CastlingSide::h_side ? position.width - 1 : 0;
        const auto rook = position.castling.rook_file(side_color, side);
        if (rook && (rook != corner || castling_king_file(position, side_color) != kOrthodoxKingFile))
          position.castling.clear(side_color, side);
      }
  if (!allows_castling_prefixes(profile) || !position.castling.any())
    position.castling.mode = CastlingMode::standard;
}

// A promoted archbishop or chancellor (a second one, beside a Capablanca start's) on an empty
// square of ranks 2-7, one time in four; never on the en passant square or the square the pushed
// pawn left, which must stay empty.
void add_promoted_piece(Choices& choices, Position& position) {
  if (!choices.one_in(4)) return;
  const PieceType type = choices.boolean() ? PieceType::chancellor : PieceType::archbishop;
  const Piece promoted(type, color(choices));
  const Square square =
      make_square(choices.in_range(0, position.width - 1), choices.in_range(1, kRanks - 2));
  if (!position.at(square).empty()) return;
  if (const auto target = position.en_passant;
      target && square.file == target->file && square.rank - target->rank <= 1 &&
      target->rank - square.rank <= 1)
    return;
  position.put(square, promoted);
}

// The counters over their whole range, one time in three; otherwise the family's own.
void vary_counters(Choices& choices, Position& position) {
  if (!choices.one_in(3)) return;
  position.halfmove_clock = counter(choices, 0);
  position.fullmove_number = counter(choices, 1);
}

WriteOptions spelling(Choices& choices) {
  constexpr std::array kCastling = {CastlingStyle::xfen, CastlingStyle::shredder,
                                    CastlingStyle::classic};
  constexpr std::array kEnPassant = {EnPassantStyle::xfen, EnPassantStyle::always,
                                     EnPassantStyle::legal};
  WriteOptions options;
  options.castling = kCastling[choices.weighted({4, 1, 1})];
  options.en_passant = kEnPassant[choices.weighted({4, 1, 1})];
  return options;
}

// The position without mutation: its family, fitted to the profile, with the extras.
GeneratedRecord unmutated_record(Choices& choices, RecordProfile profile) {
  GeneratedRecord record;
  record.family = static_cast<RecordFamily>(choices.pick(kRecordFamilies));
  record.position = family_position(choices, profile, record.family);
  fit_to_profile(record.position, profile);
  if (allows_compound_pieces(profile)) add_promoted_piece(choices, record.position);
  vary_counters(choices, record.position);
  record.legal = check_legality(record.position).ok();
  record.spelling = spelling(choices);
  StringResult spelled = to_string(record.position, record.spelling);
  if (!spelled && record.spelling.castling == CastlingStyle::classic) {
    record.spelling.castling = CastlingStyle::xfen;  // classic cannot name an inner rook or a prefix
    spelled = to_string(record.position, record.spelling);
  }
  record.spelled = spelled.text;
  // Written once when the spelling is X-FEN's own (generative certification makes millions).
  const bool canonical = record.spelling.castling == CastlingStyle::xfen &&
                         record.spelling.en_passant == EnPassantStyle::xfen;
  record.canonical = canonical ? record.spelled : to_string(record.position).text;
  record.text = record.spelled;
  return record;
}

}  // namespace

std::string_view record_profile_name(RecordProfile profile) noexcept {
  return kProfileNames[static_cast<std::size_t>(profile)];
}

std::optional<RecordProfile> record_profile_from_name(std::string_view name) noexcept {
  for (std::size_t i = 0; i < kProfileNames.size(); ++i)
    if (kProfileNames[i] == name) return static_cast<RecordProfile>(i);
  return std::nullopt;
}

std::span<const std::string_view> record_profile_names() noexcept { return kProfileNames; }

std::string_view record_family_name(RecordFamily family) noexcept {
  switch (family) {
    case RecordFamily::arbitrary: return "arbitrary";
    case RecordFamily::castling: return "castling";
    case RecordFamily::start: return "start";
    case RecordFamily::en_passant: return "en-passant";
  }
  return "?";
}

std::ostream& operator<<(std::ostream& os, const GeneratedRecord& record) {
  os << '\'' << record.text << "' (family " << record_family_name(record.family) << ", "
     << static_cast<int>(record.position.width) << "x8, " << (record.legal ? "legal" : "illegal")
     << ", castling " << style_name(record.spelling.castling) << ", en passant "
     << style_name(record.spelling.en_passant) << ", mutation "
     << mutation_name(record.mutation.kind);
  if (record.mutation.kind != MutationKind::none) os << " in field " << record.mutation.field;
  return os << ')';
}

GeneratedRecord generated_record(Choices& choices, RecordProfile profile) {
  GeneratedRecord record = unmutated_record(choices, profile);
  const auto another_record = [profile](Choices& more) {
    return unmutated_record(more, profile).spelled;
  };
  record.mutation = mutate(choices, record.text,
                           {.compound_pieces = allows_compound_pieces(profile)}, another_record);
  return record;
}

}  // namespace xfen::generate
