// Which spelling a program's answers show over a run: information for the reports, and a
// suggestion of what to declare, never a verdict (each answer is graded on its own record against
// the declared spelling, grade.hpp). Phalanx never writes an en passant square, so on the
// pinned-capturer cases it looks like "only when a capture is legal", yet it drops the square
// where a capture is legal too: the run shows no one spelling. Each accepted answer that tells
// the styles apart is evidence for the styles that write it, and against the others; the style
// every such answer agrees with is the one the program uses.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <xfen/write.hpp>

#include "certify/grade/certify_case.hpp"
#include "certify/grade/spelling.hpp"

namespace xfen::certify {

// The styles of each choice, X-FEN's first: bit i of an evidence mask stands for the i-th.
inline constexpr std::array<CastlingStyle, 3> kCastlingStyles{CastlingStyle::xfen, CastlingStyle::shredder,
                                                              CastlingStyle::classic};
inline constexpr std::array<EnPassantStyle, 3> kEnPassantStyles{EnPassantStyle::xfen, EnPassantStyle::always,
                                                                EnPassantStyle::legal};

// What one answer shows of the program's spelling: for each choice, the styles that write the
// answer's field for the expected position (a bit each, as above), when the answer tells them
// apart. Nothing when the styles write the field alike, when the answer's board or side to move
// is not the expected one, or when its field is another position rather than another spelling
// (other castling rights; an en passant square on another file). A field no style writes counts
// against every style: rights spelt in a mix of letters, or an en passant square left out where
// every style writes it.
struct SpellingEvidence {
  std::optional<std::uint8_t> castling;
  std::optional<std::uint8_t> en_passant;
};

SpellingEvidence spelling_evidence(const CertifyCase& c, std::string_view record);

// One choice over the run: how many answers told its styles apart, and with how many of them
// each style agrees.
struct ChoiceEvidence {
  std::uint64_t answers = 0;
  std::array<std::uint64_t, 3> agreeing{};  // indexed as the styles above
  void add(std::uint8_t mask) noexcept;
  // The style every telling answer agrees with (X-FEN's first when several do); none when no
  // answer told them apart, or when none agrees with them all.
  std::optional<std::size_t> used() const noexcept;
};

class SpellingProfile {
 public:
  void add(const SpellingEvidence& evidence) noexcept;
  const ChoiceEvidence& castling() const noexcept { return castling_; }
  const ChoiceEvidence& en_passant() const noexcept { return en_passant_; }
  // The spellings other than X-FEN's that agree with every answer telling the spellings apart.
  SpellingSet consistent() const noexcept;
  // What to declare, where the answers agree more often with another spelling of a field than
  // with the one `declared` holds (X-FEN's where none): "47 of 50 answers that tell the spellings
  // apart match ep-legal: declare it with --accept-spelling ep-legal". Against a declaration,
  // only a spelling every telling answer agrees with. Empty when there is none to suggest.
  std::string suggestion(SpellingSet declared) const;
  // "Shredder castling letters, en passant square only when a capture is legal"; for a choice
  // without one spelling, what its answers did ("castling letters: no one spelling (…)").
  std::string describe() const;
  // The same, for one choice: "Shredder castling letters (all 40 answers that tell the
  // spellings apart)", "not shown (no answer tells the spellings apart)".
  std::string describe_castling() const;
  std::string describe_en_passant() const;

 private:
  ChoiceEvidence castling_;
  ChoiceEvidence en_passant_;
};

// "x-fen", "shredder", "classic" / "x-fen", "always", "legal": the JSON report's names.
std::string_view castling_style_key(std::size_t index) noexcept;
std::string_view en_passant_style_key(std::size_t index) noexcept;

}  // namespace xfen::certify
