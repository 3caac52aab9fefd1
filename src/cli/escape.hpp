// Bytes made safe for a one-line message: those that are not printable ASCII shown as \xNN, as
// xfen::message shows the bytes of a record.
#pragma once

#include <string>
#include <string_view>

namespace xfen::cli {

constexpr bool is_printable_ascii(char byte) noexcept { return byte >= 0x20 && byte < 0x7f; }

// For people: a file name or record on one line.
std::string escaped(std::string_view bytes);

// For programs: the backslash is escaped too (\x5C), so that every \xNN stands for one byte and
// the original bytes can be recovered.
std::string escaped_reversibly(std::string_view bytes);

}  // namespace xfen::cli
