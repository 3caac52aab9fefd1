// Bytes from a PGN file quoted in a message: printable ASCII as it is, any other byte as \xNN, so
// that a message is one safe line whatever the file holds. The backslash and the single quote are
// written as \xNN too, as the core library's messages do, so that a quoted byte cannot be misread.
#pragma once

#include <string>
#include <string_view>

namespace xfen::pgn {

inline void append_printable(std::string& out, std::string_view bytes) {
  constexpr std::string_view kHex = "0123456789abcdef";
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f && c != '\\' && c != '\'') {
      out += c;
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0x0f];
    }
  }
}

}  // namespace xfen::pgn
