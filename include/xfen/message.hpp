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

// The one way xfen shows people bytes it did not write: a record's token in a sentence, a file
// name, a PGN tag value, a program's answer in a report. Printable ASCII stays as it is; any other
// byte, the backslash and the single quote become \xNN with two lower-case hex digits. The text is
// then one line of ASCII, a token between single quotes cannot be misread, and every \xNN stands
// for one byte, so the bytes can be recovered.
inline constexpr std::size_t kMaxPrintableByteSize = 4;  // "\xNN"

// Writes how `byte` is shown into `out` and returns how many characters that took (1 or 4).
[[nodiscard]] constexpr std::size_t printable_byte(char byte,
                                                   std::span<char, kMaxPrintableByteSize> out) noexcept {
  const auto value = static_cast<unsigned char>(byte);
  if (value >= 0x20 && value < 0x7f && byte != '\\' && byte != '\'') {
    out[0] = byte;
    return 1;
  }
  constexpr std::string_view kHexDigits = "0123456789abcdef";
  out[0] = '\\';
  out[1] = 'x';
  out[2] = kHexDigits[value >> 4];
  out[3] = kHexDigits[value & 0x0f];
  return kMaxPrintableByteSize;
}

// `bytes` as printable_byte shows them, appended to `out`.
XFEN_EXPORT void append_printable(std::string& out, std::string_view bytes);
[[nodiscard]] XFEN_EXPORT std::string printable(std::string_view bytes);

}  // namespace xfen
