// Which class a case belongs to, from what it states: the rules of corpus/conformance/README.md,
// written once. The loader uses them to derive the class of a case that states none and to
// check the class of a case that states one.
#pragma once

#include <optional>
#include <string_view>

#include "conformance/conformance_case.hpp"

namespace xfen::conformance {

struct ClassRule {
  std::optional<CaseClass> case_class;  // none: no rule fits the case
  // The rule that decided, as a clause a problem can quote: `a case with "error" is "invalid"`;
  // or, with no class, why none fits.
  std::string_view rule;
};

// Needs the members that decide: the outcome, the profile, the writing styles and the legality
// findings.
ClassRule class_rule(const Case& c) noexcept;

}  // namespace xfen::conformance
