// Grading, apart from any process: each answer an implementation can give gets the verdict
// docs/PROTOCOL.md gives it. Above all, xfen's own answers pass every case of the suite (so
// self-certification cannot fail for grading reasons), a crash or a timeout is never a correct
// rejection, and another spelling of the right position is told from a wrong position.
#define BOOST_TEST_MODULE certify_grade
#include <boost/test/unit_test.hpp>

#include <array>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "certify/grade/certify_case.hpp"
#include "certify/grade/certification.hpp"
#include "certify/grade/grade.hpp"
#include "certify/grade/spelling_profile.hpp"
#include "certify/grade/statement.hpp"
#include "conformance/suite_loader.hpp"
#include "xfen/parse.hpp"
#include "xfen/write.hpp"

namespace {

namespace certify = xfen::certify;
using certify::Answer;
using certify::Verdict;

const xfen::conformance::Suite& suite() {
  static const xfen::conformance::Suite loaded =
      xfen::conformance::load_suite(std::filesystem::path(XFEN_SOURCE_DIR) / "corpus" / "conformance");
  return loaded;
}

Answer accepted(std::string record) { return {Answer::Kind::accepted, std::move(record), {}, {}}; }
Answer rejected() { return {Answer::Kind::rejected, "nope", {}, {}}; }

// What `xfen adapter` answers: the strict reader, then the canonical writer (in `style`, as a
// program that declares it writes; classic letters name an inner rook by its X-FEN letter).
Answer reference_answer(const std::string& input, const xfen::WriteOptions& style = {}) {
  const xfen::ParseResult read = xfen::parse(input);
  if (!read.ok()) return rejected();
  const std::optional<std::string> written = certify::declared_writing(read.position, style);
  return written ? accepted(*written) : rejected();
}

// The declaration of `style`: its spelling of each field that is not X-FEN's.
certify::SpellingSet declaration_of(const xfen::WriteOptions& style) {
  certify::SpellingSet set;
  if (style.castling == xfen::CastlingStyle::shredder) set.add(certify::Spelling::shredder);
  if (style.castling == xfen::CastlingStyle::classic) set.add(certify::Spelling::classic);
  if (style.en_passant == xfen::EnPassantStyle::always) set.add(certify::Spelling::ep_always);
  if (style.en_passant == xfen::EnPassantStyle::legal) set.add(certify::Spelling::ep_legal);
  return set;
}

// Every declaration a program can make: none, or one spelling of either field, or one of each.
std::vector<certify::SpellingSet> every_declaration() {
  std::vector<certify::SpellingSet> all;
  for (const xfen::CastlingStyle castling : certify::kCastlingStyles)
    for (const xfen::EnPassantStyle en_passant : certify::kEnPassantStyles)
      all.push_back(declaration_of(xfen::WriteOptions{.castling = castling, .en_passant = en_passant}));
  return all;
}

certify::SpellingSet declared(std::initializer_list<certify::Spelling> spellings) {
  certify::SpellingSet set;
  for (const certify::Spelling s : spellings) set.add(s);
  return set;
}

certify::CertifyCase record_case(const std::string& record) {
  return certify::certify_case_from_record(record, 1);
}

constexpr const char* kChess960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace

BOOST_AUTO_TEST_CASE(the_suite_loads) {
  BOOST_TEST(suite().problems.empty());
  BOOST_TEST(suite().cases.size() > 600U);
}

BOOST_AUTO_TEST_CASE(xfen_s_own_answers_in_the_declared_spelling_pass_every_case) {
  BOOST_TEST(every_declaration().size() == 9U);
  for (const certify::SpellingSet declaration : every_declaration())
    for (const auto& c : suite().cases) {
      const certify::CertifyCase graded = certify::certify_case_from_suite(c);
      const certify::Grade g =
          certify::grade(graded, reference_answer(c.input, declaration.declared_style()), declaration);
      BOOST_TEST((g.verdict == Verdict::pass), c.id << " declared '" << certify::spelling_list(declaration.declared_style())
                                                     << "': " << certify::verdict_name(g.verdict) << ": " << g.detail);
    }
}

// Issue 40: a declared spelling is a contract on each record. The answer in X-FEN's spelling
// fails where the declared one writes otherwise, and no answer of the run moves a verdict.
BOOST_AUTO_TEST_CASE(a_declared_spelling_fails_x_fen_s_writing_where_they_differ) {
  const certify::SpellingSet ep_legal = declared({certify::Spelling::ep_legal});
  // dxe3 would open the d-file to the rook on d1: ep-legal drops e3, X-FEN keeps it.
  const certify::CertifyCase pinned = record_case("3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1");
  const certify::Grade kept = certify::grade(pinned, accepted("3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1"), ep_legal);
  BOOST_TEST((kept.verdict == Verdict::non_canonical), kept.detail);
  BOOST_TEST(kept.detail ==
                 "en passant: declared ep-legal drops e3 here (no capture on it is legal: the capturer on d4 would "
                 "leave its king in check); answered e3, as X-FEN's spelling writes it",
             kept.detail);
  BOOST_TEST((certify::grade(pinned, accepted("3k4/8/8/8/3pP3/8/8/3RK3 b - - 0 1"), ep_legal).verdict == Verdict::pass));
  // Without a declaration, X-FEN's writing passes, and the dropped square fails, naming the
  // spelling it matches as not declared.
  BOOST_TEST((certify::grade(pinned, accepted("3k4/8/8/8/3pP3/8/8/3RK3 b - e3 0 1"), {}).verdict == Verdict::pass));
  const certify::Grade dropped = certify::grade(pinned, accepted("3k4/8/8/8/3pP3/8/8/3RK3 b - - 0 1"), {});
  BOOST_TEST((dropped.verdict == Verdict::non_canonical));
  BOOST_TEST(dropped.detail.starts_with("en passant: X-FEN writes e3 here"), dropped.detail);
  BOOST_TEST(dropped.detail.ends_with("as ep-legal writes it, which is not declared (--accept-spelling ep-legal declares it)"),
             dropped.detail);
  // Shredder declared: X-FEN's KQkq fails, headed by the castling field.
  const certify::Grade letters =
      certify::grade(record_case(kStart), accepted(kStart), declared({certify::Spelling::shredder}));
  BOOST_TEST((letters.verdict == Verdict::non_canonical));
  BOOST_TEST(letters.detail == "castling: declared shredder writes HAha here; answered KQkq, in X-FEN's letters",
             letters.detail);
}

// The stub of issue 40: `xfen adapter --ep legal`, but with Black to move a pinned pawn counts as
// able to capture (X-FEN's spelling). Declared ep-legal, exactly the Black-to-move cases where
// ep-legal drops the square and X-FEN keeps it fail, and every other case passes.
BOOST_AUTO_TEST_CASE(a_planted_ep_legal_bug_fails_exactly_the_cases_it_breaks) {
  const certify::SpellingSet ep_legal = declared({certify::Spelling::ep_legal});
  std::size_t failing = 0;
  for (const auto& c : suite().cases) {
    const xfen::ParseResult read = xfen::parse(c.input);
    const bool black = read.ok() && read.position.side_to_move == xfen::Color::black;
    const Answer answer =
        reference_answer(c.input, {.en_passant = black ? xfen::EnPassantStyle::xfen : xfen::EnPassantStyle::legal});
    const Answer fixed = reference_answer(c.input, {.en_passant = xfen::EnPassantStyle::legal});
    const bool broken = answer.text != fixed.text;
    const certify::CertifyCase graded = certify::certify_case_from_suite(c);
    const certify::Grade g = certify::grade(graded, answer, ep_legal);
    BOOST_TEST(certify::is_failure(g.verdict) == broken, c.id << ": " << certify::verdict_name(g.verdict) << ": " << g.detail);
    failing += broken ? 1 : 0;
  }
  BOOST_TEST(failing >= 3U);  // dialects.ep-legal-black-pinned (and -10x8), en-passant.black-pinned-kept
}

BOOST_AUTO_TEST_CASE(the_expected_record_of_a_default_style_case_is_its_output) {
  for (const auto& c : suite().cases) {
    if (c.outcome != xfen::conformance::Outcome::accepted || !c.default_styles()) continue;
    BOOST_TEST(certify::certify_case_from_suite(c).expected == c.output, c.id);
  }
}

BOOST_AUTO_TEST_CASE(each_class_expects_what_the_suite_readme_says) {
  using xfen::conformance::CaseClass;
  for (const auto& c : suite().cases) {
    const certify::CertifyCase graded = certify::certify_case_from_suite(c);
    // A dialect whose style cannot write the position may refuse only where that style is
    // accepted: grade() decides, from dialect_refuses.
    const bool may_refuse = c.case_class == CaseClass::implementation_defined;
    BOOST_TEST(graded.dialect_refuses == (c.outcome == xfen::conformance::Outcome::write_refused), c.id);
    const certify::Expectation expected = c.case_class == CaseClass::invalid ? certify::Expectation::reject
                                          : may_refuse ? certify::Expectation::either
                                                       : certify::Expectation::accept;
    BOOST_TEST((graded.expectation == expected), c.id);
    BOOST_TEST(graded.dialect_style.has_value() == (c.case_class == CaseClass::dialect), c.id);
  }
}

BOOST_AUTO_TEST_CASE(a_dialect_case_is_answered_right_in_its_own_style_when_that_style_is_accepted) {
  for (const auto& c : suite().cases) {
    if (c.case_class != xfen::conformance::CaseClass::dialect ||
        c.outcome != xfen::conformance::Outcome::accepted)
      continue;
    const certify::CertifyCase graded = certify::certify_case_from_suite(c);
    const certify::Grade g = certify::grade(graded, accepted(c.output), declaration_of(c.write_options));
    BOOST_TEST((g.verdict == Verdict::pass), c.id << ": " << g.detail);
  }
}

BOOST_AUTO_TEST_CASE(shredder_letters_are_non_canonical_unless_accepted) {
  const certify::CertifyCase c = record_case(kStart);
  const Answer shredder = accepted("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  const certify::Grade strict = certify::grade(c, shredder, {});
  BOOST_TEST((strict.verdict == Verdict::non_canonical));
  BOOST_TEST(strict.detail.find("Shredder castling letters") != std::string::npos, strict.detail);
  BOOST_TEST(strict.detail.find("--accept-spelling shredder") != std::string::npos, strict.detail);
  certify::SpellingSet shredder_only;
  shredder_only.add(certify::Spelling::shredder);
  BOOST_TEST((certify::grade(c, shredder, shredder_only).verdict == Verdict::pass));
  certify::SpellingSet classic_only;
  classic_only.add(certify::Spelling::classic);
  BOOST_TEST((certify::grade(c, shredder, classic_only).verdict == Verdict::non_canonical));
}

BOOST_AUTO_TEST_CASE(an_illegal_en_passant_square_left_out_beside_another_spelling_is_the_same_position) {
  // The white king in check from c2: cxb6 is no legal capture, so a writer of the square only when
  // a capture is legal leaves it out; kokopu (Chess960) does, and writes KQ as BD, which no one
  // style writes. Found by generative certification: graded wrong-position before.
  const certify::CertifyCase c = record_case("4k3/8/8/1pP5/8/8/2r5/1RKR4 w KQ b6 0 1");
  const certify::Grade g = certify::grade(c, accepted("4k3/8/8/1pP5/8/8/2r5/1RKR4 w BD - 0 1"), {});
  BOOST_TEST((g.verdict == Verdict::non_canonical), g.detail);
  // A square a capture can use, left out, is still another position.
  const certify::CertifyCase usable = record_case("4k3/8/8/1pP5/8/8/8/1RKR4 w KQ b6 0 1");
  BOOST_TEST((certify::grade(usable, accepted("4k3/8/8/1pP5/8/8/8/1RKR4 w BD - 0 1"), {}).verdict ==
              Verdict::wrong_position));
}

BOOST_AUTO_TEST_CASE(an_illegal_en_passant_square_left_out_is_no_difference_of_another_position) {
  // Another position all the same (the clock), whose report names only what is wrong: h3 left out
  // is the spelling that writes the square only when a capture is legal (Black is in check).
  const certify::CertifyCase c = record_case("8/8/8/8/k3Q1pP/8/8/R1K2R2 b KQ h3 200 1");
  const certify::Grade g = certify::grade(c, accepted("8/8/8/8/k3Q1pP/8/8/R1K2R2 b KQ - 150 1"), {});
  BOOST_TEST((g.verdict == Verdict::wrong_position));
  BOOST_TEST(g.detail == "halfmove clock: expected 200, answered 150");
}

BOOST_AUTO_TEST_CASE(an_en_passant_square_written_always_is_non_canonical_and_named) {
  // After 1.e4 no black pawn can capture: X-FEN writes "-", a writer of the square as read "e3".
  const std::string after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq ";
  for (const char* read : {"e3", "-"}) {
    const certify::CertifyCase c = record_case(after_e4 + read + " 0 1");
    const certify::Grade g = certify::grade(c, accepted(after_e4 + "e3 0 1"), {});
    BOOST_TEST((g.verdict == Verdict::non_canonical), read);
    BOOST_TEST(g.detail.find("as ep-always writes it, which is not declared") != std::string::npos, g.detail);
    certify::SpellingSet always;
    always.add(certify::Spelling::ep_always);
    BOOST_TEST((certify::grade(c, accepted(after_e4 + "e3 0 1"), always).verdict == Verdict::pass));
  }
}

BOOST_AUTO_TEST_CASE(another_position_is_wrong_and_the_detail_names_what_differs) {
  const certify::CertifyCase c = record_case(kChess960);
  const certify::Grade castling = certify::grade(
      c, accepted("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFh - 2 9"), {});
  BOOST_TEST((castling.verdict == Verdict::wrong_position));
  BOOST_TEST(castling.detail == "castling: expected KQkq, answered KQk");
  const certify::Grade board = certify::grade(
      c, accepted("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR b HFhf - 2 9"), {});
  BOOST_TEST(board.detail == "side to move: expected w, answered b");
  const certify::Grade piece = certify::grade(
      c, accepted("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKQ w Qkq - 2 9"), {});
  BOOST_TEST((piece.verdict == Verdict::wrong_position));
  BOOST_TEST(piece.detail == "board: h1 expected R, answered Q; castling: expected KQkq, answered Qkq");
}

BOOST_AUTO_TEST_CASE(an_answer_that_is_not_valid_x_fen_is_a_wrong_position_that_says_why) {
  const certify::Grade g = certify::grade(record_case(kStart), accepted("hello"), {});
  BOOST_TEST((g.verdict == Verdict::wrong_position));
  BOOST_TEST(g.detail.find("not valid X-FEN") != std::string::npos, g.detail);
  // Read strictly: a castling right without its rook is not another spelling of "-".
  const certify::Grade no_rook = certify::grade(record_case("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
                                                accepted("4k3/8/8/8/8/8/8/4K3 w H - 0 1"), {});
  BOOST_TEST((no_rook.verdict == Verdict::wrong_position));
  BOOST_TEST(no_rook.detail.find("castling") != std::string::npos, no_rook.detail);
}

BOOST_AUTO_TEST_CASE(accepting_and_rejecting_against_what_the_class_asks) {
  const certify::CertifyCase valid = record_case(kStart);
  const certify::CertifyCase invalid = record_case("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0");
  const certify::CertifyCase illegal = record_case("8/8/8/8/8/8/8/8 w - - 0 1");
  BOOST_TEST((valid.expectation == certify::Expectation::accept));
  BOOST_TEST((invalid.expectation == certify::Expectation::reject));
  BOOST_TEST((illegal.expectation == certify::Expectation::either));
  BOOST_TEST((certify::grade(valid, rejected(), {}).verdict == Verdict::rejected_valid));
  BOOST_TEST((certify::grade(invalid, accepted(kStart), {}).verdict == Verdict::accepted_invalid));
  BOOST_TEST((certify::grade(invalid, rejected(), {}).verdict == Verdict::pass));
  BOOST_TEST((certify::grade(illegal, rejected(), {}).verdict == Verdict::pass));
  BOOST_TEST((certify::grade(illegal, accepted("8/8/8/8/8/8/8/8 w - - 0 1"), {}).verdict == Verdict::pass));
  BOOST_TEST((certify::grade(illegal, accepted(kStart), {}).verdict == Verdict::wrong_position));
}

BOOST_AUTO_TEST_CASE(a_crash_or_a_timeout_is_never_a_correct_rejection) {
  const certify::CertifyCase invalid = record_case("not a record");
  for (const auto& [kind, verdict] :
       {std::pair{Answer::Kind::crash, Verdict::crash}, std::pair{Answer::Kind::timeout, Verdict::timeout},
        std::pair{Answer::Kind::protocol_error, Verdict::protocol_error},
        std::pair{Answer::Kind::not_run, Verdict::not_run}}) {
    const certify::Grade g = certify::grade(invalid, Answer{kind, {}, "how", {}}, declared({certify::Spelling::ep_legal}));
    BOOST_TEST((g.verdict == verdict));
    BOOST_TEST((certify::tally_of(g.verdict) == certify::Tally::failed));
  }
}

BOOST_AUTO_TEST_CASE(records_of_an_inputs_file_are_tagged_with_the_capabilities_they_show) {
  // The suite's capability tags, so that --supports spares a program what it does not play.
  using Tags = std::vector<std::string>;
  BOOST_TEST(record_case(kStart).tags == Tags{"8x8"});
  BOOST_TEST(record_case("rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1").tags ==
             (Tags{"10x8", "capablanca"}));
  BOOST_TEST(record_case("4k3/8/8/8/8/8/8/4K2R w H - 0 1").tags == (Tags{"8x8", "shredder-input"}));
  BOOST_TEST(record_case("4k3/8/8/8/8/8/8/4K1R1 w K - 0 1").tags == (Tags{"8x8", "chess960"}));
  BOOST_TEST(record_case("4k3/8/8/8/8/8/8/3K3R w K - 0 1").tags == (Tags{"8x8", "chess960"}));
  BOOST_TEST(record_case("5k4/10/10/10/10/10/10/5K3R w sK - 0 1").tags == (Tags{"10x8", "prefix-s"}));
  BOOST_TEST(record_case("5k4/10/10/10/10/10/10/5K3R w mK - 0 1").tags == (Tags{"10x8", "prefix-m"}));
  BOOST_TEST(record_case("5k4/10/10/10/10/10/10/5K3R w K - 0 1").tags == Tags{"10x8"});
  BOOST_TEST(record_case("x").tags.empty());
  // A record xfen rejects: what its text shows (the suite tags its cases so, past an error too).
  BOOST_TEST(record_case("4k3/8/8/8/8/8/8/4K3 w s - 0 1").tags == Tags{"prefix-s"});
  BOOST_TEST(record_case("4k3/8/8/8/8/8/8/4K3 w mZ - 0 1").tags == Tags{"prefix-m"});
  BOOST_TEST(record_case("4k3/8/8/8/8/8/8/4K3 w Hx - 0 1").tags == Tags{"shredder-input"});
  BOOST_TEST(record_case("4k3/8/8/8/8/8/8/4KA2 w - - 0 1 x").tags == Tags{"capablanca"});
  BOOST_TEST(record_case(kStart).id == "line 1");
}

BOOST_AUTO_TEST_CASE(records_a_line_cannot_carry_need_per_case_mode) {
  BOOST_TEST(certify::needs_per_case(record_case(std::string(kStart) + "\n")));
  BOOST_TEST(certify::needs_per_case(record_case("4k3/8\n/8/8/8/8/8/4K3 w - - 0 1")));
  BOOST_TEST(certify::needs_per_case(record_case(std::string(kStart) + "\r")));
  BOOST_TEST(!certify::needs_per_case(record_case(kStart)));
  BOOST_TEST(!certify::needs_per_case(record_case("4k3/8/8/8/8/8/8/4K3 w - - 0 1\r ")));
}

// Every dialect case has X-FEN's answer (the suite's class rules make it a strict, legal record):
// graded in a strict run as any valid case; where its style is declared, in that style alone.
BOOST_AUTO_TEST_CASE(a_dialect_case_is_graded_in_x_fen_spelling_or_in_the_declared_one) {
  certify::CertifyCase c = record_case(kStart);
  c.dialect_style = xfen::WriteOptions{xfen::CastlingStyle::shredder, xfen::EnPassantStyle::xfen};
  const Answer xfen_answer{Answer::Kind::accepted, kStart, {}, {}};
  const Answer shredder_answer{Answer::Kind::accepted,
                               "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", {}, {}};
  certify::SpellingSet shredder;
  shredder.add(certify::Spelling::shredder);
  BOOST_TEST((certify::grade(c, xfen_answer, {}).verdict == Verdict::pass));
  BOOST_TEST((certify::grade(c, shredder_answer, {}).verdict == Verdict::non_canonical));
  BOOST_TEST((certify::grade(c, shredder_answer, shredder).verdict == Verdict::pass));
  BOOST_TEST((certify::grade(c, xfen_answer, shredder).verdict == Verdict::non_canonical));

  // A classic writer must refuse an inner rook's right: a rejection passes only where classic is
  // accepted.
  certify::CertifyCase inner = record_case("4k3/8/8/8/8/8/8/4K1RR w G - 0 1");
  inner.dialect_style = xfen::WriteOptions{xfen::CastlingStyle::classic, xfen::EnPassantStyle::xfen};
  inner.dialect_refuses = true;
  const Answer refusal{Answer::Kind::rejected, "write.needs-file-letter", {}, {}};
  certify::SpellingSet classic;
  classic.add(certify::Spelling::classic);
  BOOST_TEST((certify::grade(inner, refusal, {}).verdict == Verdict::rejected_valid));
  BOOST_TEST((certify::grade(inner, refusal, classic).verdict == Verdict::pass));
  BOOST_TEST((certify::grade(inner, Answer{Answer::Kind::accepted, "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", {}, {}},
                             classic).verdict == Verdict::pass));
}

BOOST_AUTO_TEST_CASE(every_verdict_has_its_own_name) {
  std::set<std::string_view> names;
  for (const Verdict v : certify::all_verdicts()) names.insert(certify::verdict_name(v));
  BOOST_TEST(names.size() == certify::kVerdictCount);
  BOOST_TEST((certify::tally_of(Verdict::unexpected_pass) == certify::Tally::failed));
  BOOST_TEST((certify::tally_of(Verdict::skipped) == certify::Tally::skipped));
}

// The conformance statement is a public claim: made for a strict run of the whole suite with
// nothing failed, never for one that relaxed, selected, skipped or failed anything.
BOOST_AUTO_TEST_CASE(the_conformance_statement_is_made_only_when_earned) {
  const auto whole_suite_run = [] {
    certify::CertifyReport report;
    report.suite_version = "1.0.0";
    report.suite_cases = 711;
    report.summary.passed = 704;
    report.summary.skipped = 7;
    report.need_per_case = 7;
    return report;
  };
  const certify::CertifyReport strict = whole_suite_run();
  BOOST_TEST(certify::conformance_statement(strict).value_or("") ==
             "conforms to the X-FEN conformance suite 1.0.0, strict: 704 of 711 cases graded, 7 need "
             "per-case mode");
  BOOST_TEST(certify::outcome(strict) == *certify::conformance_statement(strict));
  BOOST_TEST(certify::badge_message(strict) == "strict");
  certify::CertifyReport all = whole_suite_run();
  all.summary = {.passed = 711, .failed = 0, .skipped = 0};
  all.need_per_case = 0;
  BOOST_TEST(certify::conformance_statement(all).value_or("") ==
             "conforms to the X-FEN conformance suite 1.0.0, strict: 711 of 711 cases graded");

  const auto no_statement = [](const certify::CertifyReport& report, const std::string& because) {
    BOOST_TEST(!certify::conformance_statement(report).has_value(), because);
    BOOST_TEST(certify::outcome(report).find("conforms") == std::string::npos, because);
    BOOST_TEST(certify::badge_message(report).find("strict") == std::string::npos, because);
  };
  certify::CertifyReport relaxed = whole_suite_run();
  relaxed.accepted_spellings.add(certify::Spelling::ep_always);
  no_statement(relaxed, "an accepted spelling");
  BOOST_TEST(certify::outcome(relaxed).ends_with("; relaxed: --accept-spelling ep-always"));
  BOOST_TEST(certify::relaxations(relaxed).at(0).find("R7.4") != std::string::npos);
  BOOST_TEST(certify::badge_message(relaxed) == "704/704 passed, relaxed: ep-always");
  certify::CertifyReport skip_list = whole_suite_run();
  skip_list.skip_file = "known.skip";
  no_statement(skip_list, "a skip file");
  certify::CertifyReport selected = whole_suite_run();
  selected.selection = {"--tag castling"};
  no_statement(selected, "a selection");
  certify::CertifyReport failing = whole_suite_run();
  failing.summary.passed = 703;
  failing.summary.failed = 1;
  no_statement(failing, "a failure");
  BOOST_TEST(certify::outcome(failing) == "fails the X-FEN conformance suite 1.0.0: 1 of 711 cases failed");
  certify::CertifyReport skipped_more = whole_suite_run();
  skipped_more.summary.passed = 703;
  skipped_more.summary.skipped = 8;
  no_statement(skipped_more, "a case skipped for another reason than per-case mode");
  certify::CertifyReport short_suite = whole_suite_run();
  short_suite.suite_cases = 712;
  no_statement(short_suite, "fewer cases than the manifest counts");
  certify::CertifyReport protocol = whole_suite_run();
  protocol.protocol_failure = "answers do not line up";
  no_statement(protocol, "answers that do not line up");
  certify::CertifyReport could_not_run = whole_suite_run();
  could_not_run.run.started = false;
  no_statement(could_not_run, "a program that could not run");
  // A declared subset of the capabilities: a statement about that subset, naming it.
  certify::CertifyReport declared = whole_suite_run();
  declared.supports = std::vector<std::string>{"8x8", "chess960"};
  declared.summary = {.passed = 300, .failed = 0, .skipped = 7, .not_applicable = 404};
  BOOST_TEST(certify::conformance_statement(declared).value_or("") ==
             "conforms to the X-FEN conformance suite 1.0.0 for --supports 8x8,chess960, strict: 300 of 711 "
             "cases graded, 404 not applicable, 7 need per-case mode");
  BOOST_TEST(certify::badge_message(declared) == "strict, 8x8,chess960");
  certify::CertifyReport declared_failing = declared;
  declared_failing.summary.passed = 299;
  declared_failing.summary.failed = 1;
  no_statement(declared_failing, "a failure among the applicable cases");
  BOOST_TEST(certify::outcome(declared_failing) ==
             "fails the X-FEN conformance suite 1.0.0: 1 of 307 cases failed; --supports 8x8,chess960 (404 not "
             "applicable)");
  certify::CertifyReport records = whole_suite_run();
  records.suite_version.clear();
  records.source = "mine.txt";
  no_statement(records, "the records of a file");
}

// Engines answer with four fields (EPD) or the board alone. Their fields are graded as written:
// right fields in another layout name the layout (a pass where --accept-layout names it); wrong
// ones say which field is wrong, not that the record is short.
BOOST_AUTO_TEST_CASE(answers_in_another_layout_are_graded_on_the_fields_they_have) {
  const certify::CertifyCase c = record_case("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 5");
  certify::LayoutSet epd;
  epd.add(xfen::RecordFields::epd);
  certify::LayoutSet board;
  board.add(xfen::RecordFields::board);

  const certify::Grade right_epd = certify::grade(c, accepted("4k3/8/8/3pP3/8/8/8/4K3 w - d6"), {});
  BOOST_TEST((right_epd.verdict == Verdict::non_canonical), right_epd.detail);
  BOOST_TEST(right_epd.detail.find("EPD") != std::string::npos, right_epd.detail);
  BOOST_TEST(right_epd.detail.find("--accept-layout epd") != std::string::npos, right_epd.detail);
  BOOST_TEST((certify::grade(c, accepted("4k3/8/8/3pP3/8/8/8/4K3 w - d6"), {}, epd).verdict == Verdict::pass));
  // EPD credit is not board credit, and the other way round.
  BOOST_TEST((certify::grade(c, accepted("4k3/8/8/3pP3/8/8/8/4K3 w - d6"), {}, board).verdict ==
              Verdict::non_canonical));
  BOOST_TEST((certify::grade(c, accepted("4k3/8/8/3pP3/8/8/8/4K3"), {}, board).verdict == Verdict::pass));

  // A wrong field of an EPD answer is named (an invented en passant square, as GNU Chess writes).
  const certify::Grade wrong_epd = certify::grade(c, accepted("4k3/8/8/3pP3/8/8/8/4K3 w - -"), {}, epd);
  BOOST_TEST((wrong_epd.verdict == Verdict::wrong_position), wrong_epd.detail);
  BOOST_TEST(wrong_epd.detail.find("en passant: expected d6, answered -") != std::string::npos, wrong_epd.detail);
  BOOST_TEST(wrong_epd.detail.find("EPD") != std::string::npos, wrong_epd.detail);
  BOOST_TEST(wrong_epd.detail.find("ends after") == std::string::npos, wrong_epd.detail);
  // An EPD answer its own layout cannot read (GNU Chess keeps an en passant square on an occupied
  // square): wrong, for that reason, not for being short of six fields.
  const certify::CertifyCase dropped = record_case("4k3/8/4n3/4p3/8/8/8/4K3 w - - 0 1");
  const certify::Grade unreadable_epd = certify::grade(dropped, accepted("4k3/8/4n3/4p3/8/8/8/4K3 w - e6"), {}, epd);
  BOOST_TEST((unreadable_epd.verdict == Verdict::wrong_position), unreadable_epd.detail);
  BOOST_TEST(unreadable_epd.detail.find("an answer in EPD") != std::string::npos, unreadable_epd.detail);
  BOOST_TEST(unreadable_epd.detail.find("e6") != std::string::npos, unreadable_epd.detail);
  BOOST_TEST(unreadable_epd.detail.find("ends after") == std::string::npos, unreadable_epd.detail);
  // Right fields in a spelling the run does not accept are still that spelling's failure.
  const certify::CertifyCase chess960 = record_case("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
  const certify::Grade shredder_epd = certify::grade(chess960, accepted("rk5r/8/8/8/8/8/8/RK5R w HAha -"), {}, epd);
  BOOST_TEST((shredder_epd.verdict == Verdict::non_canonical), shredder_epd.detail);
  BOOST_TEST(shredder_epd.detail.find("Shredder") != std::string::npos, shredder_epd.detail);
  certify::SpellingSet shredder;
  shredder.add(certify::Spelling::shredder);
  BOOST_TEST((certify::grade(chess960, accepted("rk5r/8/8/8/8/8/8/RK5R w HAha -"), shredder, epd).verdict ==
              Verdict::pass));
  const certify::Grade wrong_board = certify::grade(c, accepted("4k3/8/8/3p4/8/8/8/4K3"), {}, board);
  BOOST_TEST((wrong_board.verdict == Verdict::wrong_position), wrong_board.detail);
  BOOST_TEST(wrong_board.detail.find("e5 expected P, answered empty") != std::string::npos, wrong_board.detail);
  // Neither a layout nor X-FEN: as before.
  BOOST_TEST((certify::grade(c, accepted("4k3/8/8/3pP3/8/8/8/4K3 w -"), {}, epd).verdict == Verdict::wrong_position));
}

// What one answer shows of a program's spelling (spelling_profile.hpp): bits are X-FEN's, then
// always / Shredder, then only-when-legal / classic.
BOOST_AUTO_TEST_CASE(an_answer_is_evidence_only_of_the_spellings_it_tells_apart) {
  // A pinned capturer: X-FEN and "always" write e3, "legal" writes "-".
  const certify::CertifyCase pinned = record_case("8/8/8/8/k2Pp2R/8/8/4K3 b - d3 0 1");
  const auto left_out = certify::spelling_evidence(pinned, "8/8/8/8/k2Pp2R/8/8/4K3 b - - 0 1");
  BOOST_TEST(left_out.en_passant.value_or(0xFF) == 0b100);
  BOOST_TEST(!left_out.castling.has_value());  // "-" is every style's castling field here
  BOOST_TEST(certify::spelling_evidence(pinned, pinned.expected).en_passant.value_or(0xFF) == 0b011);
  // A legal capture: every style writes the square, so leaving it out counts against them all.
  const certify::CertifyCase legal = record_case("4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1");
  BOOST_TEST(certify::spelling_evidence(legal, "4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 1").en_passant.value_or(0xFF) == 0);
  // Another square, or another board, is another position: no evidence.
  BOOST_TEST(!certify::spelling_evidence(legal, "4k3/8/8/8/3Pp3/8/8/4K3 b - c3 0 1").en_passant.has_value());
  BOOST_TEST(!certify::spelling_evidence(legal, "4k3/8/8/8/3Pp3/8/8/3K4 b - - 0 1").en_passant.has_value());
  // Castling: KQkq is X-FEN's and classic; HAha Shredder's; a mix of both the same rights in
  // no style's spelling (against all); dropped rights are another position.
  const certify::CertifyCase start = record_case("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  BOOST_TEST(certify::spelling_evidence(start, start.expected).castling.value_or(0xFF) == 0b101);
  BOOST_TEST(certify::spelling_evidence(start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
                 .castling.value_or(0xFF) == 0b010);
  BOOST_TEST(certify::spelling_evidence(start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAkq - 0 1")
                 .castling.value_or(0xFF) == 0);
  BOOST_TEST(!certify::spelling_evidence(start, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1")
                  .castling.has_value());
  // EPD answers tell the spellings apart as well.
  BOOST_TEST(certify::spelling_evidence(pinned, "8/8/8/8/k2Pp2R/8/8/4K3 b - -").en_passant.value_or(0xFF) == 0b100);
}

BOOST_AUTO_TEST_CASE(a_spelling_is_consistent_only_when_every_telling_answer_agrees) {
  certify::SpellingProfile profile;
  profile.add({.castling = std::nullopt, .en_passant = 0b100});  // left out where only "legal" does
  BOOST_TEST(profile.consistent().contains(certify::Spelling::ep_legal));
  BOOST_TEST(profile.describe_en_passant() ==
             "en passant square only when a capture is legal (the one answer that tells the spellings apart)");
  profile.add({.castling = std::nullopt, .en_passant = 0});  // left out where a capture is legal
  BOOST_TEST(!profile.consistent().contains(certify::Spelling::ep_legal));
  BOOST_TEST(!profile.en_passant().used().has_value());
  BOOST_TEST(profile.describe_en_passant() ==
             "en passant square: no one spelling, of 2 answers that tell the spellings apart: X-FEN's in 0, "
             "always in 0, only when legal in 1");
  // Two styles agreeing with every answer are both consistent: X-FEN's letters are named, and
  // classic may still be credited (a classic writer refuses inner rooks, which X-FEN writes).
  certify::SpellingProfile outer_rooks_only;
  outer_rooks_only.add({.castling = 0b101, .en_passant = std::nullopt});
  BOOST_TEST(outer_rooks_only.consistent().contains(certify::Spelling::classic));
  BOOST_TEST(outer_rooks_only.castling().used().value_or(9) == 0U);
}
