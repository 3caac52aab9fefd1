// Fuzz target `roundtrip`: the input is not a record but the choices that the generator library
// (testing/generate) makes to build a valid position, read with FuzzedDataProvider: any family of
// generate::any_position, so 8 or 10 files, any of the eight piece kinds anywhere, castling back
// ranks with 1-3 rooks on either side of the king and rights on inner and outer rooks, prefixes
// `s`/`m`, Chess960 and Capablanca Random Chess starts, double pushes with and without capturers
// beside the pawn (the edge files too, a capturer pinned along the rank), and counters up to
// 2147483647. This file is the only one that includes <fuzzer/FuzzedDataProvider.h>.
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
#include "generate/positions.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "roundtrip";

// The FuzzedDataProvider driver of the generator library: each choice is read from the input,
// and an exhausted input answers 0, the simplest choice.
class FuzzedChoices final : public generate::Choices {
 public:
  explicit FuzzedChoices(FuzzedDataProvider& input) noexcept : input_(input) {}

 private:
  std::uint32_t draw(std::uint32_t bound) override {
    return input_.ConsumeIntegralInRange<std::uint32_t>(0, bound - 1);
  }

  FuzzedDataProvider& input_;
};

// The pawn that just pushed two squares, beyond the en passant square the generators set.
std::optional<Square> pushed_pawn(const Position& position) {
  if (!position.en_passant) return std::nullopt;
  const int beyond = position.side_to_move == Color::white ? -1 : +1;
  return make_square(position.en_passant->file, position.en_passant->rank + beyond);
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
  FuzzedChoices choices(in);
  const Position position = generate::any_position(choices);
  const std::optional<Square> pushed = pushed_pawn(position);
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
  if (pushed)
    for (const int side : {-1, +1}) {
      const int file = pushed->file + side;
      capturer_beside = capturer_beside ||
                        (file >= 0 && file < position.width &&
                         position.at(make_square(file, pushed->rank))
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
