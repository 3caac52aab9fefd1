// Whether a case id (or a group name) may become a file name in an export: only names that
// cannot climb out of the directory or mean anything special to a file system are taken, so
// that a suite from anywhere cannot make an export write outside its directory.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace xfen::conformance {

// Leaves room for the longest suffix (".write-error") under the 255 bytes most file systems allow.
inline constexpr std::size_t kMaxFileNameStem = 200;

// Empty when `name` matches ^[A-Za-z0-9][A-Za-z0-9.-]*$, holds no "..", and has at most
// kMaxFileNameStem bytes; otherwise the reason, as a clause: "holds \"..\"". Upper case is
// allowed because the suite's ids use it (castling.token-order-qkQK); names that differ only in
// case are the caller's to refuse (case_folded).
std::string file_name_refusal(std::string_view name);

// `name` with A-Z as a-z: names equal this way are one file on a case-insensitive file system.
std::string case_folded(std::string_view name);

}  // namespace xfen::conformance
