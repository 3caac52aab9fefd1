// The conformance library itself: the loader turns a broken case into a problem that names it,
// and the judge catches every kind of wrong answer. Without these, a runner that passes every
// case could simply be a runner that compares nothing.
#define BOOST_TEST_MODULE conformance_library
#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "conformance/case_filter.hpp"
#include "conformance/glob_match.hpp"
#include "conformance/judge.hpp"
#include "conformance/nearest_names.hpp"
#include "conformance/suite_loader.hpp"

namespace {

namespace conformance = xfen::conformance;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

conformance::Case read_good(const std::string& line, const std::string& group) {
  conformance::Case c;
  const std::vector<std::string> problems = conformance::read_case(line, group, c);
  BOOST_TEST(problems.empty(), line << " gives problems");
  for (const std::string& problem : problems) BOOST_TEST_MESSAGE(problem);
  return c;
}

std::string first_problem(const std::string& line, const std::string& group = "board") {
  conformance::Case c;
  const std::vector<std::string> problems = conformance::read_case(line, group, c);
  return problems.empty() ? std::string("(none)") : problems.front();
}

std::vector<std::string> mismatch_names(const conformance::Case& c,
                                        const conformance::Observation& seen) {
  std::vector<std::string> names;
  for (const conformance::Mismatch& m : conformance::judge(c, seen).mismatches)
    names.push_back(m.what);
  return names;
}

}  // namespace

BOOST_AUTO_TEST_CASE(loader_reads_every_member) {
  const conformance::Case c = read_good(
      R"({"id": "lenient.x", "input": "a", "profile": "lenient", "castling": "shredder",)"
      R"( "en_passant": "legal", "write_error": {"code": "write.needs-file-letter", "message": "m"},)"
      R"( "warnings": [{"code": "record.separator", "offset": 3, "message": "w"}], "note": "n"})",
      "lenient");
  BOOST_TEST(c.id == "lenient.x");
  BOOST_TEST((c.parse_options.profile == xfen::Profile::lenient));
  BOOST_TEST((c.write_options.castling == xfen::CastlingStyle::shredder));
  BOOST_TEST((c.write_options.en_passant == xfen::EnPassantStyle::legal));
  BOOST_TEST((c.outcome == conformance::Outcome::write_refused));
  BOOST_TEST(c.error.code == "write.needs-file-letter");
  BOOST_TEST(!c.error.offset.has_value());
  BOOST_TEST(c.error.message.value_or("") == "m");
  BOOST_TEST(c.warnings.size() == 1U);
  BOOST_TEST(c.warnings[0].offset.value_or(0) == 3U);
  BOOST_TEST(c.warnings[0].message.value_or("") == "w");
  BOOST_TEST(c.note == "n");

  const conformance::Case legal = read_good(
      R"({"id": "legality.y", "input": "b", "output": "b",)"
      R"( "legality": [{"code": "legal.king-count", "offset": 0}]})",
      "legality");
  BOOST_TEST_REQUIRE(legal.legality.has_value());
  BOOST_TEST(legal.legality->at(0).code == "legal.king-count");
  BOOST_TEST(!legal.legality->at(0).message.has_value());
}

BOOST_AUTO_TEST_CASE(loader_names_each_broken_case) {
  BOOST_TEST(first_problem("{") == "not valid JSON");
  BOOST_TEST(first_problem("[]") == "not a JSON object");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "outptu": "x"})") ==
             "unknown member \"outptu\"");
  BOOST_TEST(first_problem(R"({"id": "side.a", "input": "x", "output": "x"})") ==
             "id \"side.a\" does not start with \"board.\"");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x"})") ==
             "needs exactly one of \"output\", \"error\" and \"write_error\"");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "output": "x", "error": {"code": "side.invalid", "offset": 0}})") ==
             "needs exactly one of \"output\", \"error\" and \"write_error\"");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "error": {"code": "board.nope", "offset": 0}})") ==
             "\"error\" has an unknown code \"board.nope\"");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "error": {"code": "side.invalid"}})") ==
             "\"error\" needs an \"offset\"");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "error": {"code": "side.invalid", "offset": -1}})") ==
             "\"error\" needs an offset that is a whole number from 0 to 4294967295");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "error": {"code": "side.invalid", "offset": 0, "message": 7}})") ==
             "\"error\" needs a \"message\" that is a non-empty string");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "error": {"code": "side.invalid", "offset": 0, "message": ""}})") ==
             "\"error\" needs a \"message\" that is a non-empty string");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "castling": "classic", "write_error": {"code": "write.castling-prefix", "message": null}})") ==
             "\"write_error\" needs a \"message\" that is a non-empty string");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "output": "x", "warnings": [{"code": "record.separator", "offset": 0, "message": ["w"]}]})") ==
             "warnings[0] needs a \"message\" that is a non-empty string");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "output": "x", "castling": "fide"})") ==
             "unknown castling \"fide\"");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "output": "x", "warnings": []})") ==
             "\"warnings\" is empty: leave it out instead");
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "error": {"code": "side.invalid", "offset": 0}, "legality": []})") ==
             "\"legality\" goes with \"output\" or \"write_error\"");
  BOOST_TEST(first_problem(R"({"id": "legality.a", "input": "x", "output": "x"})", "legality") ==
             "a legality.jsonl case needs \"legality\"");
  BOOST_TEST(first_problem(R"({"id": "legality.a", "input": "x", "output": "x", "legality": ["legal.king-count"]})", "legality") ==
             "legality[0] needs a \"code\" string");
}

BOOST_AUTO_TEST_CASE(loader_names_file_and_line_and_repeated_ids) {
  const auto directory = std::filesystem::temp_directory_path() / "xfen_conformance_library_test";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  std::ofstream(directory / "side.jsonl")
      << R"({"id": "side.a", "input": "x", "output": "x"})" << "\n"
      << R"({"id": "side.b", "input": "x"})" << "\n"
      << R"({"id": "side.a", "input": "y", "output": "y"})" << "\n"
      << R"({"id": "side.c", "input": "x", "error": {"code": "side.invalid", "offset": 0, "message": 1}})" << "\n";
  std::ofstream(directory / "board.jsonl");  // empty
  const conformance::Suite suite = conformance::load_suite(directory);
  BOOST_TEST(suite.cases.size() == 1U);
  BOOST_TEST(suite.groups == (std::vector<std::string>{"board", "side"}),
             boost::test_tools::per_element());
  const std::vector<std::string> expected = {
      "board.jsonl: no cases",
      "side.jsonl:2: needs exactly one of \"output\", \"error\" and \"write_error\"",
      "side.jsonl:3: id side.a repeats side.jsonl:1",
      "side.jsonl:4: \"error\" needs a \"message\" that is a non-empty string"};
  BOOST_TEST(suite.problems == expected, boost::test_tools::per_element());
  std::filesystem::remove_all(directory);
}

BOOST_AUTO_TEST_CASE(judge_passes_the_library_on_a_good_case) {
  const conformance::Case c = read_good(
      std::string(R"({"id": "record.a", "input": ")") + kStart + R"(", "output": ")" + kStart + "\"}",
      "record");
  BOOST_TEST(conformance::judge(c, conformance::observe_library(c)).passed());
}

BOOST_AUTO_TEST_CASE(judge_catches_each_kind_of_wrong_answer) {
  const conformance::Case accepted = read_good(
      std::string(R"({"id": "record.a", "input": ")") + kStart + R"(", "output": ")" + kStart + "\"}",
      "record");
  conformance::Observation seen = conformance::observe_library(accepted);
  seen.output.back() = '2';
  BOOST_TEST(mismatch_names(accepted, seen) == std::vector<std::string>{"output"});
  seen.accepted = false;
  BOOST_TEST(mismatch_names(accepted, seen) == std::vector<std::string>{"reading"});

  const conformance::Case rejected = read_good(
      R"({"id": "side.a", "input": "4k3/8/8/8/8/8/8/4K3 W - - 0 1", "error": {"code": "side.invalid", "offset": 20}})",
      "side");
  seen = conformance::observe_library(rejected);
  BOOST_TEST(conformance::judge(rejected, seen).passed());
  seen.error->offset = 21;
  BOOST_TEST(mismatch_names(rejected, seen) == std::vector<std::string>{"error"});
  seen.error->offset = 20;
  seen.error->code = "side.nope";
  BOOST_TEST(mismatch_names(rejected, seen) == std::vector<std::string>{"error"});
  seen.accepted = true;
  BOOST_TEST(mismatch_names(rejected, seen) == std::vector<std::string>{"reading"});
  // An implementation that reports no code is judged on rejecting alone.
  seen.accepted = false;
  seen.error.reset();
  BOOST_TEST(conformance::judge(rejected, seen).passed());

  const conformance::Case legality = read_good(
      R"({"id": "legality.a", "input": "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "output": "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",)"
      R"( "legality": [{"code": "legal.pawn-on-back-rank", "offset": 16}]})",
      "legality");
  seen = conformance::observe_library(legality);
  BOOST_TEST(conformance::judge(legality, seen).passed());
  seen.legality->at(0).offset = 17;
  BOOST_TEST(mismatch_names(legality, seen) == std::vector<std::string>{"legality findings"});
  seen.legality_total = 2;
  BOOST_TEST(mismatch_names(legality, seen) ==
             (std::vector<std::string>{"legality finding count", "legality findings"}));

  const conformance::Case warned = read_good(
      std::string(R"({"id": "lenient.a", "input": " )") + kStart + R"(", "profile": "lenient", "output": ")" +
          kStart + R"(", "warnings": [{"code": "record.separator", "offset": 0}]})",
      "lenient");
  seen = conformance::observe_library(warned);
  BOOST_TEST(conformance::judge(warned, seen).passed());
  seen.warnings->clear();
  BOOST_TEST(mismatch_names(warned, seen) == std::vector<std::string>{"warnings"});
  seen.warning_total = 0;
  BOOST_TEST(mismatch_names(warned, seen) == std::vector<std::string>{"warning count"});
  seen.warnings = {{.code = "record.separator", .offset = 0, .message = std::nullopt},
                   {.code = "record.separator", .offset = 9, .message = std::nullopt}};
  seen.warning_total = 2;
  BOOST_TEST(mismatch_names(warned, seen) ==
             (std::vector<std::string>{"warning count", "warnings"}));

  const conformance::Case refused = read_good(
      R"({"id": "dialects.a", "input": "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "castling": "classic", "write_error": {"code": "write.needs-file-letter"}})",
      "dialects");
  seen = conformance::observe_library(refused);
  BOOST_TEST(conformance::judge(refused, seen).passed());
  seen.write_error.reset();
  BOOST_TEST(mismatch_names(refused, seen) == std::vector<std::string>{"writing"});
}

// The sentences are xfen's wording: judged when the case states one and the implementation reports
// one, each apart from its code and offset, with both sentences in the mismatch.
BOOST_AUTO_TEST_CASE(judge_compares_sentences_when_both_sides_have_one) {
  const conformance::Case rejected = read_good(
      R"({"id": "side.a", "input": "4k3/8/8/8/8/8/8/4K3 W - - 0 1", "error": {"code": "side.invalid", "offset": 20,)"
      R"( "message": "side to move 'W' is neither 'w' nor 'b'"}})",
      "side");
  conformance::Observation seen = conformance::observe_library(rejected);
  BOOST_TEST(conformance::judge(rejected, seen).passed());
  seen.error->message = "side to move 'W' is wrong";
  const conformance::Verdict verdict = conformance::judge(rejected, seen);
  BOOST_TEST_REQUIRE(verdict.mismatches.size() == 1U);
  BOOST_TEST(verdict.mismatches[0].what == "error message");
  BOOST_TEST(verdict.mismatches[0].expected == "side to move 'W' is neither 'w' nor 'b'");
  BOOST_TEST(verdict.mismatches[0].actual == "side to move 'W' is wrong");
  // An implementation that writes no sentences is judged on codes and offsets alone.
  seen.error->message.reset();
  BOOST_TEST(conformance::judge(rejected, seen).passed());

  const conformance::Case warned = read_good(
      std::string(R"({"id": "lenient.a", "input": " )") + kStart + R"(", "profile": "lenient", "output": ")" +
          kStart + R"(", "warnings": [{"code": "record.separator", "offset": 0, "message": "white space ' ' at byte 0)"
          R"( accepted; strict X-FEN has exactly one space between fields and none around them"}]})",
      "lenient");
  seen = conformance::observe_library(warned);
  BOOST_TEST(conformance::judge(warned, seen).passed());
  seen.warnings->at(0).message = "white space accepted";
  BOOST_TEST(mismatch_names(warned, seen) == std::vector<std::string>{"warning 1 message"});

  const conformance::Case legality = read_good(
      R"({"id": "legality.a", "input": "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "output": "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",)"
      R"( "legality": [{"code": "legal.pawn-on-back-rank", "offset": 16,)"
      R"( "message": "white pawn on a1: pawns never stand on rank 1 or 8"}]})",
      "legality");
  seen = conformance::observe_library(legality);
  BOOST_TEST(conformance::judge(legality, seen).passed());
  seen.legality->at(0).message = "black pawn on a1: pawns never stand on rank 1 or 8";
  BOOST_TEST(mismatch_names(legality, seen) == std::vector<std::string>{"legality finding 1 message"});
  // A case without a sentence takes any.
  conformance::Case without_sentence = legality;
  without_sentence.legality->at(0).message.reset();
  BOOST_TEST(conformance::judge(without_sentence, seen).passed());

  const conformance::Case refused = read_good(
      R"({"id": "dialects.a", "input": "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "castling": "classic",)"
      R"( "write_error": {"code": "write.needs-file-letter", "message": "classic FEN cannot write the castling)"
      R"( right of the inner rook on g1; use X-FEN or Shredder-FEN"}})",
      "dialects");
  seen = conformance::observe_library(refused);
  BOOST_TEST(conformance::judge(refused, seen).passed());
  seen.write_error->message = "classic FEN cannot write the castling right of the inner rook on h1";
  BOOST_TEST(mismatch_names(refused, seen) == std::vector<std::string>{"write error message"});
}

// --- classes and tags (issue 9) ---

namespace {

conformance::CaseClass class_of(const std::string& line, const std::string& group = "board") {
  return read_good(line, group).case_class;
}

}  // namespace

BOOST_AUTO_TEST_CASE(loader_derives_the_class_of_a_case_that_states_none) {
  using conformance::CaseClass;
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "output": "x"})") == CaseClass::valid));
  BOOST_TEST(read_good(R"({"id": "board.a", "input": "x", "output": "x"})", "board").tags.empty());
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "error": {"code": "side.invalid", "offset": 0}})") ==
              CaseClass::invalid));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "profile": "lenient", "error": {"code": "side.invalid", "offset": 0}})") ==
              CaseClass::invalid));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "profile": "lenient", "output": "x"})") ==
              CaseClass::implementation_defined));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "profile": "lenient", "castling": "classic", "write_error": {"code": "write.castling-prefix"}})") ==
              CaseClass::implementation_defined));
  BOOST_TEST((class_of(R"({"id": "legality.a", "input": "x", "output": "x", "legality": [{"code": "legal.king-count", "offset": 0}]})", "legality") ==
              CaseClass::implementation_defined));
  BOOST_TEST((class_of(R"({"id": "legality.a", "input": "x", "output": "x", "legality": []})", "legality") ==
              CaseClass::valid));
  // Any group may state findings: an illegal position is implementation-defined wherever it
  // stands, and before the writing styles are looked at.
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "output": "x", "legality": [{"code": "legal.king-count", "offset": 0}]})") ==
              CaseClass::implementation_defined));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "output": "x", "legality": []})") ==
              CaseClass::valid));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "castling": "classic", "output": "x", "legality": [{"code": "legal.king-count", "offset": 0}]})") ==
              CaseClass::implementation_defined));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "castling": "classic", "write_error": {"code": "write.castling-prefix"}, "legality": [{"code": "legal.king-count", "offset": 0}]})") ==
              CaseClass::implementation_defined));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "profile": "strict", "castling": "shredder", "output": "x"})") ==
              CaseClass::dialect));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "en_passant": "always", "output": "x"})") ==
              CaseClass::dialect));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "castling": "classic", "write_error": {"code": "write.castling-prefix"}})") ==
              CaseClass::dialect));
  BOOST_TEST((class_of(R"({"id": "board.a", "input": "x", "castling": "xfen", "en_passant": "xfen", "output": "x"})") ==
              CaseClass::valid));
}

BOOST_AUTO_TEST_CASE(loader_reads_a_stated_class_and_tags) {
  const conformance::Case c = read_good(
      R"({"id": "board.a", "class": "dialect", "tags": ["10x8", "capablanca", "inner-rook"],)"
      R"( "input": "x", "castling": "shredder", "output": "x"})",
      "board");
  BOOST_TEST((c.case_class == conformance::CaseClass::dialect));
  BOOST_TEST(c.tags == (std::vector<std::string>{"10x8", "capablanca", "inner-rook"}),
             boost::test_tools::per_element());
  for (const std::string_view name : conformance::case_class_names())
    BOOST_TEST(conformance::case_class_name(*conformance::case_class_from_name(name)) == name);
  BOOST_TEST(!conformance::case_class_from_name("Valid").has_value());
}

// Each rule, broken by a case that states another class, is named in the problem.
BOOST_AUTO_TEST_CASE(loader_names_the_rule_a_stated_class_breaks) {
  BOOST_TEST(first_problem(R"({"id": "board.a", "class": "valid", "input": "x", "error": {"code": "side.invalid", "offset": 0}})") ==
             R"("class" is "valid", but a case with "error" is "invalid")");
  BOOST_TEST(first_problem(R"({"id": "board.a", "class": "valid", "input": "x", "profile": "lenient", "output": "x"})") ==
             R"("class" is "valid", but a lenient case with "output" or "write_error" is "implementation-defined")");
  BOOST_TEST(first_problem(R"({"id": "legality.a", "class": "valid", "input": "x", "output": "x", "legality": [{"code": "legal.king-count", "offset": 0}]})", "legality") ==
             R"("class" is "valid", but a case with a legality finding (an illegal position) is "implementation-defined")");
  BOOST_TEST(first_problem(R"({"id": "board.a", "class": "valid", "input": "x", "en_passant": "legal", "output": "x"})") ==
             R"("class" is "valid", but a strict case with a castling or en_passant style other than "xfen" is "dialect")");
  BOOST_TEST(first_problem(R"({"id": "board.a", "class": "invalid", "input": "x", "output": "x"})") ==
             R"("class" is "invalid", but a strict case in the default styles with "output" and no legality finding is "valid")");
  // No class fits, stated or not.
  BOOST_TEST(first_problem(R"({"id": "board.a", "input": "x", "write_error": {"code": "write.castling-prefix"}})") ==
             R"(no class fits a strict case in the default styles with "write_error")");
  BOOST_TEST(first_problem(R"({"id": "board.a", "class": "optional", "input": "x", "output": "x"})") ==
             R"(unknown class "optional"; the classes are valid, invalid, implementation-defined, dialect)");
  BOOST_TEST(first_problem(R"({"id": "board.a", "class": ["valid"], "input": "x", "output": "x"})") ==
             R"("class" is not a string)");
}

BOOST_AUTO_TEST_CASE(loader_names_each_malformed_tags) {
  const auto with_tags = [](const std::string& tags) {
    return first_problem(R"({"id": "board.a", "tags": )" + tags + R"(, "input": "x", "output": "x"})");
  };
  BOOST_TEST(with_tags(R"("8x8")") == R"("tags" is not an array)");
  BOOST_TEST(with_tags("[]") == R"("tags" is empty: a case has at least one tag)");
  BOOST_TEST(with_tags(R"(["8x8", 7])") == "tags[1] is not a string");
  BOOST_TEST(with_tags(R"(["Inner-rook"])") == R"(tags[0] "Inner-rook" does not match ^[a-z0-9][a-z0-9-]*$)");
  BOOST_TEST(with_tags(R"(["-x"])") == R"(tags[0] "-x" does not match ^[a-z0-9][a-z0-9-]*$)");
  BOOST_TEST(with_tags(R"(["inner rook"])") == R"(tags[0] "inner rook" does not match ^[a-z0-9][a-z0-9-]*$)");
  BOOST_TEST(with_tags(R"([""])") == R"(tags[0] "" does not match ^[a-z0-9][a-z0-9-]*$)");
  BOOST_TEST(with_tags(R"(["8x8", "8x8"])") == R"(tags[1] "8x8" repeats the tag before it)");
  BOOST_TEST(with_tags(R"(["8x8", "10x8"])") == R"(tags[1] "10x8" comes after "8x8": tags are sorted)");
  BOOST_TEST(with_tags(R"(["10x8", "8x8", "bytes"])") == "(none)");
}

BOOST_AUTO_TEST_CASE(loader_names_file_and_line_of_a_wrong_class) {
  const auto directory = std::filesystem::temp_directory_path() / "xfen_conformance_class_test";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  std::ofstream(directory / "side.jsonl")
      << R"({"id": "side.a", "class": "valid", "tags": ["8x8"], "input": "x", "output": "x"})" << "\n"
      << R"({"id": "side.b", "class": "dialect", "tags": ["8x8"], "input": "x", "output": "x"})" << "\n"
      << R"({"id": "side.c", "class": "invalid", "tags": ["8x8", "8x8"], "input": "x", "error": {"code": "side.invalid", "offset": 0}})" << "\n";
  const conformance::Suite suite = conformance::load_suite(directory);
  const std::vector<std::string> expected = {
      R"(side.jsonl:2: "class" is "dialect", but a strict case in the default styles with "output" and no legality finding is "valid")",
      R"(side.jsonl:3: tags[1] "8x8" repeats the tag before it)"};
  BOOST_TEST(suite.problems == expected, boost::test_tools::per_element());
  BOOST_TEST_REQUIRE(suite.cases.size() == 1U);
  BOOST_TEST(suite.cases[0].line_text ==
             R"({"id": "side.a", "class": "valid", "tags": ["8x8"], "input": "x", "output": "x"})");
  std::filesystem::remove_all(directory);
}

// --- selecting cases ---

BOOST_AUTO_TEST_CASE(glob_matches_like_a_shell) {
  using conformance::glob_matches;
  BOOST_TEST(glob_matches("castling.*", "castling.inner-rook"));
  BOOST_TEST(!glob_matches("castling.*", "board.castling.x"));
  BOOST_TEST(glob_matches("*-10x8", "board.width-10x8"));
  BOOST_TEST(!glob_matches("*-10x8", "board.width-10x8-b"));
  BOOST_TEST(glob_matches("?oard.a", "board.a"));
  BOOST_TEST(!glob_matches("?board.a", "board.a"));
  BOOST_TEST(glob_matches("a*b*c", "aXbYbZc"));
  BOOST_TEST(glob_matches("*ab", "aaab"));  // the star must give back what it took
  BOOST_TEST(glob_matches("a**", "a"));
  BOOST_TEST(glob_matches("*", ""));
  BOOST_TEST(!glob_matches("?", ""));
  BOOST_TEST(glob_matches("board.a", "board.a"));
  BOOST_TEST(!glob_matches("board.a", "board.ab"));
  BOOST_TEST(!glob_matches("board.ab", "board.a"));
  BOOST_TEST(glob_matches("[a]", "[a]"));  // no brackets: literal
}

BOOST_AUTO_TEST_CASE(filter_takes_all_tags_any_class_and_any_id_glob) {
  conformance::Suite suite;
  const auto add = [&suite](std::string id, conformance::CaseClass case_class,
                            std::vector<std::string> tags) {
    conformance::Case c;
    c.id = std::move(id);
    c.case_class = case_class;
    c.tags = std::move(tags);
    suite.cases.push_back(std::move(c));
  };
  using conformance::CaseClass;
  add("board.a", CaseClass::valid, {"10x8", "capablanca"});
  add("board.b", CaseClass::invalid, {"10x8"});
  add("side.c", CaseClass::dialect, {"8x8", "capablanca"});
  add("side.d", CaseClass::valid, {});
  const auto ids = [&suite](const conformance::CaseFilter& filter) {
    std::vector<std::string> selected;
    for (const conformance::Case* c : conformance::select_cases(suite, filter)) selected.push_back(c->id);
    return selected;
  };
  using Ids = std::vector<std::string>;
  BOOST_TEST(ids({}) == (Ids{"board.a", "board.b", "side.c", "side.d"}), boost::test_tools::per_element());
  BOOST_TEST(conformance::CaseFilter{}.selects_all());
  BOOST_TEST(ids({.tags = {"10x8"}}) == (Ids{"board.a", "board.b"}), boost::test_tools::per_element());
  BOOST_TEST(ids({.tags = {"10x8", "capablanca"}}) == (Ids{"board.a"}), boost::test_tools::per_element());
  BOOST_TEST(ids({.tags = {"nothing"}}).empty());
  BOOST_TEST(ids({.classes = {CaseClass::valid, CaseClass::dialect}}) == (Ids{"board.a", "side.c", "side.d"}),
             boost::test_tools::per_element());
  BOOST_TEST(ids({.id_globs = {"side.*"}}) == (Ids{"side.c", "side.d"}), boost::test_tools::per_element());
  BOOST_TEST(ids({.tags = {"capablanca"}, .classes = {CaseClass::valid}, .id_globs = {"*.a"}}) == (Ids{"board.a"}),
             boost::test_tools::per_element());
  BOOST_TEST(ids({.id_globs = {""}}).empty());  // an empty pattern matches the empty id only
  BOOST_TEST(!conformance::CaseFilter{.id_globs = {""}}.selects_all());
  BOOST_TEST(ids({.id_globs = {"side.d", "board.*"}}) == (Ids{"board.a", "board.b", "side.d"}),
             boost::test_tools::per_element());

  // A selection of nothing says why, with what the user may have meant.
  using conformance::why_nothing_is_selected;
  BOOST_TEST(!why_nothing_is_selected(suite, {}));
  BOOST_TEST(!why_nothing_is_selected(suite, {.tags = {"10x8"}}));
  BOOST_TEST(why_nothing_is_selected(suite, {.tags = {"10X8"}}).value_or("") ==
             "no case has the tag '10X8'; did you mean '10x8'? (the tags are '10x8', '8x8' or 'capablanca')");
  BOOST_TEST(why_nothing_is_selected(suite, {.tags = {"10x8"}, .id_globs = {"side.*", "bord.a"}}).value_or("") ==
             "no case id matches 'bord.a'; did you mean 'board.a' or 'board.b'? (`xfen suite list` lists the ids)");
  BOOST_TEST(why_nothing_is_selected(suite, {.tags = {"nothing"}}).value_or("").starts_with(
      "no case has the tag 'nothing' (the tags"));
  BOOST_TEST(why_nothing_is_selected(suite, {.tags = {"8x8"}, .classes = {CaseClass::valid}}).value_or("") ==
             "no case matches all of --tag 8x8 --class valid (each matches some case on its own; the classes "
             "are 'valid', 'invalid', 'implementation-defined' or 'dialect')");
}

BOOST_AUTO_TEST_CASE(nearest_names_forgive_case_wildcards_and_typos) {
  using conformance::nearest_names;
  const std::vector<std::string> names{"castling.spec-example-BGbg", "castling.spec-example", "board.start"};
  BOOST_TEST(nearest_names("castling.spec-exmaple-BGbg", names) ==
                 (std::vector<std::string>{"castling.spec-example-BGbg"}),
             boost::test_tools::per_element());
  BOOST_TEST(nearest_names("castling.spec-exmaple*", names) ==
                 (std::vector<std::string>{"castling.spec-example-BGbg", "castling.spec-example"}),
             boost::test_tools::per_element());
  BOOST_TEST(nearest_names("CASTLING.SPEC-EXAMPLE", names) == (std::vector<std::string>{"castling.spec-example"}),
             boost::test_tools::per_element());
  BOOST_TEST(nearest_names("pgn.start", names).empty());
  BOOST_TEST(nearest_names("board.strt", names, 1) == (std::vector<std::string>{"board.start"}),
             boost::test_tools::per_element());
  BOOST_TEST(conformance::quoted_choices(std::vector<std::string>{"a"}) == "'a'");
  BOOST_TEST(conformance::quoted_choices(std::vector<std::string>{}) == "");
}
