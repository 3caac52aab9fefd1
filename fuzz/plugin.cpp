// Fuzz target `plugin`: someone else's X-FEN implementation written in C++, linked into the
// target through the plug-in interface (fuzz/plugin/xfen_plugin.hpp), with xfen as the oracle.
// Why in process rather than as a program (`external`): libFuzzer's coverage guidance then sees
// the implementation's own branches, not only xfen's, so the search goes where the
// implementation's corners are; and a record costs a call instead of a round trip through a pipe,
// so there are thousands of them a second. Each input that is one record is read and written by
// the implementation and graded as `xfen certify` grades a program's answer (fuzz/oracle.hpp); a
// disagreement, or an exception escaping the implementation (what a program would have died of),
// is reported and the target aborts, so that libFuzzer keeps the input.
//
// Which implementation: the one the build links in (fuzz/plugin/plugin.cmake,
// XFEN_PLUGIN_SOURCES), by default the simple model of SPEC, which must agree with xfen on every
// record. The same source is also built as `plugin_planted`, with a copy of the simple model that
// has one planted bug (fuzz/plugin/planted_bug_plugin.cpp): a fixture that fuzzing must find.
// What the implementation declares it says itself (accept_spelling, supports), and every answer is
// held to that spelling on its own record; when it declares none, its spelling is learnt first
// from its answers to XFEN_FUZZ_SPELLING_RECORDS generated records (1000), in milliseconds, and
// fixed as the declaration for the run (no single spelling: exit 2, asking for a declaration).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include "fuzz_support.hpp"
#include "oracle.hpp"
#include "plugin_answer.hpp"
#include "xfen_plugin.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "plugin";

struct PluginUnderTest {
  std::unique_ptr<plugin::Implementation> implementation;
  fuzz::Oracle oracle;

  certify::Answer ask(std::string_view record) { return fuzz::plugin_answer(*implementation, record); }
};

PluginUnderTest& plugin_under_test() {
  static PluginUnderTest* const started = [] {
    std::unique_ptr<plugin::Implementation> implementation = plugin::make_implementation();
    if (!implementation) fuzz::stop_with_usage_error(kTarget, "the plug-in's make_implementation() made no implementation");
    const std::string name(implementation->name());
    auto declared = fuzz::read_declarations(implementation->accept_spelling(), "", implementation->supports());
    if (const auto* problem = std::get_if<std::string>(&declared))
      fuzz::stop_with_usage_error(kTarget, name + " declares " + *problem);
    auto* made = new PluginUnderTest{std::move(implementation),
                                     fuzz::Oracle(std::get<fuzz::OracleDeclarations>(std::move(declared)))};
    const std::string_view accept_spelling = made->implementation->accept_spelling();
    if (accept_spelling.empty()) {
      // An exception while the spelling is learnt is a finding like any other.
      const std::optional<std::string> undecided = made->oracle.learn_spelling_for_target(
          kTarget, name, [made](std::string_view record) {
            certify::Answer answer = made->ask(record);
            if (answer.kind == certify::Answer::Kind::crash)
              made->oracle.check(kTarget, *made->oracle.case_for(record), answer);
            return answer;
          });
      if (undecided) fuzz::stop_with_usage_error(kTarget, name + ": " + *undecided);
    } else {
      std::fprintf(stderr, "fuzz_plugin: %s; spelling declared: %.*s\n", name.c_str(),
                   static_cast<int>(accept_spelling.size()), accept_spelling.data());
    }
    return made;
  }();
  return *started;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  PluginUnderTest& under_test = plugin_under_test();
  const auto c = under_test.oracle.case_for(fuzz::as_text(data, size));
  if (!c) return -1;  // not a record to send: libFuzzer keeps no such input in the corpus
  under_test.oracle.check(kTarget, *c, under_test.ask(c->input));
  return 0;
}
