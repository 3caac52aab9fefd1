#include "certify/grade/certify_case.hpp"

#include <algorithm>
#include <array>

#include <xfen/diagnostic.hpp>
#include <xfen/legality.hpp>
#include <xfen/message.hpp>
#include <xfen/parse.hpp>
#include <xfen/write.hpp>

namespace xfen::certify {
namespace {

std::string codes(const std::vector<conformance::ExpectedDiagnostic>& list) {
  std::string text;
  for (const auto& d : list) text += (text.empty() ? "" : ", ") + d.code;
  return text;
}

// What the suite says about a case, in a line for reports: the rule a failure breaks.
std::string rule_of(const conformance::Case& c) {
  using conformance::CaseClass;
  std::string rule;
  switch (c.case_class) {
    case CaseClass::invalid:
      rule = "must be rejected: " + c.error.code + (c.error.message ? " (" + *c.error.message + ")" : "");
      break;
    case CaseClass::implementation_defined:
      rule = c.legality && !c.legality->empty() ? "illegal position (" + codes(*c.legality) + ")"
                                                : "lenient reading (" + codes(c.warnings) + ")";
      rule += ": may be rejected; if accepted, written as the suite says";
      break;
    case CaseClass::valid: rule = "must be accepted and written canonically"; break;
    case CaseClass::dialect:
      rule = "must be accepted and written canonically; a dialect case: a writer of its style ";
      rule += c.outcome == conformance::Outcome::write_refused ? "must refuse (" + c.error.code + ")"
                                                               : std::string("writes its own spelling");
      break;
  }
  return c.note.empty() ? rule : rule + "; " + c.note;
}

std::string board_tag(const Position& position) { return position.width == 10 ? "10x8" : "8x8"; }

// The suite's capability tags (corpus/conformance/README.md, "Capabilities") that a record xfen
// reads shows, besides its width, so that --supports spares a program the records of games it
// does not claim to play, as it spares it the suite's cases: archbishops or chancellors
// (capablanca); a castling file letter (shredder-input); a right whose king is off the e-file
// (f on 10×8) or whose rook is off the corner (chess960); a prefix (prefix-s, prefix-m). Sorted,
// as the suite's tags are.
// The third field of a record as written (a strict reading has one space between fields); empty
// when there is none.
std::string_view castling_field(std::string_view record) {
  for (int field = 0; field < 2; ++field) {
    const std::size_t space = record.find(' ');
    if (space == std::string_view::npos) return {};
    record.remove_prefix(space + 1);
  }
  return record.substr(0, record.find(' '));
}

// What a record's text alone shows of the capabilities, for a record xfen rejects (the suite tags
// a case with them "wherever the input shows the feature, even past an error"): archbishop or
// chancellor letters in the board field, file letters and a prefix in the castling field.
std::vector<std::string> capability_tags_of_text(std::string_view record) {
  std::vector<std::string> tags;
  if (record.substr(0, record.find(' ')).find_first_of("AaCc") != std::string_view::npos) tags.emplace_back("capablanca");
  const std::string_view castling = castling_field(record);
  if (castling.starts_with('s')) tags.emplace_back("prefix-s");
  if (castling.starts_with('m')) tags.emplace_back("prefix-m");
  if (castling.find_first_of("ABCDEFGHIJabcdefghij") != std::string_view::npos) tags.emplace_back("shredder-input");
  std::sort(tags.begin(), tags.end());
  return tags;
}

std::vector<std::string> capability_tags(const Position& position, std::string_view record) {
  std::vector<std::string> tags{board_tag(position)};
  const bool compound = std::any_of(position.board.begin(), position.board.end(), [](const Piece& piece) {
    return piece.type() == PieceType::archbishop || piece.type() == PieceType::chancellor;
  });
  if (compound) tags.emplace_back("capablanca");
  bool chess960 = false;
  for (const Color color : {Color::white, Color::black})
    for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
      if (const auto rook = position.castling.rook_file(color, side))
        chess960 = chess960 || castling_king_file(position, color) != (position.width == 10 ? 5 : 4) ||
                   *rook != (side == CastlingSide::h_side ? position.width - 1 : 0);
  if (chess960) tags.emplace_back("chess960");
  if (position.castling.mode == CastlingMode::symmetric) tags.emplace_back("prefix-s");
  if (position.castling.mode == CastlingMode::modern) tags.emplace_back("prefix-m");
  if (castling_field(record).find_first_of("ABCDEFGHIJabcdefghij") != std::string_view::npos)
    tags.emplace_back("shredder-input");
  std::sort(tags.begin(), tags.end());
  return tags;
}

}  // namespace

CertifyCase certify_case_from_suite(const conformance::Case& c) {
  using conformance::CaseClass;
  CertifyCase out;
  out.id = c.id;
  out.input = c.input;
  out.case_class = c.case_class;
  out.tags = c.tags;
  out.rule = rule_of(c);
  out.expectation = c.case_class == CaseClass::invalid                  ? Expectation::reject
                    : c.case_class == CaseClass::implementation_defined ? Expectation::either
                                                                        : Expectation::accept;
  if (c.case_class == CaseClass::dialect) {
    out.dialect_style = c.write_options;
    out.dialect_refuses = c.outcome == conformance::Outcome::write_refused;
  }
  const ParseResult read = parse(c.input, c.parse_options);
  if (read.ok()) {
    out.expected_position = read.position;
    // The canonical record, whatever style the suite writes this case in: an answer is graded
    // against the position, in any spelling the run accepts.
    out.expected = to_string(read.position).text;
  }
  return out;
}

CertifyCase certify_case_from_record(std::string_view record, std::uint64_t line) {
  CertifyCase out;
  out.id = "line " + std::to_string(line);
  out.input = std::string(record);
  const ParseResult read = parse(record);
  if (!read.ok()) {
    out.expectation = Expectation::reject;
    out.case_class = conformance::CaseClass::invalid;
    out.rule = "must be rejected: " + std::string(code_name(read.error.code)) + " (" +
               message(read.error, record) + ")";
    out.tags = capability_tags_of_text(record);
    return out;
  }
  out.expected_position = read.position;
  std::array<char, kMaxRecordSize> buffer{};
  const WriteResult written = write(read.position, buffer);
  out.expected.assign(buffer.data(), written.size);
  out.tags = capability_tags(read.position, record);
  const LegalityReport legality = check_legality(read, record);
  if (legality.findings.total() == 0) {
    out.expectation = Expectation::accept;
    out.case_class = conformance::CaseClass::valid;
    out.rule = "must be accepted and written canonically";
    return out;
  }
  out.expectation = Expectation::either;
  out.case_class = conformance::CaseClass::implementation_defined;
  out.rule = "illegal position (" + std::string(code_name(legality.findings.begin()->code)) +
             (legality.findings.total() > 1 ? ", …" : "") +
             "): may be rejected; if accepted, written canonically";
  return out;
}

bool SuiteCases::next(CertifyCase& next) {
  if (at_ == cases_.size()) return false;
  next = certify_case_from_suite(*cases_[at_++]);
  return true;
}

bool RecordFileCases::next(CertifyCase& next) {
  io::Line line;
  if (!lines_.next(line)) return false;
  if (line.too_long) {
    // Not a record any reader takes (xfen's limit is far below it): counted and reported, so
    // that no line of the file goes missing from the report.
    next = CertifyCase{};
    next.id = "line " + std::to_string(line.number);
    next.expectation = Expectation::reject;
    next.case_class = conformance::CaseClass::invalid;
    next.unsendable = "a line over " + std::to_string(io::kMaxLineLength) +
                      " bytes, far longer than any record: not sent";
    return true;
  }
  next = certify_case_from_record(line.text, line.number);
  return true;
}

}  // namespace xfen::certify
