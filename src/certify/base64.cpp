#include "base64.hpp"

#include <cstddef>
#include <cstdint>

namespace xfen::certify {

std::string base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string text;
  text.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t at = 0; at < bytes.size(); at += 3) {
    const std::size_t count = bytes.size() - at < 3 ? bytes.size() - at : 3;
    std::uint32_t group = 0;
    for (std::size_t i = 0; i < 3; ++i) {
      const auto byte = i < count ? static_cast<unsigned char>(bytes[at + i]) : 0U;
      group = (group << 8) | byte;
    }
    for (std::size_t i = 0; i < 4; ++i) {
      // `count` bytes fill count + 1 sextets; the rest of the quantum is padding.
      text += i <= count ? kAlphabet[(group >> (18 - 6 * i)) & 0x3F] : '=';
    }
  }
  return text;
}

}  // namespace xfen::certify
