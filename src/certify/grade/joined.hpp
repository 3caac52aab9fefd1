// Parts written one after the other with a separator between them ("8x8, chess960"), as the
// reports list tags, relaxations and the fields that differ.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace xfen::certify {

inline std::string joined(std::span<const std::string> parts, std::string_view separator) {
  std::string text;
  for (const std::string& part : parts) {
    if (!text.empty()) text += separator;
    text += part;
  }
  return text;
}

}  // namespace xfen::certify
