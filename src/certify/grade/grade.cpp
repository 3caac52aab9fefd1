#include "certify/grade/grade.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include <xfen/diagnostic.hpp>
#include <xfen/en_passant_analysis.hpp>
#include <xfen/message.hpp>
#include <xfen/parse.hpp>
#include <xfen/square_name.hpp>
#include <xfen/style_names.hpp>

namespace xfen::certify {
namespace {

// Which spellings may pass: those --accept-spelling names and, once the run's spelling is known,
// only those the program uses throughout (spelling_profile.hpp). Without a profile the grade is
// provisional: a spelling is then taken as used throughout.
struct Crediting {
  SpellingSet accepted;
  const SpellingProfile* profile = nullptr;

  SpellingSet credited() const noexcept {
    if (profile == nullptr) return accepted;
    SpellingSet set;
    for (const Spelling spelling : all_spellings())
      if (accepted.contains(spelling) && profile->consistent().contains(spelling)) set.add(spelling);
    return set;
  }

  // How the grade of an answer spelt in `style` ends: "(--accept-spelling X grades it as a pass)"
  // where X may be credited, else why it may not.
  std::string suggestion(const WriteOptions& style, const std::string& more_flags = {}) const {
    if (profile == nullptr || profile->consistent().allows(style))
      return " (--accept-spelling " + spelling_list(style) + more_flags + " grades it as a pass)";
    std::string why;
    const SpellingSet used = profile->consistent();
    if (style.castling != CastlingStyle::xfen && !used.allows(WriteOptions{.castling = style.castling}))
      why = profile->describe_castling();
    if (style.en_passant != EnPassantStyle::xfen && !used.allows(WriteOptions{.en_passant = style.en_passant}))
      why += (why.empty() ? "" : "; ") + profile->describe_en_passant();
    return " (not credited, even by --accept-spelling: a spelling passes only when the program uses it "
           "throughout the run, and its answers show " + why + ")";
  }
};

// The style, among the known ones, in which `position` is written as `record`; with
// `allowed_only`, only among those `accepted` allows. The default style comes first, so a record
// that every style writes alike is X-FEN's.
std::optional<WriteOptions> style_writing(const Position& position, std::string_view record,
                                          SpellingSet accepted, bool allowed_only,
                                          RecordFields layout = RecordFields::full) {
  std::array<char, kMaxRecordSize> buffer{};
  for (const CastlingStyle castling : kCastlingStyles)
    for (const EnPassantStyle en_passant : kEnPassantStyles) {
      const WriteOptions style{.castling = castling, .en_passant = en_passant, .fields = layout};
      if (allowed_only && !accepted.allows(style)) continue;
      const WriteResult written = write(position, buffer, style);
      if (written.ok() && std::string_view(buffer.data(), written.size) == record) return style;
    }
  return std::nullopt;
}

std::string canonical(const Position& position) {
  std::array<char, kMaxRecordSize> buffer{};
  const WriteResult written = write(position, buffer);
  return written.ok() ? std::string(buffer.data(), written.size) : std::string("(unwritable)");
}

std::string piece_text(Piece piece) {
  const char letter = piece.letter();
  return letter == '\0' ? std::string("empty") : std::string(1, letter);
}

// What differs between the expected position and the one the answer holds, field by field, so
// that a report says "castling: expected KQkq, answered KQ" rather than two long records.
std::string differences(const Position& expected, const Position& answered) {
  std::string text;
  const auto add = [&text](const std::string& part) { text += (text.empty() ? "" : "; ") + part; };
  if (expected.width != answered.width) {
    add("board width: expected " + std::to_string(expected.width) + " files, answered " +
        std::to_string(answered.width));
  } else {
    std::string squares;
    int shown = 0;
    int differing = 0;
    for (int rank = kRanks - 1; rank >= 0; --rank)
      for (int file = 0; file < expected.width; ++file) {
        const Square square = make_square(file, rank);
        if (expected.at(square) == answered.at(square)) continue;
        if (++differing > 4) continue;
        squares += (shown++ ? ", " : "") + std::string(xfen::square_name(square)) +
                   " expected " + piece_text(expected.at(square)) + ", answered " +
                   piece_text(answered.at(square));
      }
    if (differing > 4) squares += ", and " + std::to_string(differing - 4) + " more";
    if (differing) add("board: " + squares);
  }
  // The other fields as X-FEN writes them: split the canonical records at their spaces.
  const std::string expected_text = canonical(expected);
  const std::string answered_text = canonical(answered);
  constexpr std::array<const char*, 5> kFields{"side to move", "castling", "en passant",
                                               "halfmove clock", "fullmove number"};
  std::size_t at_expected = expected_text.find(' ');
  std::size_t at_answered = answered_text.find(' ');
  for (const char* field : kFields) {
    if (at_expected == std::string::npos || at_answered == std::string::npos) break;
    const std::size_t end_expected = expected_text.find(' ', at_expected + 1);
    const std::size_t end_answered = answered_text.find(' ', at_answered + 1);
    const std::string e = expected_text.substr(at_expected + 1, end_expected - at_expected - 1);
    const std::string a = answered_text.substr(at_answered + 1, end_answered - at_answered - 1);
    if (e != a) add(std::string(field) + ": expected " + e + ", answered " + a);
    at_expected = end_expected;
    at_answered = end_answered;
  }
  return text.empty() ? "another position" : text;
}

// The grade of an answer that spells `position` as `record`, when a known style does: a pass when
// the style is X-FEN's or one the run accepts, non-canonical otherwise.
std::optional<Grade> grade_spelling(const Position& position, const std::string& record,
                                    const Crediting& crediting) {
  if (const auto style = style_writing(position, record, crediting.credited(), true)) {
    if (SpellingSet{}.allows(*style)) return Grade{Verdict::pass, {}};
    return Grade{Verdict::pass, "written with " + describe_style(*style) + " (accepted by --accept-spelling)", *style};
  }
  if (const auto style = style_writing(position, record, {}, false))
    return Grade{Verdict::non_canonical,
                 "the expected position, written with " + describe_style(*style) + crediting.suggestion(*style), *style};
  return std::nullopt;
}

// The number of fields of a record as a strict reader splits them (single spaces).
std::size_t field_count_of(std::string_view record) {
  return record.empty() ? 0 : 1 + static_cast<std::size_t>(std::count(record.begin(), record.end(), ' '));
}

// An answer cut to a shorter layout (R15): graded on the fields it has, when it reads in it.
std::optional<Grade> grade_layout(const CertifyCase& c, const std::string& record, const Crediting& crediting,
                                  LayoutSet layouts) {
  for (const RecordFields layout : kShorterLayouts) {
    if (field_count_of(record) != field_count(layout)) continue;
    const ParseResult read = parse(record, ParseOptions{.fields = layout});
    // Its fields are a shorter layout's, and that layout's reading is what it fails: say so, not
    // that a six-field record is short (GNU Chess's `… w - e6` with e6 occupied).
    if (!read.ok())
      return Grade{Verdict::wrong_position, "an answer in " + std::string(describe_layout(layout)) +
                                                " that is not valid X-FEN: " + message(read.error, record)};
    // The expected position cut the same way: what the layout leaves out takes its defaults.
    std::array<char, kMaxRecordSize> buffer{};
    const WriteResult cut = write(c.expected_position, buffer, WriteOptions{.fields = layout});
    if (!cut.ok()) return std::nullopt;
    const ParseResult expected = parse(std::string_view(buffer.data(), cut.size), ParseOptions{.fields = layout});
    if (!expected.ok()) return std::nullopt;
    const std::string name(describe_layout(layout));
    if (!(read.position == expected.position))
      return Grade{Verdict::wrong_position,
                   "an answer in " + name + ": " + differences(expected.position, read.position)};
    // The right fields; then their spelling is graded as a whole record's is.
    const std::string flag = "--accept-layout " + std::string(style_name(layout));
    const auto style = style_writing(c.expected_position, record, crediting.credited(), true, layout);
    if (!style) {
      const auto other = style_writing(c.expected_position, record, {}, false, layout);
      if (!other)
        return Grade{Verdict::non_canonical,
                     "the expected position's fields, written as " + name + " in a way X-FEN does not"};
      return Grade{Verdict::non_canonical,
                   "the expected position's fields, written as " + name + " with " + describe_style(*other) +
                       crediting.suggestion(*other, " and " + flag),
                   *other};
    }
    const bool spelled_otherwise = !SpellingSet{}.allows(*style);
    const std::string spelled = spelled_otherwise ? " with " + describe_style(*style) : "";
    const auto rests_on = spelled_otherwise ? style : std::nullopt;
    if (layouts.contains(layout))
      return Grade{Verdict::pass, "written as " + name + spelled + " (accepted by " + flag + ")", rests_on};
    return Grade{Verdict::non_canonical,
                 "the expected position's fields, written as " + name + spelled + " (" + flag + " grades it as a pass)",
                 rests_on};
  }
  return std::nullopt;
}

Grade grade_record(const CertifyCase& c, const std::string& record, const Crediting& crediting, LayoutSet layouts) {
  // The expected position in X-FEN's spelling or a known other one (this also finds an en passant
  // square left out because no capture is legal: the expected position holds it).
  if (auto spelled = grade_spelling(c.expected_position, record, crediting)) return std::move(*spelled);
  // Otherwise read it strictly, to tell another spelling of the same position from another
  // position. Not leniently: a lenient reading drops what it cannot place (a castling right
  // without its rook), and the answer claimed it.
  const ParseResult read = parse(record);
  if (!read.ok()) {
    if (auto in_layout = grade_layout(c, record, crediting, layouts)) return std::move(*in_layout);
    return {Verdict::wrong_position, "the answer is not valid X-FEN: " + message(read.error, record)};
  }
  if (!(read.position == c.expected_position)) {
    // An en passant square no capture can use legally, left out, in a record that spells another
    // field in a way no one style writes (kokopu's Shredder letters in file order, BD for X-FEN's
    // KQ): the same position, not another.
    const Position compared = expected_for_comparison(c.expected_position, read.position);
    if (read.position == compared)
      return {Verdict::non_canonical,
              "the expected position, its en passant square left out as no capture is legal, and written in a "
              "way X-FEN does not (X-FEN writes " + c.expected + ")",
              WriteOptions{.en_passant = EnPassantStyle::legal}};
    return {Verdict::wrong_position, differences(compared, read.position)};
  }
  // The same position (an en passant square no pawn can use, written all the same, say).
  if (auto spelled = grade_spelling(read.position, record, crediting)) return std::move(*spelled);
  return {Verdict::non_canonical,
          "the expected position, written in a way X-FEN does not (X-FEN writes " + c.expected + ")"};
}

}  // namespace

Position expected_for_comparison(const Position& expected, const Position& answered) noexcept {
  if (!expected.en_passant || answered.en_passant || legal_en_passant(expected)) return expected;
  Position without_square = expected;
  without_square.en_passant.reset();
  return without_square;
}

Grade grade(const CertifyCase& c, const Answer& answer, SpellingSet accepted, LayoutSet layouts,
            const SpellingProfile* profile) {
  const Crediting crediting{accepted, profile};
  switch (answer.kind) {
    case Answer::Kind::crash: return {Verdict::crash, answer.detail};
    case Answer::Kind::timeout: return {Verdict::timeout, answer.detail};
    case Answer::Kind::protocol_error: return {Verdict::protocol_error, answer.detail};
    case Answer::Kind::not_run: return {Verdict::not_run, answer.detail};
    case Answer::Kind::rejected:
      if (c.expectation != Expectation::accept) return {Verdict::pass, {}};
      if (c.dialect_refuses && c.dialect_style && crediting.credited().allows(*c.dialect_style))
        return {Verdict::pass, "refused, as a writer of " + describe_style(*c.dialect_style) + " must", c.dialect_style,
                Verdict::rejected_valid};
      if (c.dialect_refuses && c.dialect_style && accepted.allows(*c.dialect_style))
        return {Verdict::rejected_valid,
                "rejected a record that must be accepted: a writer of " + describe_style(*c.dialect_style) +
                    " must refuse it, but " + crediting.suggestion(*c.dialect_style).substr(2),
                c.dialect_style, Verdict::rejected_valid};
      return {Verdict::rejected_valid, "rejected a record that must be accepted"};
    case Answer::Kind::accepted:
      if (c.expectation == Expectation::reject)
        return {Verdict::accepted_invalid, "accepted a record that must be rejected"};
      return grade_record(c, answer.text, crediting, layouts);
  }
  return {Verdict::protocol_error, "unknown answer"};
}

}  // namespace xfen::certify
