// A copy of a Tag that outlives the reader's callback, in fixed buffers (no allocation): lint
// holds the game's FEN, SetUp and Variant tags until the game ends, when all of them are known.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

#include "pgn/tag_reader.hpp"

namespace xfen::pgn {

class HeldTag {
 public:
  void hold(const Tag& tag) noexcept {
    tag_ = tag;
    std::copy(tag.value.begin(), tag.value.end(), value_.begin());
    std::copy(tag.escapes.begin(), tag.escapes.end(), escapes_.begin());
    tag_.name = {};  // the holder knows which tag it holds
    tag_.value = std::string_view(value_.data(), tag.value.size());
    tag_.escapes = std::span<const std::uint16_t>(escapes_.data(), tag.escapes.size());
    held_ = true;
  }
  void clear() noexcept { held_ = false; }
  bool held() const noexcept { return held_; }
  const Tag& tag() const noexcept { return tag_; }  // meaningful only when held()

  HeldTag() = default;
  HeldTag(const HeldTag&) = delete;  // tag_ points into this object's own buffers
  HeldTag& operator=(const HeldTag&) = delete;

 private:
  Tag tag_{};
  std::array<char, kMaxTagValueLength> value_{};
  std::array<std::uint16_t, kMaxTagValueLength> escapes_{};
  bool held_ = false;
};

}  // namespace xfen::pgn
