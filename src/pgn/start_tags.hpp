// The tags of one game that say where it starts: FEN, SetUp and Variant, held until the game ends
// (a Variant tag may come after the FEN tag). Tag names are matched exactly, as PGN spells them.
#pragma once

#include <string_view>

#include "pgn/held_tag.hpp"
#include "pgn/tag_reader.hpp"
#include "pgn/variant.hpp"

namespace xfen::pgn {

inline constexpr std::string_view kFenTag = "FEN";
inline constexpr std::string_view kSetUpTag = "SetUp";
inline constexpr std::string_view kVariantTag = "Variant";

class StartTags {
 public:
  enum class Taken {
    ignored,    // another tag
    held,       // the game's first tag of this name, now held
    duplicate,  // a second tag of a name already held: the first one stays
  };

  Taken take(const Tag& tag) noexcept {
    HeldTag* slot = slot_for(tag.name);
    if (slot == nullptr) return Taken::ignored;
    if (slot->held()) return Taken::duplicate;
    slot->hold(tag);
    return Taken::held;
  }

  void clear() noexcept {
    fen_.clear();
    setup_.clear();
    variant_.clear();
  }

  const HeldTag& fen() const noexcept { return fen_; }
  const HeldTag& setup() const noexcept { return setup_; }
  const HeldTag& variant() const noexcept { return variant_; }
  // No Variant tag means standard chess.
  VariantFamily family() const noexcept {
    return variant_.held() ? variant_family(variant_.tag().value) : VariantFamily::standard;
  }

 private:
  HeldTag* slot_for(std::string_view name) noexcept {
    if (name == kFenTag) return &fen_;
    if (name == kSetUpTag) return &setup_;
    if (name == kVariantTag) return &variant_;
    return nullptr;
  }

  HeldTag fen_;
  HeldTag setup_;
  HeldTag variant_;
};

}  // namespace xfen::pgn
