#include "certify/report/untrusted_text.hpp"

#include <array>
#include <cstddef>
#include <cstdint>

#include <xfen/message.hpp>

namespace xfen::certify {

namespace {

// The length of the well-formed UTF-8 sequence at the start of `bytes`, or 0 when its first
// byte does not start one (Unicode table 3-7).
std::size_t sequence_length(std::string_view bytes) noexcept {
  const auto at = [&](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
  const auto in = [](unsigned char byte, unsigned low, unsigned high) {
    return byte >= low && byte <= high;
  };
  const unsigned char lead = at(0);
  if (lead < 0x80) return 1;
  std::size_t length = 0;
  unsigned second_low = 0x80;
  unsigned second_high = 0xBF;
  if (in(lead, 0xC2, 0xDF)) {
    length = 2;
  } else if (in(lead, 0xE0, 0xEF)) {
    length = 3;
    if (lead == 0xE0) second_low = 0xA0;   // overlong
    if (lead == 0xED) second_high = 0x9F;  // surrogates
  } else if (in(lead, 0xF0, 0xF4)) {
    length = 4;
    if (lead == 0xF0) second_low = 0x90;   // overlong
    if (lead == 0xF4) second_high = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (bytes.size() < length || !in(at(1), second_low, second_high)) return 0;
  for (std::size_t i = 2; i < length; ++i)
    if (!in(at(i), 0x80, 0xBF)) return 0;
  return length;
}

std::uint32_t code_point(std::string_view sequence) noexcept {
  const auto byte = [&](std::size_t i) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(sequence[i]));
  };
  switch (sequence.size()) {
    case 1: return byte(0);
    case 2: return ((byte(0) & 0x1F) << 6) | (byte(1) & 0x3F);
    case 3: return ((byte(0) & 0x0F) << 12) | ((byte(1) & 0x3F) << 6) | (byte(2) & 0x3F);
    default:
      return ((byte(0) & 0x07) << 18) | ((byte(1) & 0x3F) << 12) | ((byte(2) & 0x3F) << 6) |
             (byte(3) & 0x3F);
  }
}

bool must_escape(std::uint32_t c) noexcept {
  if (c == '\t' || c == '\n') return false;
  return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xFFFE || c == 0xFFFF;
}

void append_hex(std::string& text, char byte) {
  // Only bytes that printable_byte shows as \xNN come here: controls, DEL and bytes of no or
  // unwanted UTF-8 characters.
  std::array<char, kMaxPrintableByteSize> shown{};
  text.append(shown.data(), printable_byte(byte, shown));
}

// One sequence at a time: a well-formed UTF-8 character, or a single byte that starts none.
template <typename Visit>
void for_each_sequence(std::string_view bytes, Visit visit) {
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::size_t length = sequence_length(bytes.substr(at));
    const std::string_view sequence = bytes.substr(at, length == 0 ? 1 : length);
    visit(sequence, length == 0 || must_escape(code_point(sequence)));
    at += sequence.size();
  }
}

}  // namespace

UntrustedText untrusted_text(std::string_view bytes) {
  UntrustedText result;
  // First whether the bytes can stand as they are, since that decides how a backslash is written.
  for_each_sequence(bytes, [&](std::string_view, bool escape) {
    if (escape) result.escaped = true;
  });
  if (!result.escaped) {
    result.text = bytes;
    return result;
  }
  result.text.reserve(bytes.size() + bytes.size() / 4);
  for_each_sequence(bytes, [&](std::string_view sequence, bool escape) {
    if (escape) {
      for (const char byte : sequence) append_hex(result.text, byte);
    } else if (sequence == "\\") {
      result.text += "\\\\";
    } else {
      result.text += sequence;
    }
  });
  return result;
}

std::string html_escape(std::string_view text) {
  std::string html;
  html.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': html += "&amp;"; break;
      case '<': html += "&lt;"; break;
      case '>': html += "&gt;"; break;
      case '"': html += "&quot;"; break;
      case '\'': html += "&#39;"; break;
      default: html += c; break;
    }
  }
  return html;
}

std::string html_text(std::string_view bytes) { return html_escape(untrusted_text(bytes).text); }

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
