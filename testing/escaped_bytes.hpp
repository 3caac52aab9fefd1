// Bytes as the body of a C string literal: printable ASCII as is, everything else escaped, so that
// an input in a report (a broken law, a crash note, a failed check) can be pasted into a test or a
// shell, and no byte of it can be misread or lost on a terminal.
#pragma once

#include <string>
#include <string_view>

namespace xfen::testing {

inline std::string escaped(std::string_view bytes) {
  std::string out;
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (byte >= 0x20 && byte < 0x7f) {
      out += c;
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0x0f];
    }
  }
  return out;
}

}  // namespace xfen::testing
