// The RapidCheck driver of the generator library (testing/generate): every choice a generator
// makes is a RapidCheck draw from [0, bound), which shrinks towards 0, the simplest choice; so a
// failing case shrinks towards fewer pieces, 8 files, White to move, no rights and small
// counters. Positions print as X-FEN. Every value made is noted as the record under test
// (crash_context.hpp), so that a crash in the library names it.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <ostream>
#include <utility>

#include "crash_context.hpp"
#include "generate/choices.hpp"
#include "generate/positions.hpp"
#include "generate/variants.hpp"
#include "xfen/xfen.hpp"

namespace xfen {

// RapidCheck shows values with operator<<: a position as its record in every style that writes
// it, so a failure names the minimal record.
inline std::ostream& operator<<(std::ostream& os, const Position& position) {
  const auto xfen = to_string(position);
  const auto always = to_string(position, {CastlingStyle::shredder, EnPassantStyle::always});
  if (xfen)
    os << xfen.text;
  else
    os << "<unwritable: " << code_name(xfen.error.code) << ">";
  if (always) os << "  (shredder/always: " << always.text << ")";
  return os;
}

namespace generate {

inline std::ostream& operator<<(std::ostream& os, const EnPassantCase& c) {
  return os << c.position << " pushed=" << c.pushed.file_letter() << c.pushed.rank_digit()
            << " capturers=" << c.capturers << " pinned=" << c.pinned;
}

inline void testing(const EnPassantCase& c) { prop::testing(c.position); }
inline void testing(const Variant& v) { prop::testing(v.text); }

}  // namespace generate
}  // namespace xfen

namespace xfen::prop {

// Choices drawn inside rc::gen::exec.
class RapidCheckChoices final : public generate::Choices {
 private:
  std::uint32_t draw(std::uint32_t bound) override {
    return *rc::gen::inRange<std::uint32_t>(0, bound);
  }
};

// A library generator (a callable taking Choices&) as a RapidCheck generator.
template <class Generator>
auto gen(Generator generator) {
  return rc::gen::exec([generator = std::move(generator)] {
    RapidCheckChoices choices;
    auto value = generator(choices);
    testing(value);
    return value;
  });
}

}  // namespace xfen::prop

namespace rc {

template <>
struct Arbitrary<xfen::Position> {
  static Gen<xfen::Position> arbitrary() { return xfen::prop::gen(xfen::generate::any_position); }
};

}  // namespace rc
