#include "certify/report/boards.hpp"

#include <array>
#include <optional>
#include <string_view>

#include <xfen/message.hpp>
#include <xfen/parse.hpp>
#include <xfen/square_name.hpp>

#include "certify/report/untrusted_text.hpp"
#include "certify/run/protocol.hpp"

namespace xfen::certify {

namespace {

constexpr int kSquare = 40;  // pixels a side
constexpr int kMargin = 18;  // left of the board for rank numbers, below it for file letters
constexpr int kPadding = 2;  // around the drawing, so the frame is not cut off

constexpr const char* kLight = "#f0d9b5";
constexpr const char* kDark = "#b58863";
constexpr const char* kFont = "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\"";

int square_x(int file) { return kPadding + kMargin + file * kSquare; }
int square_y(int rank) { return kPadding + (kRanks - 1 - rank) * kSquare; }

std::string number(int value) { return std::to_string(value); }

void draw_squares(std::string& svg, int width) {
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    for (int file = 0; file < width; ++file) {
      const bool dark = (file + rank) % 2 == 0;  // a1 is dark
      svg += "<rect class=\"square\" data-square=\"" +
             std::string(xfen::square_name(make_square(file, rank))) + "\" x=\"" +
             number(square_x(file)) + "\" y=\"" + number(square_y(rank)) +
             "\" width=\"" + number(kSquare) + "\" height=\"" + number(kSquare) + "\" fill=\"" +
             (dark ? kDark : kLight) + "\"/>";
    }
  }
}

void draw_coordinates(std::string& svg, int width) {
  for (int file = 0; file < width; ++file) {
    svg += "<text class=\"coordinate\" x=\"" + number(square_x(file) + kSquare / 2) + "\" y=\"" +
           number(kPadding + kRanks * kSquare + kMargin - 5) + "\" " + kFont +
           " font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">" +
           std::string(1, static_cast<char>('a' + file)) + "</text>";
  }
  for (int rank = 0; rank < kRanks; ++rank) {
    svg += "<text class=\"coordinate\" x=\"" + number(kPadding + kMargin / 2) + "\" y=\"" +
           number(square_y(rank) + kSquare / 2 + 4) + "\" " + kFont +
           " font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">" +
           std::string(1, static_cast<char>('1' + rank)) + "</text>";
  }
}

void draw_piece(std::string& svg, Square square, Piece piece) {
  const bool white = piece.color() == Color::white;
  const int cx = square_x(square.file) + kSquare / 2;
  const int cy = square_y(square.rank) + kSquare / 2;
  const char upper = static_cast<char>(piece.letter() & ~0x20);
  svg += "<g class=\"piece\"><title>" + std::string(1, piece.letter()) + " on " +
         std::string(xfen::square_name(square)) + "</title><circle cx=\"" + number(cx) +
         "\" cy=\"" + number(cy) +
         "\" r=\"15\" fill=\"" + (white ? "#fdfdfd" : "#262626") + "\" stroke=\"" +
         (white ? "#333" : "#000") + "\" stroke-width=\"1.5\"/><text x=\"" + number(cx) +
         "\" y=\"" + number(cy + 6) + "\" " + kFont +
         " font-size=\"17\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" +
         (white ? "#262626" : "#fdfdfd") + "\">" + std::string(1, upper) + "</text></g>";
}

void draw_differs(std::string& svg, Square square) {
  svg += "<rect class=\"mark-differs\" x=\"" + number(square_x(square.file) + 2) + "\" y=\"" +
         number(square_y(square.rank) + 2) + "\" width=\"" + number(kSquare - 4) + "\" height=\"" +
         number(kSquare - 4) +
         "\" fill=\"none\" stroke=\"#d32f2f\" stroke-width=\"3\"><title>differs from the other "
         "board</title></rect>";
}

void draw_castling(std::string& svg, Square square, char token) {
  const int x = square_x(square.file);
  const int y = square_y(square.rank);
  svg += "<g class=\"mark-castling\"><title>castling rook (" + html_escape(std::string(1, token)) +
         ")</title><rect x=\"" + number(x + 1) + "\" y=\"" + number(y + 1) +
         "\" width=\"13\" height=\"12\" rx=\"2\" fill=\"#1565c0\"/><text x=\"" + number(x + 7) +
         "\" y=\"" + number(y + 10) + "\" " + kFont +
         " font-size=\"9\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">" +
         std::string(1, token) + "</text></g>";
}

void draw_en_passant(std::string& svg, Square square) {
  svg += "<circle class=\"mark-en-passant\" cx=\"" + number(square_x(square.file) + kSquare / 2) +
         "\" cy=\"" + number(square_y(square.rank) + kSquare / 2) +
         "\" r=\"9\" fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"3\" "
         "stroke-dasharray=\"4 3\"><title>en passant square " +
         std::string(xfen::square_name(square)) + "</title></circle>";
}

}  // namespace

SquareSet differing_squares(const Position& a, const Position& b) noexcept {
  SquareSet differs;
  const int width = a.width > b.width ? a.width : b.width;
  for (int rank = 0; rank < kRanks; ++rank) {
    for (int file = 0; file < width; ++file) {
      const Square square = make_square(file, rank);
      // A file one board lacks holds nothing there.
      const Piece on_a = file < a.width ? a.at(square) : Piece{};
      const Piece on_b = file < b.width ? b.at(square) : Piece{};
      if (on_a != on_b) differs.set(square.index());
    }
  }
  return differs;
}

std::string board_svg(const Position& position, const SquareSet& differs, std::string_view label) {
  const int width = position.width == kMaxFiles ? kMaxFiles : 8;
  const int pixels_wide = 2 * kPadding + kMargin + width * kSquare;
  const int pixels_high = 2 * kPadding + kRanks * kSquare + kMargin;
  const std::string title = html_escape(label);
  std::string svg;
  svg.reserve(16 * 1024);
  svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" data-files=\"" + number(width) +
         "\" width=\"" + number(pixels_wide) + "\" height=\"" + number(pixels_high) +
         "\" viewBox=\"0 0 " + number(pixels_wide) + " " + number(pixels_high) +
         "\" role=\"img\" aria-label=\"" + title + "\"><title>" + title + "</title>";
  draw_squares(svg, width);
  svg += "<rect class=\"frame\" x=\"" + number(square_x(0)) + "\" y=\"" + number(square_y(7)) +
         "\" width=\"" + number(width * kSquare) + "\" height=\"" + number(kRanks * kSquare) +
         "\" fill=\"none\" stroke=\"#5d4037\" stroke-width=\"1\"/>";
  draw_coordinates(svg, width);
  for (int rank = 0; rank < kRanks; ++rank) {
    for (int file = 0; file < width; ++file) {
      const Square square = make_square(file, rank);
      if (!position.at(square).empty()) draw_piece(svg, square, position.at(square));
    }
  }
  if (position.en_passant && position.en_passant->is_valid(width))
    draw_en_passant(svg, *position.en_passant);
  constexpr std::array kColors{Color::white, Color::black};
  constexpr std::array kSides{CastlingSide::h_side, CastlingSide::a_side};
  for (const Color color : kColors) {
    for (const CastlingSide side : kSides) {
      const std::optional<int> file = position.castling.rook_file(color, side);
      const std::optional<char> token = castling_token(position, color, side);
      if (file && token && *file < width)
        draw_castling(svg, make_square(*file, back_rank(color)), *token);
    }
  }
  // Last, so that no piece or other mark hides them.
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < width; ++file)
      if (differs.test(make_square(file, rank).index())) draw_differs(svg, make_square(file, rank));
  svg += "</svg>";
  return svg;
}

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

std::optional<char> castling_token(const Position& position, Color color,
                                   CastlingSide side) noexcept {
  const std::optional<int> file = position.castling.rook_file(color, side);
  if (!file) return std::nullopt;
  const bool white = color == Color::white;
  if (outermost_rook_file(position, color, side) == file) {
    const char letter = side == CastlingSide::h_side ? 'K' : 'Q';
    return white ? letter : static_cast<char>(letter - 'A' + 'a');
  }
  return static_cast<char>((white ? 'A' : 'a') + *file);
}

std::string castling_field(const Position& position) {
  std::string field;
  if (position.castling.mode == CastlingMode::symmetric) field += 's';
  if (position.castling.mode == CastlingMode::modern) field += 'm';
  constexpr std::array kColors{Color::white, Color::black};
  constexpr std::array kSides{CastlingSide::h_side, CastlingSide::a_side};
  for (const Color color : kColors)
    for (const CastlingSide side : kSides)
      if (const auto token = castling_token(position, color, side)) field += *token;
  return position.castling.any() ? field : field + "-";
}

}  // namespace xfen::certify
