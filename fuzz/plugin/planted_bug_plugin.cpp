// A test fixture: the simple model (simple_model_plugin.cpp) with ONE planted bug, for showing
// that the `plugin` target finds what a fixed conformance suite misses (fuzz_plugin_planted,
// built beside fuzz_plugin, never run by `xfen-fuzz ci` but by tests/oracle_fuzz_test.py, and
// plugin_property when built with it).
//
// The bug: with Black to move, a halfmove clock of 100 or more is written one lower
// ("... b - - 100 60" is written "... b - - 99 60"): a stand-in for the bugs that hide where two
// features meet.
//
// Why the suite misses it: it has records with Black to move and records whose halfmove clock
// has three digits or more (counters.halfmove-200, counters.halfmove-max, ...), but never both in
// one record (every one of those is White to move), and neither has the sample of corpus/positions
// among the fuzz targets' record seeds. Why fuzzing finds it: one mutation of a seed trips it, the
// side of a seed with a long clock turned to `b`, or a digit added to the clock of a seed with
// Black to move; the structure-aware mutator perturbs counters, and the comparisons on the side
// and the clock's length are traced for libFuzzer like xfen's own.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "simple_model_implementation.hpp"

namespace {

// The fields of a record the simple model wrote: six, split on single spaces.
std::vector<std::string> fields_of(const std::string& record) {
  std::vector<std::string> fields(1);
  for (const char c : record) {
    if (c == ' ')
      fields.emplace_back();
    else
      fields.back() += c;
  }
  return fields;
}

class PlantedBugImplementation final : public xfen::plugin::SimpleModelImplementation {
 public:
  std::string_view name() const override { return "simple model with a planted bug"; }

 private:
  void retouch(std::string& record) const override {
    std::vector<std::string> fields = fields_of(record);
    const std::string& halfmove_clock = fields[4];
    if (fields[1] != "b" || halfmove_clock.size() < 3) return;
    fields[4] = std::to_string(std::stoul(halfmove_clock) - 1);
    record = fields[0];
    for (std::size_t i = 1; i < fields.size(); ++i) record += ' ' + fields[i];
  }
};

}  // namespace

std::unique_ptr<xfen::plugin::Implementation> xfen::plugin::make_implementation() {
  return std::make_unique<PlantedBugImplementation>();
}
