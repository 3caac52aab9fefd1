// Shell-style wildcards for selecting cases by id: `*` stands for any run of bytes (also none),
// `?` for any one byte, every other byte for itself. No brackets and no escapes: ids are made of
// lower-case letters, digits, '.' and '-'.
#pragma once

#include <string_view>

namespace xfen::conformance {

bool glob_matches(std::string_view pattern, std::string_view text) noexcept;

}  // namespace xfen::conformance
