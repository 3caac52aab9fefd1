#include "escape.hpp"

namespace xfen::cli {

namespace {

std::string escape(std::string_view bytes, bool escape_backslash) {
  static constexpr char kHexDigits[] = "0123456789ABCDEF";
  std::string text;
  text.reserve(bytes.size());
  for (const char byte : bytes) {
    if (is_printable_ascii(byte) && !(escape_backslash && byte == '\\')) {
      text += byte;
      continue;
    }
    const auto value = static_cast<unsigned char>(byte);
    text += "\\x";
    text += kHexDigits[value >> 4];
    text += kHexDigits[value & 0x0f];
  }
  return text;
}

}  // namespace

std::string escaped(std::string_view bytes) { return escape(bytes, false); }

std::string escaped_reversibly(std::string_view bytes) { return escape(bytes, true); }

}  // namespace xfen::cli
