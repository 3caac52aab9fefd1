// Disagreement keys: two records failing the same way have one key, and keys differ across
// verdicts and across the part of the record a failure lies in.
#define BOOST_TEST_MODULE certify_disagreement_key
#include <boost/test/unit_test.hpp>

#include <string>
#include <unordered_set>

#include "certify/generative/disagreement_key.hpp"
#include "certify_fake_programs.hpp"

namespace {

namespace certify = xfen::certify;
using certify::DifferingField;
using certify::DisagreementKey;
using certify::Verdict;

DisagreementKey key_of(const std::string& record, const certify::Answer& answer) {
  const auto key = certify::disagreement(record, answer);
  BOOST_TEST_REQUIRE(key.has_value(), record << " should disagree");
  return *key;
}

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kEnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3";
constexpr const char* kCapablanca = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

}  // namespace

BOOST_AUTO_TEST_CASE(xfen_itself_never_disagrees) {
  for (const char* record : {kStart, kEnPassant, kCapablanca, "4k3/8/8/8/8/8/8/4K3 w Z - 0 1", "garbage"})
    BOOST_TEST(!certify::disagreement(record, fake::xfen_answer(record)).has_value(), record);
}

BOOST_AUTO_TEST_CASE(a_wrong_field_is_the_first_field_written_otherwise) {
  BOOST_TEST(key_of(kEnPassant, fake::accepted("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3")) ==
             (DisagreementKey{Verdict::wrong_position, DifferingField::en_passant, {}, 0}));
  BOOST_TEST(key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 9")) ==
             (DisagreementKey{Verdict::wrong_position, DifferingField::castling, {}, 0}));
  BOOST_TEST(key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")).field ==
             DifferingField::side);
  BOOST_TEST(key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2")).field ==
             DifferingField::fullmove);
  BOOST_TEST(key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 1")).field ==
             DifferingField::halfmove);
  BOOST_TEST(key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1")).field ==
             DifferingField::board);
  // A right castling field in Shredder letters before a wrong fullmove number: the wrong value is
  // where the answer is wrong (as Fairy-Stockfish's 'f' for q beside a fullmove number cut to 1).
  BOOST_TEST(key_of("5rk1/8/8/8/8/8/8/6K1 w q - 0 1111111111", fake::accepted("5rk1/8/8/8/8/8/8/6K1 w f - 0 1")) ==
             (DisagreementKey{Verdict::wrong_position, DifferingField::fullmove, {}, 0}));
  // An en passant square no capture can use legally, left out, is a spelling (the one that writes
  // it only when a capture is legal): beside a wrong clock, the clock is the wrong field. Black is
  // in check from e4, so gxh3 is no legal capture; chessops leaves h3 out and caps the clock at 150.
  // Found by the external fuzz target: keyed en passant before.
  BOOST_TEST(key_of("8/8/8/8/k3Q1pP/8/8/R1K2R2 b KQ h3 200 1",
                    fake::accepted("8/8/8/8/k3Q1pP/8/8/R1K2R2 b KQ - 150 1")) ==
             (DisagreementKey{Verdict::wrong_position, DifferingField::halfmove, {}, 0}));
  // Another spelling is non-canonical, in the field it spells otherwise; a shorter layout with the
  // right fields is the layout.
  BOOST_TEST(key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")) ==
             (DisagreementKey{Verdict::non_canonical, DifferingField::castling, {}, 0}));
  BOOST_TEST(key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -")) ==
             (DisagreementKey{Verdict::non_canonical, DifferingField::layout, {}, 0}));
}

BOOST_AUTO_TEST_CASE(two_records_failing_the_same_way_have_one_key) {
  // Both lose their en passant square: other boards, other squares, one key.
  const DisagreementKey a = key_of(kEnPassant, fake::accepted("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3"));
  const DisagreementKey b = key_of("r3k3/8/8/8/1pP5/8/8/4K3 b - c3 0 40", fake::accepted("r3k3/8/8/8/1pP5/8/8/4K3 b - - 0 40"));
  BOOST_TEST(a == b);
  BOOST_TEST(std::hash<DisagreementKey>{}(a) == std::hash<DisagreementKey>{}(b));
  // Two records accepted although they name no rook: the same rule broken.
  const std::string no_rook_1 = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
  const std::string no_rook_2 = "r3k3/8/8/8/8/8/8/R3K3 b Qkq - 0 1";
  BOOST_TEST(key_of(no_rook_1, fake::accepted(no_rook_1)) == key_of(no_rook_2, fake::accepted(no_rook_2)));
  BOOST_TEST(key_of(no_rook_1, fake::accepted(no_rook_1)).rule == "castling.no-rook");
  // Two valid 8x8 records rejected; two crashes on valid 10x8 records.
  BOOST_TEST(key_of(kStart, fake::rejected()) == key_of(kEnPassant, fake::rejected()));
  BOOST_TEST(key_of(kCapablanca, fake::crashed()) ==
             key_of("4k5/10/10/10/10/10/10/4K5 w - - 0 1", fake::crashed()));
}

BOOST_AUTO_TEST_CASE(keys_differ_across_verdicts_and_parts) {
  const std::unordered_set<DisagreementKey> keys{
      key_of(kEnPassant, fake::accepted("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3")),              // wrong-position: en-passant
      key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")),  // wrong-position: castling
      key_of(kStart, fake::accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")),  // non-canonical
      key_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1", fake::accepted("x")),                         // castling.no-rook
      key_of("4k3/8/8/8/8/8/8/4K3 x - - 0 1", fake::accepted("x")),                         // side.invalid
      key_of(kStart, fake::rejected()),                                                      // rejected-valid: 8x8
      key_of(kCapablanca, fake::rejected()),                                                 // rejected-valid: 10x8
      key_of(kStart, fake::crashed()),                                                       // crash: on 8x8
      key_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1", fake::crashed()),                             // crash: on an invalid record
      key_of(kStart, certify::Answer{certify::Answer::Kind::timeout, {}, {}, {}, {}}),      // timeout: on 8x8
  };
  BOOST_TEST(keys.size() == 10u);
}

BOOST_AUTO_TEST_CASE(keys_print_what_they_hold) {
  BOOST_TEST(certify::to_string(key_of(kEnPassant, fake::accepted("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 3"))) ==
             "wrong-position: en-passant");
  BOOST_TEST(certify::to_string(key_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1", fake::accepted("x"))) ==
             "accepted-invalid: castling.no-rook");
  BOOST_TEST(certify::to_string(key_of(kCapablanca, fake::rejected())) == "rejected-valid: 10x8");
  BOOST_TEST(certify::to_string(key_of(kStart, fake::crashed())) == "crash: on 8x8");
  BOOST_TEST(certify::to_string(key_of("4k3/8/8/8/8/8/8/4K3 w K - 0 1", fake::crashed())) ==
             "crash: on an invalid record");
  // Whatever rule an invalid record breaks, a crash on it is one disagreement: what makes a
  // program crash is not what xfen's reading stops at.
  BOOST_TEST(key_of("8/8/8/8/8/8/8/8 w - a6 0 1", fake::crashed()) == key_of("8/8/8/8/8/8/8/8 w - - - 1", fake::crashed()));
  // A program given up on (not-run) disagrees with nothing.
  BOOST_TEST(!certify::disagreement(kStart, certify::Answer{certify::Answer::Kind::not_run, {}, {}, {}, {}}).has_value());
}
