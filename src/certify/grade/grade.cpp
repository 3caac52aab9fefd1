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

#include "certify/grade/spelling_mismatch.hpp"
#include "certify/grade/spelling_profile.hpp"

namespace xfen::certify {
namespace {

// The style being held to, and how a detail names it.
struct Declaration {
  WriteOptions style;
  bool any = false;  // whether --accept-spelling declared a field

  explicit Declaration(SpellingSet declared) : style(declared.declared_style()), any(!declared.empty()) {}
};

// The style, among the known ones, in which `position` is written as `record`, X-FEN's first, so
// that a record that every style writes alike is X-FEN's.
std::optional<WriteOptions> style_writing(const Position& position, std::string_view record,
                                          RecordFields layout = RecordFields::full) {
  std::array<char, kMaxRecordSize> buffer{};
  for (const CastlingStyle castling : kCastlingStyles)
    for (const EnPassantStyle en_passant : kEnPassantStyles) {
      const WriteOptions style{.castling = castling, .en_passant = en_passant, .fields = layout};
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

// The grade of an answer that writes `position` as `record`, when a known style does: a pass when
// it is the declared writing, else non-canonical, headed by the field spelt otherwise.
std::optional<Grade> grade_spelling(const Position& position, const std::string& record,
                                    const Declaration& declaration) {
  if (record == declared_writing(position, declaration.style)) {
    if (!declaration.any || record == canonical(position)) return Grade{Verdict::pass, {}};
    return Grade{Verdict::pass, "written with " + describe_style(declaration.style) + ", as declared"};
  }
  const auto style = style_writing(position, record);
  if (!style) return std::nullopt;
  return Grade{Verdict::non_canonical, spelling_mismatch(position, declaration.style, declaration.any, *style)};
}

// The number of fields of a record as a strict reader splits them (single spaces).
std::size_t field_count_of(std::string_view record) {
  return record.empty() ? 0 : 1 + static_cast<std::size_t>(std::count(record.begin(), record.end(), ' '));
}

// An answer cut to a shorter layout (R15): graded on the fields it has, when it reads in it.
std::optional<Grade> grade_layout(const CertifyCase& c, const std::string& record, const Declaration& declaration,
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
    if (record != declared_writing(c.expected_position, declaration.style, layout)) {
      const auto other = style_writing(c.expected_position, record, layout);
      if (!other)
        return Grade{Verdict::non_canonical,
                     "the expected position's fields, written as " + name + " in a way X-FEN does not"};
      return Grade{Verdict::non_canonical,
                   "an answer in " + name + "; " +
                       spelling_mismatch(c.expected_position, declaration.style, declaration.any, *other)};
    }
    const std::string spelled =
        declaration.any && !SpellingSet{}.allows(declaration.style) ? " with " + describe_style(declaration.style) : "";
    if (layouts.contains(layout))
      return Grade{Verdict::pass, "written as " + name + spelled + " (accepted by " + flag + ")"};
    return Grade{Verdict::non_canonical,
                 "the expected position's fields, written as " + name + spelled + " (" + flag + " grades it as a pass)"};
  }
  return std::nullopt;
}

Grade grade_record(const CertifyCase& c, const std::string& record, const Declaration& declaration,
                   LayoutSet layouts) {
  // The expected position in the declared spelling or a known other one (this also finds an en
  // passant square left out because no capture is legal: the expected position holds it).
  if (auto spelled = grade_spelling(c.expected_position, record, declaration)) return std::move(*spelled);
  // Otherwise read it strictly, to tell another spelling of the same position from another
  // position. Not leniently: a lenient reading drops what it cannot place (a castling right
  // without its rook), and the answer claimed it.
  const ParseResult read = parse(record);
  if (!read.ok()) {
    if (auto in_layout = grade_layout(c, record, declaration, layouts)) return std::move(*in_layout);
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
              "way X-FEN does not (X-FEN writes " + c.expected + ")"};
    return {Verdict::wrong_position, differences(compared, read.position)};
  }
  // The same position (an en passant square no pawn can use, written all the same, say).
  if (auto spelled = grade_spelling(read.position, record, declaration)) return std::move(*spelled);
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

Grade grade(const CertifyCase& c, const Answer& answer, SpellingSet declared, LayoutSet layouts) {
  const Declaration declaration(declared);
  switch (answer.kind) {
    case Answer::Kind::crash: return {Verdict::crash, answer.detail};
    case Answer::Kind::timeout: return {Verdict::timeout, answer.detail};
    case Answer::Kind::protocol_error: return {Verdict::protocol_error, answer.detail};
    case Answer::Kind::not_run: return {Verdict::not_run, answer.detail};
    case Answer::Kind::rejected:
      if (c.expectation != Expectation::accept) return {Verdict::pass, {}};
      if (c.dialect_refuses && c.dialect_style && declared.allows(*c.dialect_style))
        return {Verdict::pass, "refused, as a writer of " + describe_style(*c.dialect_style) + " must"};
      if (c.dialect_refuses && c.dialect_style)
        return {Verdict::rejected_valid, "rejected a record that must be accepted: a writer of " +
                                             describe_style(*c.dialect_style) + " must refuse it, but --accept-spelling " +
                                             spelling_list(*c.dialect_style) + " is not declared"};
      return {Verdict::rejected_valid, "rejected a record that must be accepted"};
    case Answer::Kind::accepted:
      if (c.expectation == Expectation::reject)
        return {Verdict::accepted_invalid, "accepted a record that must be rejected"};
      return grade_record(c, answer.text, declaration, layouts);
  }
  return {Verdict::protocol_error, "unknown answer"};
}

}  // namespace xfen::certify
