// The sentence a diagnostic stands for, naming the token, square or value. Apart from
// diagnostic.hpp so that code that only reads codes and offsets does not pay for <string>.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "xfen/diagnostic.hpp"
#include "xfen/export.hpp"

namespace xfen {

// No sentence is longer: the longest template, a token cut to 24 bytes each shown as \xNN, and
// the largest numbers.
inline constexpr std::size_t kMaxMessageSize = 320;

// Writes the sentence into `out` without allocating and returns its whole size, as snprintf
// does: a buffer of kMaxMessageSize bytes always holds it, a shorter one receives its start.
// `record` is the text the diagnostic was found in (empty for a diagnostic about a position, whose
// `value` names what the sentence quotes). Bytes that are not printable ASCII are shown as \xNN,
// so the sentence is one safe line.
[[nodiscard]] XFEN_EXPORT std::size_t format_message(const Diagnostic& diagnostic,
                                                     std::string_view record,
                                                     std::span<char> out) noexcept;

// The same sentence as a string: one allocation.
[[nodiscard]] XFEN_EXPORT std::string message(const Diagnostic& diagnostic,
                                              std::string_view record = {});

}  // namespace xfen
