// Exhaustive castling test, in the manner of RE2's exhaustive tester: every castling field up to
// a bound, against every back rank up to a bound, read by the core (xfen::parse, strict) and by
// the independent model of fuzz/simple_model.cpp (written from SPEC alone, sharing no code with
// src/). They must agree on acceptance; when both reject, on the code, the field and the byte
// offset; when both accept, on the canonical record (R4, R7.2, R7.3).
//
// Boards: 8 and 10 files; ranks 2-7 empty; each back rank one king of its colour and 0-3 rooks of
// its colour anywhere else (8 files: 8 × 64 = 512 ranks, 10 files: 10 × 130 = 1300), or no king
// and 0-3 rooks (93 and 176 ranks, for castling.no-king): 605 and 1476 arrangements.
//
// Part 1, exhaustive: fields of one colour's tokens, for each colour and each arrangement of its
// back rank (the other back rank holds the same arrangement in the other colour). Tokens: K, Q
// and the file letters A-J (I and J are off the board on 8 files), in that colour's case; every
// sequence of 1 to 3 tokens, and `-`. Three tokens bound it: a colour has at most two rights, so
// in a longer field of one colour the first error comes at the third token at the latest, and
// the tokens after it are never read. The prefix (none, `s`, `m`) turns with the arrangement and
// the sequence (every sequence gets each prefix on a third of the arrangements), and `s` and `m`
// alone (castling.empty-prefix) are read on every arrangement:
//   8 files: 605 arrangements × (1884 sequences + 3) × 2 colours   =  2,283,270 records
//   10 files: 1476 arrangements × (1884 + 3) × 2 colours          =  5,570,424 records
// Part 2, a deterministic sample of mixed fields (seeded generate::RandomChoices): both back
// ranks drawn independently, a prefix or none, 1 to 5 tokens of both colours (five bounds it:
// four rights at most, so the first error comes at the fifth token at the latest) from K Q k q,
// every file letter A-J a-j, and the bytes - s m Z z 1 that are no token there:
//   1,000,000 records for each width.
// 9,853,694 records in all: 18 s of CPU in a Release build (g++ -O3) on this machine class (Xeon
// 2.6 GHz; 27 s wall while other builds shared its 2 cores), most of it in the model, which is
// slow on purpose. Builds about ten times slower (the asan and coverage presets) set
// XFEN_EXHAUSTIVE_STRIDE to 10: every tenth record is read.
#define BOOST_TEST_MODULE exhaustive_castling_test
#include <boost/test/unit_test.hpp>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "generate/random_choices.hpp"
#include "simple_model.hpp"
#include "xfen/xfen.hpp"

namespace {

// White's back rank as letters, '.' for an empty square: K, R or '.'.
using Arrangement = std::string;

// One king and 0-3 rooks, or no king and 0-3 rooks, on `width` files.
std::vector<Arrangement> arrangements(int width) {
  std::vector<Arrangement> all;
  for (int king = -1; king < width; ++king)
    for (unsigned rooks = 0; rooks < (1u << width); ++rooks) {
      if (std::popcount(rooks) > 3 || (king >= 0 && (rooks >> king & 1u) != 0)) continue;
      Arrangement rank(static_cast<std::size_t>(width), '.');
      if (king >= 0) rank[static_cast<std::size_t>(king)] = 'K';
      for (int file = 0; file < width; ++file)
        if ((rooks >> file & 1u) != 0) rank[static_cast<std::size_t>(file)] = 'R';
      all.push_back(rank);
    }
  return all;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// A back rank as record text: runs of empty squares as counts; Black's in lower case.
std::string rank_text(const Arrangement& arrangement, bool black) {
  std::string out;
  int empty = 0;
  for (const char square : arrangement) {
    if (square == '.') {
      ++empty;
      continue;
    }
    if (empty > 0) out += std::to_string(empty);
    empty = 0;
    out += black ? lower(square) : square;
  }
  if (empty > 0) out += std::to_string(empty);
  return out;
}

// The record up to the castling field, and its fixed end.
std::string board_prefix(const Arrangement& white, const Arrangement& black) {
  const std::string empty_rank = std::to_string(white.size());
  std::string out = rank_text(black, true);
  for (int rank = 0; rank < 6; ++rank) out += '/' + empty_rank;
  return out + '/' + rank_text(white, false) + " w ";
}
constexpr std::string_view kRecordEnd = " - 0 1";

#ifndef XFEN_EXHAUSTIVE_STRIDE
#define XFEN_EXHAUSTIVE_STRIDE 1
#endif
constexpr std::size_t kStride = XFEN_EXHAUSTIVE_STRIDE;

// Reads `record` both ways (every kStride-th record) and counts (and shows the first few)
// disagreements.
class Comparison {
 public:
  void check(const std::string& record) {
    if (records_++ % kStride != 0) return;
    const simple_model::Verdict model = simple_model::read_strict(record);
    const xfen::ParseResult core = xfen::parse(record);
    std::string core_verdict;
    if (core.ok()) {
      const xfen::StringResult written = xfen::to_string(core.position);
      if (model.accepted && written.ok() && written.text == model.canonical) return;
      core_verdict = "accept " + written.text;
    } else {
      const std::string_view code = xfen::code_name(core.error.code);
      if (!model.accepted && code == model.code && core.error.offset == model.offset &&
          xfen::field_name(xfen::code_field(core.error.code)) == model.field)
        return;
      core_verdict = "reject " + std::string(xfen::field_name(xfen::code_field(core.error.code))) +
                     " " + std::string(code) + "@" + std::to_string(core.error.offset);
    }
    if (++mismatches_ <= 20)
      BOOST_ERROR("\"" << record << "\": core " << core_verdict << ", model "
                       << simple_model::describe(model));
  }
  std::size_t records() const { return records_; }
  std::size_t mismatches() const { return mismatches_; }

 private:
  std::size_t records_ = 0;
  std::size_t mismatches_ = 0;
};

// Part 1 for one width: each colour's tokens, each arrangement, each sequence of 1-3 tokens.
void single_colour_fields(int width, Comparison& comparison) {
  std::vector<char> alphabet = {'K', 'Q'};
  for (char file = 'A'; file <= 'J'; ++file) alphabet.push_back(file);
  std::vector<std::string> sequences;
  for (const char a : alphabet) {
    sequences.emplace_back(1, a);
    for (const char b : alphabet) {
      sequences.push_back(std::string{a, b});
      for (const char c : alphabet) sequences.push_back(std::string{a, b, c});
    }
  }
  constexpr std::array<std::string_view, 3> kPrefixes = {"", "s", "m"};
  const std::vector<Arrangement> ranks = arrangements(width);
  std::string record;
  for (const bool black : {false, true})
    for (std::size_t r = 0; r < ranks.size(); ++r) {
      const std::string start = board_prefix(ranks[r], ranks[r]);
      for (const std::string_view alone : {"-", "s", "m"})
        comparison.check(start + std::string(alone) + std::string(kRecordEnd));
      for (std::size_t s = 0; s < sequences.size(); ++s) {
        record = start;
        record += kPrefixes[(r + s) % kPrefixes.size()];
        for (const char token : sequences[s]) record += black ? lower(token) : token;
        record += kRecordEnd;
        comparison.check(record);
      }
    }
}

// Part 2 for one width: `count` mixed fields on independently drawn back ranks.
void mixed_fields(int width, std::size_t count, Comparison& comparison) {
  std::string alphabet = "KQkq-smZz1";
  for (char file = 'A'; file <= 'J'; ++file) alphabet += {file, lower(file)};
  const std::vector<Arrangement> ranks = arrangements(width);
  xfen::generate::RandomChoices choices(static_cast<std::uint64_t>(width) * 20030101u);
  std::string record;
  for (std::size_t i = 0; i < count; ++i) {
    const Arrangement& white = choices.element(ranks);
    const Arrangement& black = choices.element(ranks);
    record = board_prefix(white, black);
    switch (choices.pick(4)) {
      case 1: record += 's'; break;
      case 2: record += 'm'; break;
      default: break;
    }
    const int tokens = choices.in_range(1, 5);
    for (int t = 0; t < tokens; ++t)
      record += alphabet[choices.pick(static_cast<std::uint32_t>(alphabet.size()))];
    record += kRecordEnd;
    comparison.check(record);
  }
}

constexpr std::size_t kMixedPerWidth = 1'000'000;

}  // namespace

BOOST_AUTO_TEST_CASE(arrangement_counts) {
  BOOST_TEST(arrangements(8).size() == 605u);
  BOOST_TEST(arrangements(10).size() == 1476u);
}

BOOST_AUTO_TEST_CASE(single_colour_fields_8_files) {
  Comparison comparison;
  single_colour_fields(8, comparison);
  BOOST_TEST(comparison.records() == 2'283'270u);
  BOOST_TEST(comparison.mismatches() == 0u);
}

BOOST_AUTO_TEST_CASE(single_colour_fields_10_files) {
  Comparison comparison;
  single_colour_fields(10, comparison);
  BOOST_TEST(comparison.records() == 5'570'424u);
  BOOST_TEST(comparison.mismatches() == 0u);
}

BOOST_AUTO_TEST_CASE(mixed_fields_sample) {
  Comparison comparison;
  mixed_fields(8, kMixedPerWidth, comparison);
  mixed_fields(10, kMixedPerWidth, comparison);
  BOOST_TEST(comparison.records() == 2 * kMixedPerWidth);
  BOOST_TEST(comparison.mismatches() == 0u);
}
