// The record generator of generative certification (testing/generate/records.hpp): a record is
// replayed from its tape; over a few thousand seeds every feature of the notation, every spelling
// and every mutation appears; each profile keeps to its boards and features; all-zero choices give
// the simplest record; the tape shrinker ends with a short record; and how many records a second
// it makes (printed).
#define BOOST_TEST_MODULE generate_records_test
#include <boost/test/unit_test.hpp>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "generate/records.hpp"
#include "generate/tape.hpp"
#include "generate/variants.hpp"
#include "xfen/xfen.hpp"

namespace {

using namespace xfen;
namespace gen = xfen::generate;

constexpr std::uint64_t kSeeds = 4000;
constexpr std::array kProfiles = {gen::RecordProfile::all, gen::RecordProfile::chess_8x8,
                                  gen::RecordProfile::chess960, gen::RecordProfile::capablanca_10x8};

std::vector<std::string> fields_of(const std::string& text) { return gen::split_fields(text); }

int count_of(const Position& position, PieceType type, Color color) {
  int count = 0;
  for (const Piece piece : position.board) count += piece.is(type, color) ? 1 : 0;
  return count;
}

bool has_compound_piece(const Position& position) {
  for (const Color color : {Color::white, Color::black})
    if (count_of(position, PieceType::archbishop, color) + count_of(position, PieceType::chancellor, color) > 0)
      return true;
  return false;
}

bool has_file_letter(const std::string& field) {
  for (const char c : field)
    if ((c >= 'A' && c <= 'J') || (c >= 'a' && c <= 'j')) return true;
  return false;
}

int rights_count(const Position& position) {
  int rights = 0;
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      rights += position.castling.rook_file(color, side) ? 1 : 0;
  return rights;
}

// The features a record can show, counted over many seeds: each must appear.
std::map<std::string, int> features_of(const gen::GeneratedRecord& record) {
  std::map<std::string, int> seen;
  const Position& p = record.position;
  seen["family " + std::string(gen::record_family_name(record.family))] = 1;
  seen[std::to_string(p.width) + "x8"] = 1;
  seen[record.legal ? "legal position" : "illegal position"] = 1;
  if (has_file_letter(fields_of(record.canonical).at(2))) seen["inner-rook letter"] = 1;
  if (rights_count(p) == 1) seen["one right"] = 1;
  if (rights_count(p) == 4) seen["four rights"] = 1;
  if (p.castling.mode == CastlingMode::symmetric) seen["s prefix"] = 1;
  if (p.castling.mode == CastlingMode::modern) seen["m prefix"] = 1;
  if (xfen_en_passant(p)) seen["en passant with capturer"] = 1;
  if (p.en_passant && !xfen_en_passant(p)) seen["en passant without capturer"] = 1;
  if (xfen_en_passant(p) && !legal_en_passant(p)) seen["pinned capturer"] = 1;
  if (has_compound_piece(p)) seen["A/C piece"] = 1;
  for (const Color color : {Color::white, Color::black})
    if (count_of(p, PieceType::archbishop, color) > 1 || count_of(p, PieceType::chancellor, color) > 1)
      seen["second A or C of one colour"] = 1;
  for (const std::uint32_t counter : {p.halfmove_clock, p.fullmove_number}) {
    if (counter == 0) seen["counter 0"] = 1;
    if (counter > 1 && counter < 120) seen["counter small"] = 1;
    if (counter >= 120 && counter < Position::kMaxCounter) seen["counter large"] = 1;
    if (counter == Position::kMaxCounter) seen["counter 2^31-1"] = 1;
  }
  const bool respelled = record.spelled != record.canonical;
  if (respelled && record.spelling.castling == CastlingStyle::shredder) seen["spelling shredder"] = 1;
  if (record.spelling.castling == CastlingStyle::classic && p.castling.any())
    seen["spelling classic"] = 1;
  if (respelled && record.spelling.en_passant == EnPassantStyle::always)
    seen["spelling en passant always"] = 1;
  if (respelled && record.spelling.en_passant == EnPassantStyle::legal)
    seen["spelling en passant legal"] = 1;
  if (record.mutation.kind != gen::MutationKind::none) {
    seen["mutation " + std::string(gen::mutation_name(record.mutation.kind))] = 1;
    seen["mutated field " + std::to_string(record.mutation.field)] = 1;
  }
  return seen;
}

const std::vector<std::string> kEveryFeature = {
    "family arbitrary", "family castling", "family start", "family en-passant", "8x8", "10x8",
    "legal position", "illegal position", "inner-rook letter", "one right", "four rights",
    "s prefix", "m prefix", "en passant with capturer", "en passant without capturer",
    "pinned capturer", "A/C piece", "second A or C of one colour", "counter 0", "counter small",
    "counter large", "counter 2^31-1", "spelling shredder", "spelling classic",
    "spelling en passant always", "spelling en passant legal", "mutation byte-changed",
    "mutation byte-inserted", "mutation byte-deleted", "mutation token-changed",
    "mutation field-replaced", "mutated field 0", "mutated field 1", "mutated field 2",
    "mutated field 3", "mutated field 4", "mutated field 5"};

// The spelled record reads back strictly, without warnings, as the position (its en passant
// square as the spelling keeps it), and canonically as `canonical`.
void check_spelled_reads_back(const gen::GeneratedRecord& record) {
  const ParseResult read = parse(record.spelled);
  BOOST_TEST_REQUIRE(read.ok(), code_name(read.error.code));
  BOOST_TEST(read.warnings.empty());
  Position expected = record.position;
  if (record.spelling.en_passant == EnPassantStyle::legal)
    expected.en_passant = legal_en_passant(record.position);
  BOOST_TEST((read.position == expected));
  BOOST_TEST((read.position.castling == record.position.castling));
  if (record.spelling.en_passant != EnPassantStyle::legal)
    BOOST_TEST(to_string(read.position).text == record.canonical);
  BOOST_TEST(record.legal == check_legality(record.position).ok());
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_recorded_tape_replays_the_same_record) {
  std::set<std::string> distinct;
  for (const gen::RecordProfile profile : kProfiles)
    for (std::uint64_t seed = 0; seed < 500; ++seed) {
      const auto generator = gen::records_for(profile);
      const auto first = gen::generate(generator, seed);
      const auto second = gen::generate(generator, seed);
      BOOST_TEST_CONTEXT(gen::record_profile_name(profile) << " seed " << seed << ": " << first.value) {
        BOOST_TEST(first.tape == second.tape);
        BOOST_TEST(first.value.text == second.value.text);
        const auto again = gen::replay(generator, first.tape);
        BOOST_TEST(again.tape == first.tape);
        BOOST_TEST(again.value.text == first.value.text);
        BOOST_TEST(again.value.spelled == first.value.spelled);
        distinct.insert(first.value.text);
      }
    }
  BOOST_TEST(distinct.size() > 1600u);  // the simplest records repeat across profiles
}

BOOST_AUTO_TEST_CASE(every_feature_spelling_and_mutation_appears) {
  std::map<std::string, int> counts;
  for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
    const gen::GeneratedRecord record = gen::generate(gen::records_for(gen::RecordProfile::all), seed).value;
    BOOST_TEST_CONTEXT("seed " << seed << ": " << record) {
      check_spelled_reads_back(record);
      BOOST_TEST((record.mutation.kind == gen::MutationKind::none) == (record.text == record.spelled));
    }
    for (const auto& [feature, seen] : features_of(record)) counts[feature] += seen;
  }
  std::cout << "features in " << kSeeds << " records of profile all:";
  for (const auto& [feature, count] : counts) std::cout << ' ' << feature << '=' << count;
  std::cout << '\n';
  for (const std::string& feature : kEveryFeature) BOOST_TEST(counts[feature] > 0, feature);
}

BOOST_AUTO_TEST_CASE(each_profile_keeps_to_its_boards_and_features) {
  for (const gen::RecordProfile profile : kProfiles) {
    const bool eight = profile == gen::RecordProfile::chess_8x8 || profile == gen::RecordProfile::chess960;
    const bool ten = profile == gen::RecordProfile::capablanca_10x8;
    std::map<std::string, int> counts;
    for (std::uint64_t seed = 0; seed < kSeeds; ++seed) {
      const gen::GeneratedRecord record = gen::generate(gen::records_for(profile), seed).value;
      BOOST_TEST_CONTEXT(gen::record_profile_name(profile) << " seed " << seed << ": " << record) {
        check_spelled_reads_back(record);
        const Position& p = record.position;
        if (eight) {
          BOOST_TEST(p.width == 8);
          BOOST_TEST(!has_compound_piece(p));
          BOOST_TEST((p.castling.mode == CastlingMode::standard));
          const std::string board = record.text.substr(0, record.text.find(' '));
          BOOST_TEST(board.find_first_of("AaCc") == std::string::npos);
        }
        if (ten) BOOST_TEST(p.width == 10);
        if (eight || ten)
          if (const ParseResult read = parse(record.text); read.ok()) BOOST_TEST(read.position.width == p.width);
        if (profile == gen::RecordProfile::chess_8x8)  // only KQkq, the king on e, the rooks in the corners
          for (const Color color : {Color::white, Color::black})
            for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
              if (const auto rook = p.castling.rook_file(color, side)) {
                BOOST_TEST(*rook == (side == CastlingSide::h_side ? 7 : 0));
                BOOST_TEST((castling_king_file(p, color) == 4));
              }
      }
      for (const auto& [feature, seen] : features_of(record)) counts[feature] += seen;
    }
    BOOST_TEST_CONTEXT(gen::record_profile_name(profile)) {
      BOOST_TEST(counts["four rights"] > 0);
      BOOST_TEST(counts["en passant with capturer"] > 0);
      BOOST_TEST(counts["pinned capturer"] > 0);
      BOOST_TEST(counts["legal position"] > 0);
      if (profile == gen::RecordProfile::chess_8x8) BOOST_TEST(counts["inner-rook letter"] == 0);
      if (profile != gen::RecordProfile::chess_8x8) BOOST_TEST(counts["inner-rook letter"] > 0);
      if (ten) {
        BOOST_TEST(counts["A/C piece"] > 0);
        BOOST_TEST(counts["second A or C of one colour"] > 0);
        BOOST_TEST(counts["s prefix"] > 0);
        BOOST_TEST(counts["m prefix"] > 0);
      }
    }
  }
  // The orthodox start with its four rights is the 8×8 profile's start.
  std::set<std::string> starts;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    const auto record = gen::generate(gen::records_for(gen::RecordProfile::chess_8x8), seed).value;
    if (record.family != gen::RecordFamily::start) continue;
    std::vector<std::string> board_side_castling = fields_of(record.canonical);
    board_side_castling.resize(3);
    starts.insert(gen::join_fields(board_side_castling));
  }
  BOOST_TEST(starts.count("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq") == 1u);
}

BOOST_AUTO_TEST_CASE(all_zero_choices_give_the_simplest_canonical_record) {
  for (const gen::RecordProfile profile : kProfiles) {
    const gen::GeneratedRecord record = gen::replay(gen::records_for(profile), {}).value;
    BOOST_TEST_CONTEXT(gen::record_profile_name(profile) << ": " << record) {
      BOOST_TEST(record.text == (profile == gen::RecordProfile::capablanca_10x8
                                     ? "10/10/10/10/10/10/10/10 w - - 0 1"
                                     : "8/8/8/8/8/8/8/8 w - - 0 1"));
      BOOST_TEST(record.text == record.canonical);
      BOOST_TEST((record.family == gen::RecordFamily::arbitrary));
      BOOST_TEST((record.mutation.kind == gen::MutationKind::none));
      BOOST_TEST((record.spelling.castling == CastlingStyle::xfen));
      BOOST_TEST((record.spelling.en_passant == EnPassantStyle::xfen));
    }
  }
  BOOST_TEST((gen::record_profile_from_name("chess960") == gen::RecordProfile::chess960));
  BOOST_TEST(!gen::record_profile_from_name("960"));
  for (const std::string_view name : gen::record_profile_names())
    BOOST_TEST(gen::record_profile_name(*gen::record_profile_from_name(name)) == name);
}

BOOST_AUTO_TEST_CASE(shrinking_ends_with_a_short_record) {
  // A planted disagreement: "the record has an en passant square and a castling file letter".
  const auto en_passant_and_file_letter = [](const gen::GeneratedRecord& record) {
    const std::vector<std::string> fields = fields_of(record.text);
    if (fields.size() < 4) return false;
    const std::string& square = fields[3];
    return square.size() == 2 && square[0] >= 'a' && square[0] <= 'j' && square[1] >= '1' &&
           square[1] <= '8' && has_file_letter(fields[2]);
  };
  const auto generator = gen::records_for(gen::RecordProfile::all);
  int shrunk = 0;
  for (std::uint64_t seed = 0; seed < 100000 && shrunk < 5; ++seed) {
    const auto failing = gen::generate(generator, seed);
    if (!en_passant_and_file_letter(failing.value)) continue;
    ++shrunk;
    const auto minimal = gen::shrink(generator, failing.tape, en_passant_and_file_letter);
    std::cout << "seed " << seed << ": " << failing.value.text << " (" << failing.tape.size()
              << " choices) shrinks to " << minimal.value << " (" << minimal.tape.size()
              << " choices)\n";
    BOOST_TEST_CONTEXT("seed " << seed << " shrunk to " << minimal.value) {
      BOOST_TEST(en_passant_and_file_letter(minimal.value));
      BOOST_TEST(minimal.value.text.size() <= 48u);
      BOOST_TEST(minimal.value.position.width == 8);  // the simpler width: the predicate needs no j-file
      BOOST_TEST(!gen::simpler(failing.tape, minimal.tape));
      BOOST_TEST(gen::replay(generator, minimal.tape).value.text == minimal.value.text);
    }
  }
  BOOST_TEST(shrunk == 5);
}

BOOST_AUTO_TEST_CASE(records_per_second) {
  // The rate the tape driver generates records at (recording each tape, as certification does).
  constexpr std::uint64_t kRecords = 20000;
  std::size_t bytes = 0;
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t seed = 0; seed < kRecords; ++seed)
    bytes += gen::generate(gen::records_for(gen::RecordProfile::all), seed).value.text.size();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::cout << "generated " << kRecords << " records (" << bytes << " bytes) in " << took.count()
            << " s: " << static_cast<std::uint64_t>(static_cast<double>(kRecords) / took.count())
            << " records/s\n";
  BOOST_TEST(bytes > kRecords * 20);
}
