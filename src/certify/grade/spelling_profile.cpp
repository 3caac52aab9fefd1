#include "certify/grade/spelling_profile.hpp"

#include <vector>

#include <xfen/parse.hpp>

namespace xfen::certify {
namespace {

constexpr std::uint8_t kEveryStyle = 0b111;

std::vector<std::string_view> split_fields(std::string_view record) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = record.find(' ', start);
    fields.push_back(record.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return fields;
    start = end + 1;
  }
}

// The expected position as `style` writes it, split into fields; empty when the style cannot
// write it (classic letters for an inner rook).
std::vector<std::string> written_fields(const Position& position, const WriteOptions& style) {
  std::array<char, kMaxRecordSize> buffer{};
  const WriteResult written = write(position, buffer, style);
  if (!written.ok()) return {};
  std::vector<std::string> fields;
  for (const std::string_view field : split_fields(std::string_view(buffer.data(), written.size)))
    fields.emplace_back(field);
  return fields;
}

// Whether the castling field `answered`, put in the place of the expected record's, reads as the
// expected position: the same rights in a spelling none of the three styles uses.
bool same_rights(const std::vector<std::string>& expected, std::string_view answered, const Position& position) {
  std::string record;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (i > 0) record += ' ';
    record += i == 2 ? std::string(answered) : expected[i];
  }
  const ParseResult read = parse(record);
  return read.ok() && read.position == position;
}

constexpr std::array<std::string_view, 3> kCastlingNames{"X-FEN castling letters", "Shredder castling letters",
                                                         "classic K/Q castling letters"};
constexpr std::array<std::string_view, 3> kEnPassantNames{"en passant square as X-FEN writes it",
                                                          "en passant square always written",
                                                          "en passant square only when a capture is legal"};
constexpr std::array<std::string_view, 3> kCastlingShort{"X-FEN's", "Shredder's", "classic"};
constexpr std::array<std::string_view, 3> kEnPassantShort{"X-FEN's", "always", "only when legal"};
constexpr std::array<std::string_view, 3> kCastlingKeys{"x-fen", "shredder", "classic"};
constexpr std::array<std::string_view, 3> kEnPassantKeys{"x-fen", "always", "legal"};

std::string describe_choice(const ChoiceEvidence& evidence, const std::array<std::string_view, 3>& names,
                            const std::array<std::string_view, 3>& short_names, std::string_view choice) {
  const std::string telling = evidence.answers == 1 ? std::string("one answer that tells the spellings apart")
                                                    : std::to_string(evidence.answers) + " answers that tell the spellings apart";
  if (evidence.answers == 0) return std::string(choice) + " not shown (no answer tells the spellings apart)";
  if (const auto used = evidence.used()) {
    std::string text = std::string(names[*used]) + " (" + (evidence.answers == 1 ? "the " : "all ") + telling;
    for (std::size_t i = *used + 1; i < names.size(); ++i)
      if (evidence.agreeing[i] == evidence.answers) text += "; " + std::string(names[i]) + " agree with them too";
    return text + ")";
  }
  // An answer may agree with two styles, or with none: the counts need not add up.
  std::string text = std::string(choice) + ": no one spelling, of " + telling + ":";
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i ? ", " : " ") + std::string(short_names[i]) + " in " + std::to_string(evidence.agreeing[i]);
  return text;
}

}  // namespace

SpellingEvidence spelling_evidence(const CertifyCase& c, std::string_view record) {
  if (c.expectation == Expectation::reject) return {};
  const std::vector<std::string_view> answered = split_fields(record);
  if (answered.size() < 3) return {};
  const std::vector<std::string> xfen = written_fields(c.expected_position, WriteOptions{});
  if (xfen.size() < 4 || answered[0] != xfen[0] || answered[1] != xfen[1]) return {};
  SpellingEvidence evidence;
  std::uint8_t castling = 0;
  for (std::size_t i = 0; i < kCastlingStyles.size(); ++i) {
    const auto fields = written_fields(c.expected_position, WriteOptions{.castling = kCastlingStyles[i]});
    if (fields.size() > 2 && fields[2] == answered[2]) castling |= static_cast<std::uint8_t>(1U << i);
  }
  if (castling != kEveryStyle && (castling != 0 || same_rights(xfen, answered[2], c.expected_position)))
    evidence.castling = castling;
  if (answered.size() >= 4) {
    std::uint8_t en_passant = 0;
    for (std::size_t i = 0; i < kEnPassantStyles.size(); ++i) {
      const auto fields = written_fields(c.expected_position, WriteOptions{.en_passant = kEnPassantStyles[i]});
      if (fields.size() > 3 && fields[3] == answered[3]) en_passant |= static_cast<std::uint8_t>(1U << i);
    }
    // Left out where every style writes the square: evidence against them all. Another square is
    // another position, not a spelling.
    if (en_passant != kEveryStyle && (en_passant != 0 || answered[3] == "-")) evidence.en_passant = en_passant;
  }
  return evidence;
}

void ChoiceEvidence::add(std::uint8_t mask) noexcept {
  ++answers;
  for (std::size_t i = 0; i < agreeing.size(); ++i)
    if ((mask & (1U << i)) != 0) ++agreeing[i];
}

std::optional<std::size_t> ChoiceEvidence::used() const noexcept {
  if (answers == 0) return std::nullopt;
  for (std::size_t i = 0; i < agreeing.size(); ++i)
    if (agreeing[i] == answers) return i;
  return std::nullopt;
}

void SpellingProfile::add(const SpellingEvidence& evidence) noexcept {
  if (evidence.castling) castling_.add(*evidence.castling);
  if (evidence.en_passant) en_passant_.add(*evidence.en_passant);
}

// Every style agreeing with all telling answers, not only the first: a classic writer's answers
// (K/Q for outermost rooks, refusals for inner ones) agree with X-FEN's letters as well, and
// its refusals must still be credited where --accept-spelling classic asks.
SpellingSet SpellingProfile::consistent() const noexcept {
  SpellingSet set;
  const auto agrees = [](const ChoiceEvidence& evidence, std::size_t style) {
    return evidence.answers > 0 && evidence.agreeing[style] == evidence.answers;
  };
  if (agrees(castling_, 1)) set.add(Spelling::shredder);
  if (agrees(castling_, 2)) set.add(Spelling::classic);
  if (agrees(en_passant_, 1)) set.add(Spelling::ep_always);
  if (agrees(en_passant_, 2)) set.add(Spelling::ep_legal);
  return set;
}

std::string SpellingProfile::describe_castling() const {
  return describe_choice(castling_, kCastlingNames, kCastlingShort, "castling letters");
}

std::string SpellingProfile::describe_en_passant() const {
  return describe_choice(en_passant_, kEnPassantNames, kEnPassantShort, "en passant square");
}

std::string SpellingProfile::describe() const { return describe_castling() + "; " + describe_en_passant(); }

std::string_view castling_style_key(std::size_t index) noexcept {
  return index < kCastlingKeys.size() ? kCastlingKeys[index] : std::string_view();
}
std::string_view en_passant_style_key(std::size_t index) noexcept {
  return index < kEnPassantKeys.size() ? kEnPassantKeys[index] : std::string_view();
}

}  // namespace xfen::certify
