// The generator library (testing/generate): the tape driver is deterministic per seed and replays
// what it recorded; every generator makes only positions whose records the core reads back
// strictly as equal positions (textual variants: strictly, or leniently where meant to be
// lenient); shrinking a planted failure ends at the minimal tape; and every family the
// generators are written for is reached.
#define BOOST_TEST_MODULE generate_test
#include <boost/test/unit_test.hpp>

#include <array>
#include <bitset>
#include <cstdint>
#include <functional>
#include <set>
#include <string>

#include "generate/positions.hpp"
#include "generate/tape.hpp"
#include "generate/variants.hpp"
#include "xfen/xfen.hpp"

namespace {

using namespace xfen;
namespace gen = xfen::generate;

constexpr std::uint64_t kSeeds = 4000;

std::string record_of(const Position& position) {
  const StringResult written = to_string(position, {CastlingStyle::shredder, EnPassantStyle::always});
  return written ? written.text : "<unwritable: " + std::string(code_name(written.error.code)) + ">";
}

bool has_piece(const Position& position, PieceType type) {
  for (const Piece piece : position.board)
    if (piece.type() == type) return true;
  return false;
}

int piece_count(const Position& position) {
  int count = 0;
  for (const Piece piece : position.board) count += piece.empty() ? 0 : 1;
  return count;
}

// Every dialect writes the position (classic refuses only what it cannot express) and the record
// reads back strictly, without warnings, as an equal position with the same castling rooks.
void check_reads_back(const Position& position) {
  for (const CastlingStyle castling :
       {CastlingStyle::xfen, CastlingStyle::shredder, CastlingStyle::classic})
    for (const EnPassantStyle en_passant :
         {EnPassantStyle::xfen, EnPassantStyle::always, EnPassantStyle::legal}) {
      const StringResult written = to_string(position, {castling, en_passant});
      if (castling == CastlingStyle::classic && !written &&
          (written.error.code == Code::write_castling_prefix ||
           written.error.code == Code::write_needs_file_letter))
        continue;
      BOOST_TEST_REQUIRE(written.ok(), record_of(position) << ": " << code_name(written.error.code));
      const ParseResult read = parse(written.text);
      BOOST_TEST_REQUIRE(read.ok(), written.text << ": " << code_name(read.error.code));
      BOOST_TEST(read.warnings.empty());
      Position expected = position;
      if (en_passant == EnPassantStyle::legal) expected.en_passant = legal_en_passant(position);
      BOOST_TEST((read.position == expected), written.text);
      BOOST_TEST((read.position.castling == position.castling), written.text);
    }
}

const std::array<std::pair<const char*, std::function<Position(gen::Choices&)>>, 7> kGenerators = {{
    {"arbitrary_position", gen::arbitrary_position},
    {"castling_position", gen::castling_position},
    {"start_position", gen::start_position},
    {"chess960_start", gen::chess960_start},
    {"capablanca_start", gen::capablanca_start},
    {"en_passant_case", [](gen::Choices& c) { return gen::en_passant_case(c).position; }},
    {"any_position", gen::any_position},
}};

}  // namespace

BOOST_AUTO_TEST_CASE(tape_is_deterministic_per_seed) {
  std::set<gen::Tape> distinct;
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    const auto first = gen::generate(gen::any_position, seed);
    const auto second = gen::generate(gen::any_position, seed);
    BOOST_TEST(first.tape == second.tape);
    BOOST_TEST(record_of(first.value) == record_of(second.value));
    // Replaying the recorded tape gives the same position and reads exactly that tape.
    const auto again = gen::replay(gen::any_position, first.tape);
    BOOST_TEST(again.tape == first.tape);
    BOOST_TEST(record_of(again.value) == record_of(first.value));
    distinct.insert(first.tape);
  }
  BOOST_TEST(distinct.size() > 490u);
  // An empty tape is all zeros: the simplest position of the first family.
  BOOST_TEST(record_of(gen::replay(gen::any_position, {}).value) == "8/8/8/8/8/8/8/8 w - - 0 1");
  // Values beyond a choice's bound are reduced: 9 answers a choice between 8 and 10 files as 1.
  BOOST_TEST(gen::replay(gen::arbitrary_position, {9}).value.width == 10);
  BOOST_TEST((gen::replay(gen::arbitrary_position, {9}).tape == gen::Tape{1}));
}

BOOST_AUTO_TEST_CASE(every_generated_position_reads_back_strictly) {
  for (const auto& [name, generator] : kGenerators)
    for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
      BOOST_TEST_CONTEXT(name << " seed " << seed) { check_reads_back(gen::generate(generator, seed).value); }
    }
}

BOOST_AUTO_TEST_CASE(every_variant_reads_as_its_position) {
  for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
    const gen::Variant v = gen::generate(gen::variant, seed).value;
    BOOST_TEST_CONTEXT("seed " << seed << ": " << v) {
      const bool lenient_only = v.kind == gen::VariantKind::lenient_spacing;
      const ParseResult read =
          parse(v.text, {.profile = lenient_only ? Profile::lenient : Profile::strict});
      BOOST_TEST_REQUIRE(read.ok());
      BOOST_TEST((read.position == v.position));
      BOOST_TEST(to_string(read.position).text == v.canonical);
      if (!lenient_only) BOOST_TEST(read.warnings.empty());
      if (lenient_only && v.text != v.canonical) BOOST_TEST(!parse(v.text).ok());
    }
  }
}

BOOST_AUTO_TEST_CASE(shrinking_a_planted_failure_reaches_the_minimal_tape) {
  const auto has_queen = [](const Position& p) { return has_piece(p, PieceType::queen); };
  int shrunk = 0;
  for (std::uint64_t seed = 0; shrunk < 20; ++seed) {
    const auto failing = gen::generate(gen::arbitrary_position, seed);
    if (!has_queen(failing.value)) continue;
    ++shrunk;
    const auto minimal = gen::shrink(gen::arbitrary_position, failing.tape, has_queen);
    BOOST_TEST_CONTEXT("seed " << seed << " from " << record_of(failing.value)) {
      // 8 files, White to move, one piece at (a, 1) of the fifth kind (the queen), White.
      BOOST_TEST((minimal.tape == gen::Tape{0, 0, 1, 0, 0, 4}));
      BOOST_TEST(record_of(minimal.value) == "8/8/8/8/8/8/8/Q7 w - - 0 1");
      BOOST_TEST(record_of(gen::replay(gen::arbitrary_position, minimal.tape).value) ==
                 record_of(minimal.value));
    }
  }
  // Through any_position, with the other families in the way: still one queen, a shorter tape.
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    const auto failing = gen::generate(gen::any_position, seed);
    if (!has_queen(failing.value)) continue;
    const auto minimal = gen::shrink(gen::any_position, failing.tape, has_queen);
    BOOST_TEST(has_queen(minimal.value));
    BOOST_TEST(!gen::simpler(failing.tape, minimal.tape));
  }
  // A tape whose value does not fail comes back as it is.
  const auto passing = gen::generate(gen::arbitrary_position, 7);
  const auto never = [](const Position&) { return false; };
  BOOST_TEST(gen::shrink(gen::arbitrary_position, passing.tape, never).tape == passing.tape);
}

BOOST_AUTO_TEST_CASE(every_family_is_reached) {
  // any_position's first choice selects the family; the rest of the tape is the family's own.
  const std::array<std::function<Position(gen::Choices&)>, 4> families = {
      gen::arbitrary_position, gen::castling_position, gen::start_position,
      [](gen::Choices& c) { return gen::en_passant_case(c).position; }};
  for (std::uint32_t family = 0; family < families.size(); ++family)
    for (std::uint64_t seed = 0; seed < 100; ++seed) {
      gen::Tape tape = gen::generate(families[family], seed).tape;
      const Position expected = gen::replay(families[family], tape).value;
      tape.insert(tape.begin(), family);
      BOOST_TEST(record_of(gen::replay(gen::any_position, tape).value) == record_of(expected));
    }

  std::bitset<8> kinds;  // arbitrary positions: every kind, both widths, prefixes, a double push
  bool ten_files = false, prefix_s = false, prefix_m = false, en_passant = false, max_counter = false;
  for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
    const Position p = gen::generate(gen::arbitrary_position, seed).value;
    for (std::size_t k = 0; k < gen::kPieceKinds.size(); ++k)
      if (has_piece(p, gen::kPieceKinds[k])) kinds.set(k);
    ten_files |= p.width == 10;
    prefix_s |= p.castling.mode == CastlingMode::symmetric;
    prefix_m |= p.castling.mode == CastlingMode::modern;
    en_passant |= p.en_passant.has_value();
    max_counter |= p.halfmove_clock == Position::kMaxCounter;
  }
  BOOST_TEST(kinds.all());
  BOOST_TEST(ten_files);
  BOOST_TEST(prefix_s);
  BOOST_TEST(prefix_m);
  BOOST_TEST(en_passant);
  BOOST_TEST(max_counter);

  std::set<std::string> chess960, capablanca;  // every Chess960 start, many Capablanca ones
  for (std::uint64_t seed = 0; seed < 20000; ++seed) {
    const Position p = gen::generate(gen::start_position, seed).value;
    const std::string board = to_string(p).text.substr(0, to_string(p).text.find(' '));
    (p.width == 8 ? chess960 : capablanca).insert(board);
  }
  BOOST_TEST(chess960.size() == 960u);
  BOOST_TEST(capablanca.size() > 9000u);

  // Castling back ranks: every subset of the four rights, inner and outer rooks, three rooks on
  // a side, the king on an edge file.
  std::bitset<16> subsets;
  bool inner = false, outer = false, three_rooks = false, king_on_edge = false;
  for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
    const Position p = gen::generate(gen::castling_position, seed).value;
    std::size_t subset = 0;
    for (const Color color : {Color::white, Color::black})
      for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side}) {
        subset = subset * 2 + (p.castling.rook_file(color, side) ? 1 : 0);
        const auto file = p.castling.rook_file(color, side);
        if (!file) continue;
        const bool is_outer = outermost_rook_file(p, color, side) == file;
        inner |= !is_outer;
        outer |= is_outer;
      }
    subsets.set(subset);
    int rooks = 0;
    for (int file = 0; file < p.width; ++file)
      rooks += p.at(make_square(file, 0)).is(PieceType::rook, Color::white) ? 1 : 0;
    three_rooks |= rooks >= 3;
    const auto king = castling_king_file(p, Color::white);
    king_on_edge |= king == 0 || king == p.width - 1;
  }
  BOOST_TEST(subsets.all());
  BOOST_TEST(inner);
  BOOST_TEST(outer);
  BOOST_TEST(three_rooks);
  BOOST_TEST(king_on_edge);

  // Double pushes: 0, 1 and 2 capturers, a pin, the a-, h- and j-files, the square written or not.
  // The edge files are favoured: each holds the pushed pawn about one time in four (1/6 + 2/3 of
  // 1/8 or 1/10), against 1/8 or 1/10 for a file drawn evenly.
  std::bitset<3> capturers;
  bool pinned = false, h_file = false, j_file = false, written = false, not_written = false,
       illegal_only = false;
  std::uint64_t first_file = 0, last_file = 0;
  for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
    const gen::EnPassantCase c = gen::generate(gen::en_passant_case, seed).value;
    capturers.set(static_cast<std::size_t>(c.capturers));
    pinned |= c.pinned;
    first_file += c.pushed.file == 0 ? 1 : 0;
    last_file += c.pushed.file == c.position.width - 1 ? 1 : 0;
    h_file |= c.pushed.file == 7 && c.position.width == 8;
    j_file |= c.pushed.file == 9;
    written |= xfen_en_passant(c.position).has_value();
    not_written |= !xfen_en_passant(c.position).has_value();
    illegal_only |= xfen_en_passant(c.position).has_value() && !legal_en_passant(c.position);
  }
  BOOST_TEST(capturers.all());
  BOOST_TEST(pinned);
  BOOST_TEST(first_file * 5 > kSeeds);
  BOOST_TEST(last_file * 5 > kSeeds);
  BOOST_TEST(h_file);
  BOOST_TEST(j_file);
  BOOST_TEST(written);
  BOOST_TEST(not_written);
  BOOST_TEST(illegal_only);

  // Textual variants: every kind; Shredder letters, a shuffled order, an unwritten square, tabs.
  std::bitset<gen::kVariantKinds> variant_kinds;
  bool reordered = false, square_kept = false, tab = false;
  for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
    const gen::Variant v = gen::generate(gen::variant, seed).value;
    variant_kinds.set(static_cast<std::size_t>(v.kind));
    reordered |= v.kind == gen::VariantKind::shuffled && v.text != v.canonical;
    square_kept |= v.kind == gen::VariantKind::plain_en_passant &&
                   gen::split_fields(v.text).at(3) != "-";
    tab |= v.text.find('\t') != std::string::npos;
  }
  BOOST_TEST(variant_kinds.all());
  BOOST_TEST(reordered);
  BOOST_TEST(square_kept);
  BOOST_TEST(tab);
  BOOST_TEST(piece_count(gen::replay(gen::any_position, {}).value) == 0);
}
