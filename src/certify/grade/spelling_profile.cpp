#include "certify/grade/spelling_profile.hpp"

#include <xfen/parse.hpp>

namespace xfen::certify {
namespace {

constexpr std::uint8_t kEveryStyle = 0b111;

// A record's fields at its single spaces, at most six (the rest, if any, stays in the last).
struct Fields {
  std::array<std::string_view, 6> at{};
  std::size_t count = 0;
};

Fields split_fields(std::string_view record) noexcept {
  Fields fields;
  while (fields.count + 1 < fields.at.size()) {
    const std::size_t end = record.find(' ');
    if (end == std::string_view::npos) break;
    fields.at[fields.count++] = record.substr(0, end);
    record.remove_prefix(end + 1);
  }
  fields.at[fields.count++] = record;
  return fields;
}

// The field `index` of the expected position as `style` writes it, in `buffer`; empty when the
// style cannot write it (classic letters for an inner rook: no field can match then).
std::string_view written_field(const Position& position, const WriteOptions& style, std::size_t index,
                               std::array<char, kMaxRecordSize>& buffer) noexcept {
  const WriteResult written = write(position, buffer, style);
  if (!written.ok()) return {};
  const Fields fields = split_fields(std::string_view(buffer.data(), written.size));
  return index < fields.count ? fields.at[index] : std::string_view();
}

// Which of the three styles write `answered` as field `index` (a bit each), X-FEN's taken from the
// canonical record already at hand; `style_of(i)` gives the i-th style's options.
template <class StyleOf>
std::uint8_t agreeing_styles(const Position& position, std::string_view xfen_field, std::string_view answered,
                             std::size_t index, StyleOf style_of) noexcept {
  std::uint8_t mask = answered == xfen_field ? 1U : 0U;
  std::array<char, kMaxRecordSize> buffer{};
  for (std::size_t i = 1; i < 3; ++i)
    if (written_field(position, style_of(i), index, buffer) == answered) mask |= static_cast<std::uint8_t>(1U << i);
  return mask;
}

// Whether the castling field `answered`, put in the place of the expected record's, reads as the
// expected position: the same rights in a spelling none of the three styles uses.
bool same_rights(const Fields& expected, std::string_view answered, const Position& position) {
  std::string record;
  for (std::size_t i = 0; i < expected.count; ++i) {
    if (i > 0) record += ' ';
    record += i == 2 ? answered : expected.at[i];
  }
  const ParseResult read = parse(record);
  return read.ok() && read.position == position;
}

// A style's name as the reports give it: describe_style's for the others, X-FEN's with the choice
// named (describe_style calls the whole default style "X-FEN").
std::string castling_name(std::size_t i) {
  return i == 0 ? "X-FEN castling letters" : describe_style(WriteOptions{.castling = kCastlingStyles[i]});
}
std::string en_passant_name(std::size_t i) {
  return i == 0 ? "en passant square as X-FEN writes it"
                : describe_style(WriteOptions{.en_passant = kEnPassantStyles[i]});
}
constexpr std::array<std::string_view, 3> kCastlingShort{"X-FEN's", "Shredder's", "classic"};
constexpr std::array<std::string_view, 3> kEnPassantShort{"X-FEN's", "always", "only when legal"};
constexpr std::array<std::string_view, 3> kCastlingKeys{"x-fen", "shredder", "classic"};
constexpr std::array<std::string_view, 3> kEnPassantKeys{"x-fen", "always", "legal"};

std::string describe_choice(const ChoiceEvidence& evidence, std::string (*name)(std::size_t),
                            const std::array<std::string_view, 3>& short_names, std::string_view choice) {
  const std::string telling = evidence.answers == 1 ? std::string("one answer that tells the spellings apart")
                                                    : std::to_string(evidence.answers) + " answers that tell the spellings apart";
  if (evidence.answers == 0) return std::string(choice) + " not shown (no answer tells the spellings apart)";
  if (const auto used = evidence.used()) {
    std::string text = name(*used) + " (" + (evidence.answers == 1 ? "the " : "all ") + telling;
    for (std::size_t i = *used + 1; i < short_names.size(); ++i)
      if (evidence.agreeing[i] == evidence.answers) text += "; " + name(i) + " agree with them too";
    return text + ")";
  }
  // An answer may agree with two styles, or with none: the counts need not add up.
  std::string text = std::string(choice) + ": no one spelling, of " + telling + ":";
  for (std::size_t i = 0; i < short_names.size(); ++i)
    text += (i ? ", " : " ") + std::string(short_names[i]) + " in " + std::to_string(evidence.agreeing[i]);
  return text;
}

}  // namespace

// Called for every accepted answer, so it allocates nothing on its way: a position without
// castling rights or an en passant square is written alike by every style, and needs no writing.
SpellingEvidence spelling_evidence(const CertifyCase& c, std::string_view record) {
  if (c.expectation == Expectation::reject) return {};
  const Fields answered = split_fields(record);
  const Fields xfen = split_fields(c.expected);
  if (answered.count < 3 || xfen.count < 4 || answered.at[0] != xfen.at[0] || answered.at[1] != xfen.at[1])
    return {};
  const Position& position = c.expected_position;
  SpellingEvidence evidence;
  if (position.castling.any() || answered.at[2] != xfen.at[2]) {
    const std::uint8_t castling =
        position.castling.any()
            ? agreeing_styles(position, xfen.at[2], answered.at[2], 2,
                              [](std::size_t i) { return WriteOptions{.castling = kCastlingStyles[i]}; })
            : std::uint8_t{0};
    if (castling != kEveryStyle && (castling != 0 || same_rights(xfen, answered.at[2], position)))
      evidence.castling = castling;
  }
  if (answered.count >= 4 && (position.en_passant || answered.at[3] != xfen.at[3])) {
    const std::uint8_t en_passant =
        position.en_passant
            ? agreeing_styles(position, xfen.at[3], answered.at[3], 3,
                              [](std::size_t i) { return WriteOptions{.en_passant = kEnPassantStyles[i]}; })
            : std::uint8_t{0};
    // Left out where every style writes the square: evidence against them all. Another square is
    // another position, not a spelling.
    if (en_passant != kEveryStyle && (en_passant != 0 || answered.at[3] == "-")) evidence.en_passant = en_passant;
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

namespace {

// The suggestion for one field, whose declared style is `declared` (an index of its styles);
// `name(i)` is the --accept-spelling name of style i, empty for X-FEN's.
// Against a declaration, another spelling is suggested only when it agrees with every telling
// answer: a program declared ep-legal whose Black-to-move answers keep the square has a bug, and
// "declare ep-always" would hide it.
std::string suggest(const ChoiceEvidence& evidence, std::size_t declared, std::string (*name)(std::size_t)) {
  std::size_t best = declared;
  for (std::size_t i = 0; i < evidence.agreeing.size(); ++i)
    if (evidence.agreeing[i] > evidence.agreeing[best]) best = i;
  if (best == declared) return {};
  if (declared != 0 && evidence.agreeing[best] != evidence.answers) return {};
  const std::string counted = std::to_string(evidence.agreeing[best]) + " of " + std::to_string(evidence.answers) +
                              " answers that tell the spellings apart match ";
  if (name(best).empty())
    return counted + "X-FEN's spelling: drop --accept-spelling " + name(declared) + " (declared " +
           name(declared) + " in " + std::to_string(evidence.agreeing[declared]) + ")";
  return counted + name(best) + ": declare it with --accept-spelling " + name(best) + " (" +
         (name(declared).empty() ? std::string("X-FEN's") : "declared " + name(declared)) + " in " +
         std::to_string(evidence.agreeing[declared]) + ")";
}

std::string castling_flag(std::size_t i) { return spelling_list(WriteOptions{.castling = kCastlingStyles[i]}); }
std::string en_passant_flag(std::size_t i) { return spelling_list(WriteOptions{.en_passant = kEnPassantStyles[i]}); }

std::size_t index_of_castling(CastlingStyle style) {
  for (std::size_t i = 0; i < kCastlingStyles.size(); ++i)
    if (kCastlingStyles[i] == style) return i;
  return 0;
}
std::size_t index_of_en_passant(EnPassantStyle style) {
  for (std::size_t i = 0; i < kEnPassantStyles.size(); ++i)
    if (kEnPassantStyles[i] == style) return i;
  return 0;
}

}  // namespace

std::string SpellingProfile::suggestion(SpellingSet declared) const {
  const WriteOptions style = declared.declared_style();
  const std::string castling = suggest(castling_, index_of_castling(style.castling), castling_flag);
  const std::string en_passant = suggest(en_passant_, index_of_en_passant(style.en_passant), en_passant_flag);
  return castling + (castling.empty() || en_passant.empty() ? "" : "; ") + en_passant;
}

std::string SpellingProfile::describe_castling() const {
  return describe_choice(castling_, castling_name, kCastlingShort, "castling letters");
}

std::string SpellingProfile::describe_en_passant() const {
  return describe_choice(en_passant_, en_passant_name, kEnPassantShort, "en passant square");
}

std::string SpellingProfile::describe() const { return describe_castling() + "; " + describe_en_passant(); }

std::string_view castling_style_key(std::size_t index) noexcept {
  return index < kCastlingKeys.size() ? kCastlingKeys[index] : std::string_view();
}
std::string_view en_passant_style_key(std::size_t index) noexcept {
  return index < kEnPassantKeys.size() ? kEnPassantKeys[index] : std::string_view();
}

}  // namespace xfen::certify
