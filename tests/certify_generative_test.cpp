// Generative certification's pieces together, on programs written as C++ functions with one
// combination bug each (certify_fake_programs.hpp): a disagreement found on a long random record
// shrinks to a record of at most 64 bytes that disagrees with the same key, two bugs give two
// kinds of key, a program without bugs gives none, and the groups shrink each key once.
#define BOOST_TEST_MODULE certify_generative
#include <boost/test/unit_test.hpp>

#include <optional>
#include <set>
#include <string>

#include "certify/generative/disagreement_groups.hpp"
#include "certify/generative/disagreement_key.hpp"
#include "certify/generative/record_minimiser.hpp"
#include "certify_fake_programs.hpp"
#include "generate/positions.hpp"
#include "generate/tape.hpp"
#include "xfen/write.hpp"

namespace {

namespace certify = xfen::certify;
namespace generate = xfen::generate;
using certify::DifferingField;
using certify::DisagreementKey;
using certify::Verdict;

// Random records as --generate will send them: positions of every family written canonically,
// their halfmove clock sometimes raised, a castling letter sometimes slipped in.
std::string random_record(generate::Choices& choices) {
  xfen::Position position = generate::any_position(choices);
  if (choices.boolean()) position.halfmove_clock = choices.in_range(0u, 200u);
  std::string record = xfen::to_string(position).text;
  if (choices.one_in(3)) {
    static constexpr std::string_view kLetters = "ABCDEFGHIJabcdefghijKQkq";
    const std::size_t start = fake::field_start(record, 2);
    const std::size_t length = fake::field(record, 2).size();
    const char letter = kLetters[choices.pick(static_cast<std::uint32_t>(kLetters.size()))];
    if (record[start] == '-') record[start] = letter;
    else record.insert(start + 1 + choices.pick(static_cast<std::uint32_t>(length)), 1, letter);
  }
  return record;
}

struct Found {
  std::uint64_t seed = 0;
  generate::Tape tape;
  std::string record;
  DisagreementKey key;
};

// The first record over 64 bytes, by seed, that `program` disagrees with xfen on.
std::optional<Found> first_long_disagreement(const fake::Program& program) {
  for (std::uint64_t seed = 1; seed <= 100'000; ++seed) {
    generate::Generated<std::string> made = generate::generate(random_record, seed);
    if (made.value.size() <= 64) continue;
    if (const auto key = certify::disagreement(made.value, program(made.value)))
      return Found{seed, std::move(made.tape), std::move(made.value), *key};
  }
  return std::nullopt;
}

// Whether `program` still disagrees on `candidate` exactly as `key` says.
certify::StillDisagrees same_way(const fake::Program& program, const DisagreementKey& key) {
  return [program, key](std::string_view candidate) {
    const auto found = certify::disagreement(candidate, program(candidate));
    return found && *found == key;
  };
}

// Shrinks the first long disagreement of `program` and checks what the minimiser promises.
DisagreementKey shrinks_to_a_short_record(const fake::Program& program, const char* name) {
  const std::optional<Found> found = first_long_disagreement(program);
  BOOST_TEST_REQUIRE(found.has_value(), name << ": no disagreement found");
  std::set<std::string> asked;
  bool asked_twice = false;
  const certify::StillDisagrees still = same_way(program, found->key);
  const certify::Minimised minimal = certify::minimise_record(found->record, [&](std::string_view candidate) {
    asked_twice |= !asked.emplace(candidate).second;
    return still(candidate);
  });
  BOOST_TEST_MESSAGE(name << " (" << found->key << "), seed " << found->seed << ": " << found->record.size()
                          << " bytes '" << found->record << "' -> " << minimal.record.size() << " bytes '"
                          << minimal.record << "' in " << minimal.calls << " calls (" << minimal.cache_hits
                          << " cached), " << static_cast<double>(minimal.elapsed.count()) / 1000.0 << " ms");
  BOOST_TEST(minimal.record.size() <= 64u, name << ": " << minimal.record);
  BOOST_TEST(!minimal.call_bound_reached, name);
  BOOST_TEST(!asked_twice, name);
  BOOST_TEST(certify::disagreement(minimal.record, program(minimal.record)) == std::optional(found->key), name);
  // 1-minimal: without any one of its bytes, the program no longer fails that way.
  for (std::size_t i = 0; i < minimal.record.size(); ++i) {
    std::string shorter = minimal.record;
    shorter.erase(i, 1);
    BOOST_TEST(!still(shorter), name << ": '" << shorter << "' still disagrees");
  }
  return found->key;
}

}  // namespace

BOOST_TEST_DONT_PRINT_LOG_VALUE(xfen::certify::Verdict)
BOOST_TEST_DONT_PRINT_LOG_VALUE(std::optional<xfen::certify::DisagreementKey>)

BOOST_AUTO_TEST_CASE(a_letter_after_an_inner_rook_shrinks_to_a_short_record) {
  const DisagreementKey key = shrinks_to_a_short_record(fake::accepts_letters_after_inner_rook, "letters after an inner rook");
  BOOST_TEST(key == (DisagreementKey{Verdict::accepted_invalid, DifferingField::none, "castling.no-rook", 0}));
}

BOOST_AUTO_TEST_CASE(an_en_passant_square_dropped_after_clock_9_shrinks_to_a_short_record) {
  const DisagreementKey key = shrinks_to_a_short_record(fake::drops_en_passant_after_clock_9, "en passant dropped");
  // wrong-position where a capture is legal; non-canonical where it is not (then leaving the
  // square out is the spelling "only when a capture is legal"): the en passant field either way.
  BOOST_TEST((key.verdict == Verdict::wrong_position || key.verdict == Verdict::non_canonical));
  BOOST_TEST(key.field == DifferingField::en_passant);
}

BOOST_AUTO_TEST_CASE(a_crash_on_a_third_castling_right_shrinks_to_a_short_record) {
  const DisagreementKey key = shrinks_to_a_short_record(fake::crashes_on_third_castling_right, "third right");
  BOOST_TEST(key.verdict == Verdict::crash);
  BOOST_TEST(key.rule.empty());  // a crash on a record xfen reads, never shrunk into garbage
}

BOOST_AUTO_TEST_CASE(two_bugs_give_two_keys) {
  const std::optional<Found> en_passant = first_long_disagreement(fake::drops_en_passant_after_clock_9);
  const std::optional<Found> crash = first_long_disagreement(fake::crashes_on_third_castling_right);
  BOOST_TEST_REQUIRE((en_passant && crash));
  BOOST_TEST(!(en_passant->key == crash->key));
  BOOST_TEST(std::hash<DisagreementKey>{}(en_passant->key) != std::hash<DisagreementKey>{}(crash->key));
}

BOOST_AUTO_TEST_CASE(a_program_without_bugs_gives_no_disagreement) {
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    const std::string record = generate::generate(random_record, seed).value;
    BOOST_TEST(!certify::disagreement(record, fake::xfen_answer(record)).has_value(), record);
  }
}

BOOST_AUTO_TEST_CASE(two_bugs_give_two_groups_each_shrunk_once) {
  certify::DisagreementGroups groups;
  std::size_t shrinks = 0;
  std::uint64_t disagreements = 0;
  for (std::uint64_t seed = 1; seed <= 3000; ++seed) {
    generate::Generated<std::string> made = generate::generate(random_record, seed);
    const auto key = certify::disagreement(made.value, fake::two_bugs(made.value));
    if (!key) continue;
    ++disagreements;
    // Only the two kinds of failure planted: a dropped en passant square, a crash.
    BOOST_TEST((key->verdict == Verdict::crash || key->field == DifferingField::en_passant), *key);
    groups.add(*key, {seed, made.tape, made.value}, [&] {
      ++shrinks;
      return certify::minimise_record(made.value, same_way(fake::two_bugs, *key));
    });
  }
  std::set<std::string> bugs;
  std::uint64_t counted = 0;
  for (const certify::DisagreementGroup& group : groups.groups()) {
    bugs.insert(group.key.verdict == Verdict::crash ? "third right" : "en passant dropped");
    counted += group.records;
    BOOST_TEST(group.minimal.record.size() <= 64u, group.minimal.record);
    BOOST_TEST(certify::disagreement(group.minimal.record, fake::two_bugs(group.minimal.record)) == std::optional(group.key));
    // The group replays: its seed gives back the record it was shrunk from.
    BOOST_TEST(generate::generate(random_record, group.origin.seed).value == group.origin.record);
    BOOST_TEST_MESSAGE(group.key << ": " << group.records << " records, minimal '" << group.minimal.record << "' ("
                                 << group.minimal.calls << " calls, " << static_cast<double>(group.minimal.elapsed.count()) / 1000.0 << " ms)");
  }
  // Each bug has groups of its own (a crash on 8x8 and on 10x8 records are two; a square dropped
  // where a capture is legal and where it is not, too).
  BOOST_TEST(bugs.size() == 2u);
  BOOST_TEST(shrinks == groups.groups().size());  // a key already grouped is counted, not shrunk
  BOOST_TEST(groups.records() == disagreements);
  BOOST_TEST(counted == disagreements);
  BOOST_TEST(disagreements > groups.groups().size());
}
