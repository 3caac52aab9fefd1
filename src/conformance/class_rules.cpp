#include "conformance/class_rules.hpp"

namespace xfen::conformance {

// The order settles the overlaps: a rejection is invalid whatever the profile; a lenient reading
// is implementation-defined whatever the styles; an illegal position is implementation-defined
// even when written in a dialect, since rejecting it is allowed.
ClassRule class_rule(const Case& c) noexcept {
  if (c.outcome == Outcome::rejected)
    return {CaseClass::invalid, R"(a case with "error" is "invalid")"};
  if (c.parse_options.profile == Profile::lenient)
    return {CaseClass::implementation_defined,
            R"(a lenient case with "output" or "write_error" is "implementation-defined")"};
  if (c.legality && !c.legality->empty())
    return {CaseClass::implementation_defined,
            R"(a case with a legality finding (an illegal position) is "implementation-defined")"};
  if (!c.default_styles())
    return {CaseClass::dialect,
            R"(a strict case with a castling or en_passant style other than "xfen" is "dialect")"};
  if (c.outcome == Outcome::accepted)
    return {
        CaseClass::valid,
        R"(a strict case in the default styles with "output" and no legality finding is "valid")"};
  return {std::nullopt,
          R"(no class fits a strict case in the default styles with "write_error")"};
}

}  // namespace xfen::conformance
