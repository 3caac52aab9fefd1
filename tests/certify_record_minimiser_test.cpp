// The text minimiser on predicates over bytes (the fake programs are certify_generative_test's):
// delta debugging finds 1-minimal records, pieces come off a board without breaking its ranks,
// no candidate is tried twice, and the call bound holds.
#define BOOST_TEST_MODULE certify_record_minimiser
#include <boost/test/unit_test.hpp>

#include <set>
#include <string>
#include <vector>

#include "certify/generative/board_pieces.hpp"
#include "certify/generative/delta_debugging.hpp"
#include "certify/generative/record_minimiser.hpp"

namespace {

namespace certify = xfen::certify;

constexpr const char* kLong = "r1bqk2r/pp1n1ppp/2pbpn2/3p4/2PP4/2NBPN2/PP3PPP/R1BQK2R w KQkq - 4 12";

// A predicate that records each candidate it is asked about.
struct Recorded {
  std::vector<std::string> asked;
  bool (*rule)(std::string_view);
  bool operator()(std::string_view candidate) {
    asked.emplace_back(candidate);
    return rule(candidate);
  }
};

bool holds_queen_and_twelve(std::string_view s) {
  return s.find('Q') != std::string_view::npos && s.find("12") != std::string_view::npos;
}

}  // namespace

BOOST_AUTO_TEST_CASE(ddmin_finds_the_units_that_matter) {
  // Units 3 and 11 of 16 together are what fails.
  const auto kept = certify::ddmin(16, [](const certify::KeptUnits& units) {
    bool three = false, eleven = false;
    for (const std::size_t u : units) three |= u == 3, eleven |= u == 11;
    return three && eleven;
  });
  BOOST_TEST(kept == (certify::KeptUnits{3, 11}), boost::test_tools::per_element());
  // A single unit is tried against none at all.
  BOOST_TEST(certify::ddmin(5, [](const certify::KeptUnits&) { return true; }).empty());
}

BOOST_AUTO_TEST_CASE(pieces_come_off_a_board_keeping_its_ranks) {
  const std::string record = "4k3/8/8/3pP3/8/8/8/R3K2R w KQ d6 0 1";
  const std::vector<std::size_t> pieces = certify::piece_offsets(record);
  BOOST_TEST(pieces.size() == 6u);  // k p P R K R
  BOOST_TEST(certify::with_pieces_taken_off(record, std::vector<std::size_t>{pieces[1]}) ==
             "4k3/8/8/4P3/8/8/8/R3K2R w KQ d6 0 1");
  BOOST_TEST(certify::with_pieces_taken_off(record, std::vector<std::size_t>{pieces[1], pieces[2]}) ==
             "4k3/8/8/8/8/8/8/R3K2R w KQ d6 0 1");
  BOOST_TEST(certify::with_pieces_taken_off(record, std::vector<std::size_t>{pieces[0], pieces[3], pieces[5]}) ==
             "8/8/8/3pP3/8/8/8/4K3 w KQ d6 0 1");
  // A 10-wide rank: counts merge to 10.
  BOOST_TEST(certify::with_pieces_taken_off("4k5/10 w", std::vector<std::size_t>{1}) == "10/10 w");
  // What was malformed stays as it was: only emptied squares merge.
  BOOST_TEST(certify::with_pieces_taken_off("44/3P4 w", std::vector<std::size_t>{}) == "44/3P4 w");
}

BOOST_AUTO_TEST_CASE(the_result_is_one_minimal) {
  Recorded predicate{{}, holds_queen_and_twelve};
  const certify::Minimised minimal = certify::minimise_record(kLong, std::ref(predicate));
  BOOST_TEST(minimal.record == "Q12");
  BOOST_TEST(!minimal.call_bound_reached);
  for (std::size_t i = 0; i < minimal.record.size(); ++i) {
    std::string shorter = minimal.record;
    shorter.erase(i, 1);
    BOOST_TEST(!holds_queen_and_twelve(shorter), shorter);
  }
  BOOST_TEST_MESSAGE("Q12 from a 68-byte record: " << minimal.calls << " calls, " << minimal.elapsed.count() << " us");
}

BOOST_AUTO_TEST_CASE(no_candidate_is_tried_twice) {
  Recorded predicate{{}, holds_queen_and_twelve};
  const certify::Minimised minimal = certify::minimise_record(kLong, std::ref(predicate));
  const std::set<std::string> distinct(predicate.asked.begin(), predicate.asked.end());
  BOOST_TEST(distinct.size() == predicate.asked.size());
  BOOST_TEST(predicate.asked.size() == minimal.calls);
  BOOST_TEST(!distinct.contains(kLong));  // the record itself is known to disagree
  BOOST_TEST(minimal.cache_hits > 0u);    // ddmin meets candidates again, and they cost nothing
}

BOOST_AUTO_TEST_CASE(the_call_bound_holds) {
  for (const std::size_t bound : {0u, 1u, 10u, 30u}) {
    Recorded predicate{{}, holds_queen_and_twelve};
    const certify::Minimised minimal = certify::minimise_record(kLong, std::ref(predicate), bound);
    BOOST_TEST(predicate.asked.size() <= bound);
    BOOST_TEST(minimal.calls == predicate.asked.size());
    BOOST_TEST(minimal.call_bound_reached);
    // Whatever it stopped at still disagrees.
    BOOST_TEST(holds_queen_and_twelve(minimal.record), minimal.record);
  }
}

BOOST_AUTO_TEST_CASE(fields_take_their_simplest_values) {
  // Six non-empty fields, the board with its two kings and a number last: every other field becomes its
  // simplest value (White to move, no castling, no en passant square, the counters 0 and 1: a
  // record that breaks no rule), and nothing is dropped.
  const auto kings_and_a_number = [](std::string_view s) {
    std::size_t spaces = 0;
    for (const char c : s) spaces += c == ' ';
    const std::string_view last = s.substr(s.rfind(' ') + 1);
    return spaces == 5 && s.starts_with("4k3/8/8/8/8/8/8/4K3 ") && s.find("  ") == std::string_view::npos &&
           !last.empty() && last.find_first_not_of("0123456789") == std::string_view::npos;
  };
  const certify::Minimised minimal =
      certify::minimise_record("4k3/8/8/8/8/8/8/4K3 b Kq e3 31 97", kings_and_a_number);
  BOOST_TEST(minimal.record == "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

BOOST_AUTO_TEST_CASE(simpler_is_shorter_then_the_simple_bytes_first) {
  BOOST_TEST(certify::simpler_record("ab", "abc"));
  BOOST_TEST(certify::simpler_record("w", "b"));
  BOOST_TEST(certify::simpler_record("-", "0"));
  BOOST_TEST(certify::simpler_record("1", "8"));
  BOOST_TEST(!certify::simpler_record("b", "w"));
  BOOST_TEST(!certify::simpler_record("same", "same"));
  // Each field's own simplest value first: White to move, a halfmove clock of 0, a fullmove
  // number of 1, so that shrinking for one rule leaves the other fields valid.
  BOOST_TEST(certify::simpler_record("8 w", "8 -"));
  BOOST_TEST(certify::simpler_record("8 w - - 0 5", "8 w - - 1 5"));
  BOOST_TEST(certify::simpler_record("8 w - - 0 1", "8 w - - 0 0"));
  BOOST_TEST(certify::simpler_record("8 w - - 0 1", "8 w - - 0 -"));
  BOOST_TEST(!certify::simpler_record("8 w - - 0 0", "8 w - - 0 1"));
}

BOOST_AUTO_TEST_CASE(a_board_holding_simple_bytes_does_not_loop, *boost::unit_test::timeout(10)) {
  // A '-' on a board counts as a piece, yet an empty square is no simpler than it: taking it off
  // ("Q--" to "Q1-") and turning the '1' back into '-' must not go round for ever (it did).
  const auto three_from_a_queen = [](std::string_view s) { return s.size() == 3 && s.front() == 'Q'; };
  const certify::Minimised minimal = certify::minimise_record("Qab", three_from_a_queen, 1000);
  BOOST_TEST(minimal.record == "Q--");
  BOOST_TEST(!minimal.call_bound_reached);
}

BOOST_AUTO_TEST_CASE(a_predicate_always_true_gives_the_empty_record, *boost::unit_test::timeout(10)) {
  // The empty record splits into one empty field; "dropping" it is no change, and the search
  // must end there (it went round for ever).
  const certify::Minimised minimal = certify::minimise_record(kLong, [](std::string_view) { return true; });
  BOOST_TEST(minimal.record.empty());
  BOOST_TEST(!minimal.call_bound_reached);
}
