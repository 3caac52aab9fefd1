#include "conformance/case_class.hpp"

#include "conformance/enum_names.hpp"

namespace xfen::conformance {
namespace {

// Indexed by CaseClass, whose enumerators are declared in this order.
constexpr std::array<std::string_view, 4> kNames = {"valid", "invalid", "implementation-defined",
                                                    "dialect"};

}  // namespace

std::string_view case_class_name(CaseClass value) noexcept { return name_in(kNames, value); }

std::optional<CaseClass> case_class_from_name(std::string_view name) noexcept {
  return value_named<CaseClass>(kNames, name);
}

std::span<const std::string_view> case_class_names() noexcept { return kNames; }

}  // namespace xfen::conformance
