#include "board_pair.hpp"

#include <array>
#include <optional>
#include <string_view>

#include "answer_line.hpp"
#include "board_svg.hpp"
#include "castling_tokens.hpp"
#include "html_escape.hpp"
#include "xfen/parse.hpp"
#include "xfen/message.hpp"

namespace xfen::certify {
namespace {

struct Side {
  std::optional<Position> position;
  std::string no_board;  // why there is no position: untrusted bytes
};

Side expected_side(const CertifyCase& c) {
  if (c.expectation == Expectation::reject) return {std::nullopt, "the record must be rejected"};
  const ParseResult read = parse(c.expected);
  if (!read) return {std::nullopt, message(read.error, c.expected)};
  return {read.position, {}};
}

std::string_view no_record(Answer::Kind kind) noexcept {
  switch (kind) {
    case Answer::Kind::accepted: break;
    case Answer::Kind::rejected: return "the program rejected the record";
    case Answer::Kind::crash: return "the program crashed before answering";
    case Answer::Kind::timeout: return "no answer within the time limit";
    case Answer::Kind::protocol_error: return "the program's line is not an answer";
    case Answer::Kind::not_run: return "the record was never sent";
  }
  return {};
}

Side answer_side(const Answer& answer) {
  if (answer.kind != Answer::Kind::accepted)
    return {std::nullopt, std::string(no_record(answer.kind))};
  ParseOptions options;
  options.profile = Profile::lenient;
  const ParseResult read = parse(answer.text, options);
  if (!read) return {std::nullopt, message(read.error, answer.text)};
  return {read.position, {}};
}

std::string en_passant_field(const Position& position) {
  if (!position.en_passant) return "-";
  return {position.en_passant->file_letter(), position.en_passant->rank_digit()};
}

// The fields beyond the board, as read.
std::array<std::string, 5> fields(const Position& position) {
  return {position.side_to_move == Color::white ? "White" : "Black", castling_field(position),
          en_passant_field(position), std::to_string(position.halfmove_clock),
          std::to_string(position.fullmove_number)};
}

constexpr std::array<std::string_view, 5> kFieldNames{"to move", "castling", "en passant",
                                                      "halfmove clock", "fullmove number"};

std::string figure(std::string_view caption, const Side& side, const Side& other) {
  std::string html = "<figure class=\"board-side\"><figcaption>";
  html += html_escape(caption);
  html += "</figcaption>";
  if (!side.position) {
    html += "<p class=\"no-board\">no board: " + html_text(side.no_board) + "</p></figure>";
    return html;
  }
  const SquareSet differs =
      other.position ? differing_squares(*side.position, *other.position) : SquareSet{};
  html += board_svg(*side.position, differs, caption);
  const auto mine = fields(*side.position);
  const std::optional<std::array<std::string, 5>> theirs =
      other.position ? std::optional(fields(*other.position)) : std::nullopt;
  html += "<table class=\"fields\">";
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const bool differ = theirs && (*theirs)[i] != mine[i];
    html += "<tr><th>" + html_escape(kFieldNames[i]) + "</th><td" +
            (differ ? " class=\"differs\"" : "") + ">" + html_escape(mine[i]) + "</td></tr>";
  }
  html += "</table></figure>";
  return html;
}

}  // namespace

std::string board_pair_html(const CaseResult& result) {
  const Side expected = expected_side(result.case_);
  const Side actual = answer_side(result.answer);
  return "<div class=\"boards\">" + figure("expected", expected, actual) +
         figure("answer", actual, expected) + "</div>";
}

}  // namespace xfen::certify
