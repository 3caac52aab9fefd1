// The class of a conformance case: what an implementation must do with it to conform, as
// corpus/conformance/README.md defines the four. Names are spelled as the suite's "class" member
// and the command's --class option spell them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace xfen::conformance {

enum class CaseClass : std::uint8_t {
  valid,                   // must be accepted and written exactly as `output`
  invalid,                 // must be rejected
  implementation_defined,  // lenient inputs, illegal positions: rejecting is fine, accepting
                           // only with the stated answer
  dialect,                 // a non-default writing style: its `output` where that style is
                           // written; X-FEN's writing of its (strict, legal) input anywhere
};

// "valid", "invalid", "implementation-defined", "dialect".
std::string_view case_class_name(CaseClass value) noexcept;

// The class a name stands for; nothing for any other text (names are case-sensitive).
std::optional<CaseClass> case_class_from_name(std::string_view name) noexcept;

// Every name, in the order of the enumeration, for messages and help texts.
std::span<const std::string_view> case_class_names() noexcept;

}  // namespace xfen::conformance
