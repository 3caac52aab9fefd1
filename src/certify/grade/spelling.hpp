// The spelling choices a writer of X-FEN may make without writing another position: castling
// rights in Shredder-FEN letters or in classic K/Q letters, and the en passant square written
// always or only when a capture is legal. `--accept-spelling` declares the program's spelling, at
// most one per field: a contract every answer is held to on its own record (grade.hpp), never a
// credit that a run's other answers give or take away. Likewise the layouts an answer may be cut
// to (`--accept-layout`).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <xfen/write.hpp>

namespace xfen::certify {

enum class Spelling : std::uint8_t { shredder, classic, ep_always, ep_legal };

// "shredder", "classic", "ep-always", "ep-legal".
std::string_view spelling_name(Spelling spelling) noexcept;
std::optional<Spelling> spelling_from_name(std::string_view name) noexcept;
std::span<const Spelling> all_spellings() noexcept;

// A set of values of a small enumeration (fewer than 8), as a run's options give them.
template <class Choice>
class ChoiceSet {
 public:
  constexpr ChoiceSet() = default;
  constexpr void add(Choice c) noexcept { bits_ |= bit(c); }
  constexpr bool contains(Choice c) const noexcept { return (bits_ & bit(c)) != 0; }
  constexpr bool empty() const noexcept { return bits_ == 0; }

 private:
  static constexpr std::uint8_t bit(Choice c) noexcept {
    return static_cast<std::uint8_t>(1U << static_cast<unsigned>(c));
  }
  std::uint8_t bits_ = 0;
};

// A set of spellings, as --accept-spelling gives it.
class SpellingSet : public ChoiceSet<Spelling> {
 public:
  // Whether a record written in `style` uses only xfen's own choices and these.
  bool allows(const WriteOptions& style) const noexcept;
  // The write style the set declares: its castling and en passant spellings, X-FEN's for a field
  // it leaves out. Meaningful only without a conflict().
  WriteOptions declared_style() const noexcept;
  // Two spellings of one field ("shredder,classic", "ep-always,ep-legal"): no writer spells a
  // field two ways, so such a declaration is a usage error. The message names them; none when
  // each field has at most one.
  std::optional<std::string> conflict() const;
};

// The position written as `declared` spells it, in `layout`: the one answer that passes where the
// program declares that spelling. Classic letters that cannot name an inner rook fall back to
// X-FEN's letter; nothing when no style writes the position.
std::optional<std::string> declared_writing(const Position& position, const WriteOptions& declared,
                                            RecordFields layout = RecordFields::full);

// The shorter layouts an answer may be credited in (--accept-layout): EPD (the four fields
// before the clocks) and the board alone (SPEC R15), as engines print a position they hold.
using LayoutSet = ChoiceSet<RecordFields>;
inline constexpr std::array<RecordFields, 2> kShorterLayouts{RecordFields::epd, RecordFields::board};

// "EPD (four fields, no clocks)", "the board alone": how reports name a layout.
std::string_view describe_layout(RecordFields layout) noexcept;

// The spellings a style differs from X-FEN's by: "Shredder castling letters, en passant square
// always written"; "X-FEN" for the default style.
std::string describe_style(const WriteOptions& style);

// The --accept-spelling value that allows exactly the choices of `style`: "shredder,ep-always";
// empty for the default style.
std::string spelling_list(const WriteOptions& style);

}  // namespace xfen::certify
