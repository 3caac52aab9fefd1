#include "certify/generative/disagreement_key.hpp"

#include <array>
#include <tuple>

#include <xfen/diagnostic.hpp>
#include <xfen/parse.hpp>
#include <xfen/write.hpp>

namespace xfen::certify {
namespace {

// The fields of a record as a strict reader splits them: at each single space.
struct FieldCursor {
  std::string_view text;
  std::size_t at = 0;
  bool done = false;

  std::string_view next() {
    const std::size_t end = text.find(' ', at);
    const std::string_view field = text.substr(at, end == std::string_view::npos ? text.size() - at : end - at);
    if (end == std::string_view::npos) done = true;
    at = end + 1;
    return field;
  }
};

// The first field in which `answered` is written otherwise than `expected`, as written: a
// spelling (HAha for KQkq) differs as much as another value does, which is what non-canonical
// answers need, and a wrong answer is wrong somewhere in its text too.
DifferingField first_differing_field(std::string_view expected, std::string_view answered) {
  constexpr std::array<DifferingField, 6> kInOrder{DifferingField::board,     DifferingField::side,
                                                   DifferingField::castling,  DifferingField::en_passant,
                                                   DifferingField::halfmove,  DifferingField::fullmove};
  FieldCursor e{expected};
  FieldCursor a{answered};
  for (const DifferingField field : kInOrder) {
    if (e.done || a.done) break;
    if (e.next() != a.next()) return field;
  }
  // Every field both have is the same: the answer has fewer or more of them.
  return e.done && a.done ? DifferingField::none : DifferingField::layout;
}

// Where a wrong answer is wrong: the first field whose value differs, found by writing the answer's
// position as X-FEN writes it, so that another spelling of a right field (Shredder letters for a
// castling right, say) does not hide a wrong field after it (a fullmove number written as 1); and
// the expected one as compared by grading, without a square the answer may leave out.
// An answer xfen cannot read strictly (another layout, or not X-FEN) is compared as written.
DifferingField first_wrong_field(const CertifyCase& c, std::string_view answered) {
  const ParseResult read = parse(answered);
  if (read.ok()) {
    std::array<char, kMaxRecordSize> answer_buffer{};
    const WriteResult answer_written = write(read.position, answer_buffer);
    std::array<char, kMaxRecordSize> expected_buffer{};
    const WriteResult expected_written =
        write(expected_for_comparison(c.expected_position, read.position), expected_buffer);
    const DifferingField field =
        first_differing_field(std::string_view(expected_buffer.data(), expected_written.size),
                              std::string_view(answer_buffer.data(), answer_written.size));
    if (field != DifferingField::none) return field;
  }
  return first_differing_field(c.expected, answered);
}

// What xfen makes of the record: its width when it reads it, 0 ("an invalid record") when not.
void describe_record(const CertifyCase& c, DisagreementKey& key) {
  if (c.expectation != Expectation::reject) key.width = c.expected_position.width;
}

}  // namespace

std::string_view differing_field_name(DifferingField field) noexcept {
  switch (field) {
    case DifferingField::none: return "none";
    case DifferingField::board: return "board";
    case DifferingField::side: return "side";
    case DifferingField::castling: return "castling";
    case DifferingField::en_passant: return "en-passant";
    case DifferingField::halfmove: return "halfmove";
    case DifferingField::fullmove: return "fullmove";
    case DifferingField::layout: return "layout";
  }
  return "none";
}

std::ostream& operator<<(std::ostream& os, DifferingField field) { return os << differing_field_name(field); }

bool operator<(const DisagreementKey& a, const DisagreementKey& b) noexcept {
  return std::tie(a.verdict, a.field, a.rule, a.width) < std::tie(b.verdict, b.field, b.rule, b.width);
}

std::string to_string(const DisagreementKey& key) {
  std::string text(verdict_name(key.verdict));
  switch (key.verdict) {
    case Verdict::pass: return text;
    case Verdict::wrong_position:
    case Verdict::non_canonical: return text + ": " + std::string(differing_field_name(key.field));
    case Verdict::accepted_invalid: return text + ": " + key.rule;
    case Verdict::rejected_valid: return text + ": " + std::to_string(key.width) + "x8";
    default:
      return text + ": on " + (key.width == 0 ? std::string("an invalid record") : std::to_string(key.width) + "x8");
  }
}

std::ostream& operator<<(std::ostream& os, const DisagreementKey& key) { return os << to_string(key); }

std::size_t hash_value(const DisagreementKey& key) noexcept {
  std::size_t h = std::hash<std::string>{}(key.rule);
  // Boost's hash_combine mixing, for the three small members.
  for (const std::size_t part : {static_cast<std::size_t>(key.verdict), static_cast<std::size_t>(key.field),
                                 static_cast<std::size_t>(key.width)})
    h ^= part + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h;
}

DisagreementKey disagreement_key(const CertifyCase& c, const Answer& answer, const Grade& grade,
                                 SpellingSet declared) {
  DisagreementKey key;
  key.verdict = grade.verdict;
  switch (grade.verdict) {
    case Verdict::pass: break;
    case Verdict::wrong_position: key.field = first_wrong_field(c, answer.text); break;
    case Verdict::non_canonical:
      key.field = first_differing_field(
          declared_writing(c.expected_position, declared.declared_style()).value_or(c.expected), answer.text);
      break;
    case Verdict::accepted_invalid: key.rule = std::string(code_name(parse(c.input).error.code)); break;
    case Verdict::rejected_valid: key.width = c.expected_position.width; break;
    default: describe_record(c, key); break;
  }
  return key;
}

std::optional<DisagreementKey> disagreement(std::string_view record, const Answer& answer, const GradingRules& rules) {
  const CertifyCase c = certify_case_from_record(record, 1);
  const Grade graded = grade(c, answer, rules.spellings, rules.layouts);
  if (!is_disagreement(graded.verdict)) return std::nullopt;
  return disagreement_key(c, answer, graded, rules.spellings);
}

}  // namespace xfen::certify
