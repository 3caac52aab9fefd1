// Fuzz target `roundtrip`: the input is not a record but the choices (FuzzedDataProvider) that build
// an arbitrary valid position: 8 or 10 files, any of the eight piece kinds anywhere, sometimes a
// king on its back rank with 1-3 rooks on either side, castling rights on inner and outer rooks
// (only consistent ones: a single king on the back rank, a rook of its colour on that side), with
// prefix `s`/`m` sometimes, an en passant set-up (a pawn that just pushed two squares, with or
// without capturers beside it, on the edge files too, sometimes a capturer pinned to its king),
// and counters from 0 (fullmove 1) to 2147483647.
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang":
//   - every dialect writes it (classic refuses exactly a prefix, or a right whose rook is not the
//     outermost one), and the record reads back strictly as an equal position (operator==; with
//     `legal` en passant: the position whose square is legal_en_passant) with the same castling
//     rooks;
//   - the X-FEN record writes the en passant square exactly when a pawn of the side to move stands
//     beside the pushed pawn (R7.4), and writing what it reads gives the same bytes (R7.6);
//   - Shredder <-> X-FEN: the Shredder record, read and written as X-FEN, gives the same X-FEN
//     record as the position itself, and reads back with exactly the same castling rooks.
#include <fuzzer/FuzzedDataProvider.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "fuzz_support.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "roundtrip";

constexpr PieceType kKinds[] = {PieceType::pawn,   PieceType::knight,     PieceType::bishop,
                                PieceType::rook,   PieceType::queen,      PieceType::king,
                                PieceType::archbishop, PieceType::chancellor};

// What the builder knows about the position it made, to check the writer against.
struct Built {
  Position position;
  std::optional<Square> pushed_pawn;  // the pawn that just pushed two squares, when set up
};

Square random_square(FuzzedDataProvider& in, int width, int min_rank = 0, int max_rank = kRanks - 1) {
  const int file = in.ConsumeIntegralInRange(0, width - 1);
  return make_square(file, in.ConsumeIntegralInRange(min_rank, max_rank));
}

Piece random_piece(FuzzedDataProvider& in) {
  const PieceType type = in.PickValueInArray(kKinds);
  return Piece(type, in.ConsumeBool() ? Color::white : Color::black);
}

// A file for the en passant set-up: the edge files (a, h, j) as often as any other.
int random_file(FuzzedDataProvider& in, int width) {
  switch (in.ConsumeIntegralInRange(0, 3)) {
    case 0: return 0;
    case 1: return width - 1;
    default: return in.ConsumeIntegralInRange(0, width - 1);
  }
}

// A king of `color` on its back rank (the only one there, usually) and 0-3 rooks on each side.
void place_castling_pieces(FuzzedDataProvider& in, Position& position, Color color) {
  const int rank = back_rank(color);
  const int width = position.width;
  const int king_file = in.ConsumeIntegralInRange(0, width - 1);
  if (in.ConsumeIntegralInRange(0, 7) != 0)  // sometimes leave other kings: then no rights
    for (int file = 0; file < width; ++file)
      if (position.at(make_square(file, rank)).is(PieceType::king, color))
        position.put(make_square(file, rank), Piece());
  position.put(make_square(king_file, rank), Piece(PieceType::king, color));
  for (const int direction : {-1, +1}) {
    const int rooks = in.ConsumeIntegralInRange(0, 3);
    for (int i = 0; i < rooks; ++i) {
      const int room = direction > 0 ? width - 1 - king_file : king_file;
      if (room <= 0) break;
      const int file = king_file + direction * in.ConsumeIntegralInRange(1, room);
      position.put(make_square(file, rank), Piece(PieceType::rook, color));
    }
  }
}

// A double push by the side not to move, just played; capturers beside it; sometimes a king of
// the side to move on the pawns' rank with an enemy slider beyond (the capture may expose it), or
// on a diagonal with an enemy bishop-like piece.
void set_up_en_passant(FuzzedDataProvider& in, Built& built) {
  Position& position = built.position;
  const int width = position.width;
  const Color mover = position.side_to_move;
  const Color pusher = opposite(mover);
  const int pawn_rank = mover == Color::white ? 4 : 3;  // rank 5 / rank 4
  const int direction = mover == Color::white ? -1 : +1;  // the way the pushed pawn moved
  const int file = random_file(in, width);

  switch (in.ConsumeIntegralInRange(0, 3)) {
    case 1: {  // along the rank
      position.put(make_square(in.ConsumeIntegralInRange(0, width - 1), pawn_rank),
                   Piece(PieceType::king, mover));
      const PieceType slider =
          in.PickValueInArray({PieceType::rook, PieceType::queen, PieceType::chancellor});
      position.put(make_square(in.ConsumeIntegralInRange(0, width - 1), pawn_rank),
                   Piece(slider, pusher));
      break;
    }
    case 2: {  // along a diagonal
      position.put(random_square(in, width, 1, kRanks - 2), Piece(PieceType::king, mover));
      const PieceType slider =
          in.PickValueInArray({PieceType::bishop, PieceType::queen, PieceType::archbishop});
      position.put(random_square(in, width, 1, kRanks - 2), Piece(slider, pusher));
      break;
    }
    default: break;
  }

  const Square pushed = make_square(file, pawn_rank);
  const Square target = make_square(file, pawn_rank - direction);
  const Square origin = make_square(file, pawn_rank - 2 * direction);
  position.put(pushed, Piece(PieceType::pawn, pusher));
  position.put(target, Piece());
  position.put(origin, Piece());
  for (const int side : {-1, +1}) {
    const int beside = file + side;
    if (beside < 0 || beside >= width || !in.ConsumeBool()) continue;
    position.put(make_square(beside, pawn_rank), Piece(PieceType::pawn, mover));
  }
  position.en_passant = target;
  built.pushed_pawn = pushed;
}

// The single king of `color` on its back rank, counted here rather than asked of the library.
std::optional<int> single_back_rank_king(const Position& position, Color color) {
  std::optional<int> found;
  for (int file = 0; file < position.width; ++file)
    if (position.at(make_square(file, back_rank(color))).is(PieceType::king, color)) {
      if (found) return std::nullopt;
      found = file;
    }
  return found;
}

void grant_castling_rights(FuzzedDataProvider& in, Position& position) {
  for (const Color color : {Color::white, Color::black}) {
    const auto king = single_back_rank_king(position, color);
    if (!king) continue;
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
      std::array<int, kMaxFiles> rooks{};
      int count = 0;
      for (int file = 0; file < position.width; ++file)
        if ((side == CastlingSide::h_side ? file > *king : file < *king) &&
            position.at(make_square(file, back_rank(color))).is(PieceType::rook, color))
          rooks[static_cast<std::size_t>(count++)] = file;
      if (count == 0 || in.ConsumeIntegralInRange(0, 3) == 0) continue;
      position.castling.set(color, side,
                            rooks[static_cast<std::size_t>(in.ConsumeIntegralInRange(0, count - 1))]);
    }
  }
  position.castling.mode = in.PickValueInArray(
      {CastlingMode::standard, CastlingMode::standard, CastlingMode::symmetric, CastlingMode::modern});
}

std::uint32_t random_counter(FuzzedDataProvider& in, std::uint32_t minimum) {
  switch (in.ConsumeIntegralInRange(0, 3)) {
    case 0: return minimum;
    case 1: return Position::kMaxCounter;
    case 2: return in.ConsumeIntegralInRange<std::uint32_t>(minimum, 200);
    default: return in.ConsumeIntegralInRange<std::uint32_t>(minimum, Position::kMaxCounter);
  }
}

Built build(FuzzedDataProvider& in) {
  Built built;
  Position& position = built.position;
  position.width = in.ConsumeBool() ? 10 : 8;
  position.side_to_move = in.ConsumeBool() ? Color::black : Color::white;
  const int pieces = in.ConsumeIntegralInRange(0, 40);
  for (int i = 0; i < pieces; ++i) {
    const Square square = random_square(in, position.width);
    position.put(square, random_piece(in));
  }
  for (const Color color : {Color::white, Color::black})
    if (in.ConsumeBool()) place_castling_pieces(in, position, color);
  if (in.ConsumeBool()) set_up_en_passant(in, built);
  grant_castling_rights(in, position);
  position.halfmove_clock = random_counter(in, 0);
  position.fullmove_number = random_counter(in, 1);
  return built;
}

// Whether the rook of a right is the outermost rook of its colour on that side (R7.3).
bool is_outermost(const Position& position, Color color, CastlingSide side, int rook) {
  const int step = side == CastlingSide::h_side ? +1 : -1;
  for (int file = rook + step; file >= 0 && file < position.width; file += step)
    if (position.at(make_square(file, back_rank(color))).is(PieceType::rook, color)) return false;
  return true;
}

// What classic FEN must refuse: a prefix, then a right that needs a file letter.
Code classic_refusal(const Position& position) {
  if (!position.castling.any()) return Code::ok;
  if (position.castling.mode != CastlingMode::standard) return Code::write_castling_prefix;
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (const auto rook = position.castling.rook_file(color, side);
          rook && !is_outermost(position, color, side, *rook))
        return Code::write_needs_file_letter;
  return Code::ok;
}

// The en passant field (the fourth) of a record that strict reading accepted.
std::string_view en_passant_field(std::string_view record) {
  std::size_t start = 0;
  for (int field = 0; field < 3; ++field) start = record.find(' ', start) + 1;
  return record.substr(start, record.find(' ', start) - start);
}

struct Record {
  std::array<char, kMaxRecordSize> bytes;
  std::size_t size = 0;
  std::string_view text() const noexcept { return {bytes.data(), size}; }
};

// A readable description of the built position for reports: the record X-FEN writes for it in
// the `always` style (the square as set up).
std::string shown(const Position& position) {
  const StringResult text = to_string(position, {.castling = CastlingStyle::shredder,
                                                 .en_passant = EnPassantStyle::always});
  return text ? text.text : "(unwritable: " + fuzz::describe(text.error, "") + ")";
}

std::string rook_files_text(const CastlingRights& rights) {
  std::string out;
  for (const auto& sides : rights.rook_files)
    for (const std::int8_t file : sides) out += file == CastlingRights::kNone ? '-' : static_cast<char>('a' + file);
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const Built built = build(in);
  const Position& position = built.position;
  const std::string_view input = fuzz::as_text(data, size);

  Position legal_expected = position;
  legal_expected.en_passant = legal_en_passant(position);
  const Code refusal = classic_refusal(position);

  // The records of the nine dialects and their readings. A record that an earlier dialect wrote
  // byte for byte is not read again (reading is deterministic): its reading is reused.
  static std::array<Record, 9> records;
  static std::array<ParseResult, 9> readings;
  std::size_t count = 0;
  std::size_t canonical = 0;  // the index of the X-FEN record (castling xfen, en passant xfen)
  std::size_t shredder = 0;   // castling shredder, en passant xfen
  for (const CastlingStyle castling : fuzz::kCastlingStyles)
    for (const EnPassantStyle en_passant : fuzz::kEnPassantStyles) {
      const WriteOptions options{.castling = castling, .en_passant = en_passant};
      const auto law = [&](std::string_view text) {
        return std::string(text) + " (" + fuzz::style_name(options) + ")";
      };
      Record& record = records[count];
      const WriteResult written = write(position, record.bytes, options);
      record.size = written.size;
      const Code expected_refusal = castling == CastlingStyle::classic ? refusal : Code::ok;
      if (written.error.code != expected_refusal)
        fuzz::law_broken(kTarget, law("every dialect writes a valid position; classic refuses only a prefix or an inner rook"),
                         input, std::string("position ") + shown(position) + " -> " + std::string(code_name(expected_refusal)),
                         written ? std::string(record.text()) : fuzz::describe(written.error, ""));
      if (!written) continue;

      std::size_t index = 0;
      while (index < count && records[index].text() != record.text()) ++index;
      if (index == count) readings[count++] = parse(record.text());
      const ParseResult& reread = readings[index];
      if (!reread)
        fuzz::law_broken(kTarget, law("what the writer writes is strict X-FEN"), input,
                         std::string(record.text()), fuzz::describe(reread.error, record.text()));
      const Position& expected = en_passant == EnPassantStyle::legal ? legal_expected : position;
      if (!(reread.position == expected) ||
          reread.position.castling.rook_files != position.castling.rook_files)
        fuzz::law_broken(kTarget, law("write then read gives an equal position, with the same castling rooks"),
                         input, shown(expected), shown(reread.position));

      if (castling == CastlingStyle::xfen && en_passant == EnPassantStyle::xfen) canonical = index;
      if (castling == CastlingStyle::shredder && en_passant == EnPassantStyle::xfen) shredder = index;
    }
  const std::string_view canonical_text = records[canonical].text();
  const std::string_view shredder_text = records[shredder].text();

  // R7.4 from the builder's own knowledge: the square is written when a capturer stands beside.
  bool capturer_beside = false;
  if (built.pushed_pawn)
    for (const int side : {-1, +1}) {
      const int file = built.pushed_pawn->file + side;
      capturer_beside = capturer_beside ||
                        (file >= 0 && file < position.width &&
                         position.at(make_square(file, built.pushed_pawn->rank))
                             .is(PieceType::pawn, position.side_to_move));
    }
  const std::string_view written_square = en_passant_field(canonical_text);
  const std::array<char, 2> square_letters =
      capturer_beside ? std::array{position.en_passant->file_letter(), position.en_passant->rank_digit()}
                      : std::array{'-', '\0'};
  const std::string_view expected_square(square_letters.data(), capturer_beside ? 2 : 1);
  if (written_square != expected_square)
    fuzz::law_broken(kTarget, "X-FEN writes the en passant square exactly when a capturer stands beside the pushed pawn",
                     input, expected_square, canonical_text);

  // Writing is a fixed point (R7.6).
  Record again;
  again.size = write(readings[canonical].position, again.bytes).size;
  if (again.text() != canonical_text)
    fuzz::law_broken(kTarget, "writing what X-FEN reads gives the same bytes", input, canonical_text,
                     again.text());

  // Shredder -> X-FEN keeps exactly the same rights: the Shredder reading, written as X-FEN, is the
  // position's X-FEN record (whose reading has the position's castling rooks, checked above).
  const Position& from_shredder = readings[shredder].position;
  again.size = write(from_shredder, again.bytes).size;
  if (again.text() != canonical_text ||
      from_shredder.castling.rook_files != position.castling.rook_files ||
      (position.castling.any() && from_shredder.castling.mode != position.castling.mode))
    fuzz::law_broken(kTarget, "Shredder -> X-FEN keeps exactly the same castling rooks", input,
                     rook_files_text(position.castling) + " in " + std::string(canonical_text),
                     rook_files_text(from_shredder.castling) + " in " + std::string(shredder_text) +
                         " -> " + std::string(again.text()));
  return 0;
}
