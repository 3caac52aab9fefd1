// The plug-in's implementation (fuzz/plugin/xfen_plugin.hpp: by default the simple model of SPEC;
// whatever XFEN_PLUGIN_SOURCES builds in) agrees with xfen on generated records: the records of
// generative certification (testing/generate/records.hpp: every family of positions, 8×8 and
// 10×8, in every spelling, sometimes mutated into invalid ones), each graded as `xfen certify`
// grades a program's answer (fuzz/oracle.hpp). Where the `plugin` fuzz target searches from the
// suite's records, this draws records of every kind and shrinks a failure to a simplest record,
// in every test build, so that `ctest` tests the user's implementation too.
#define BOOST_TEST_MODULE plugin_property
#include <rapidcheck/boost_test.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>

#include "../testing/escaped_bytes.hpp"
#include "generate/records.hpp"
#include "oracle.hpp"
#include "plugin_answer.hpp"
#include "rapidcheck_choices.hpp"
#include "xfen_plugin.hpp"

namespace xfen::generate {

inline void testing(const GeneratedRecord& record) { prop::testing(record.text); }

}  // namespace xfen::generate

namespace {

using namespace xfen;

// As the fuzz target learns an undeclared spelling: in process it costs milliseconds.
constexpr std::size_t kSpellingRecords = 1000;

struct PluginUnderTest {
  std::unique_ptr<plugin::Implementation> implementation;
  std::optional<fuzz::Oracle> oracle;
  std::string problem;  // why it cannot be tested: its declarations are wrong
};

PluginUnderTest start() {
  PluginUnderTest under_test{plugin::make_implementation(), std::nullopt, {}};
  if (!under_test.implementation) {
    under_test.problem = "the plug-in's make_implementation() made no implementation";
    return under_test;
  }
  plugin::Implementation& implementation = *under_test.implementation;
  auto declared = fuzz::read_declarations(implementation.accept_spelling(), "", implementation.supports());
  if (const auto* problem = std::get_if<std::string>(&declared)) {
    under_test.problem = std::string(implementation.name()) + " declares " + *problem;
    return under_test;
  }
  under_test.oracle.emplace(std::get<fuzz::OracleDeclarations>(std::move(declared)));
  if (implementation.accept_spelling().empty())
    if (auto undecided = under_test.oracle->learn_spelling(
            [&implementation](std::string_view record) { return fuzz::plugin_answer(implementation, record); },
            kSpellingRecords))
      under_test.problem = std::string(implementation.name()) + ": " + *undecided;
  return under_test;
}

PluginUnderTest& plugin_under_test() {
  static PluginUnderTest started = start();
  return started;
}

std::string expectation_name(certify::Expectation expectation) {
  switch (expectation) {
    case certify::Expectation::accept: return "xfen accepts";
    case certify::Expectation::reject: return "xfen rejects";
    case certify::Expectation::either: return "either (illegal)";
  }
  return {};
}

std::string expected_answer(const certify::CertifyCase& c) {
  switch (c.expectation) {
    case certify::Expectation::accept: return "ok " + c.expected;
    case certify::Expectation::reject: return "error (" + c.rule + ")";
    case certify::Expectation::either: return "error, or ok " + c.expected + " (" + c.rule + ")";
  }
  return {};
}

std::string their_answer(const certify::Answer& answer) {
  const std::optional<std::string> line = certify::answer_line(answer);
  std::string theirs = line ? testing::escaped(*line) : std::string(certify::answer_kind_name(answer.kind));
  if (!answer.detail.empty()) theirs += " (" + answer.detail + ")";
  return theirs;
}

}  // namespace

RC_BOOST_PROP(plugin_agrees_with_xfen, ()) {
  PluginUnderTest& under_test = plugin_under_test();
  if (!under_test.problem.empty()) RC_FAIL(under_test.problem);
  const generate::GeneratedRecord record = *prop::gen(generate::records_for(generate::RecordProfile::all));
  const std::optional<certify::CertifyCase> c = under_test.oracle->case_for(record.text);
  RC_PRE(c.has_value());  // not one line, or a record of a game the implementation does not support
  const certify::Answer answer = fuzz::plugin_answer(*under_test.implementation, c->input);
  RC_TAG(expectation_name(c->expectation));
  const std::optional<certify::DisagreementKey> key = under_test.oracle->disagreement(*c, answer);
  if (!key) return;
  const std::string report = std::string(under_test.implementation->name()) + " disagrees with xfen: " +
                             certify::to_string(*key) + "\n  record:  \"" + testing::escaped(c->input) + "\"" +
                             "\n  xfen:    " + testing::escaped(expected_answer(*c)) +
                             "\n  theirs:  " + their_answer(answer);
  RC_FAIL(report);
}
