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

// The squares of one colour as one path, a square a subpath: the picture of a <rect> a square,
// in a twentieth of the bytes.
std::string squares_path(int width, bool dark) {
  std::string path = std::string("<path class=\"") + (dark ? "dark" : "light") +
                     "-squares\" fill=\"" + (dark ? kDark : kLight) + "\" d=\"";
  for (int rank = kRanks - 1; rank >= 0; --rank)
    for (int file = 0; file < width; ++file)
      if (((file + rank) % 2 == 0) == dark) {  // a1 is dark
        const std::string side = number(kSquare);
        path += 'M';
        path += number(square_x(file)) + ' ' + number(square_y(rank));
        path += 'h' + side + 'v' + side + "h-" + side + 'z';
      }
  return path + "\"/>";
}

std::string coordinates(int width) {
  std::string svg = std::string("<g class=\"coordinates\" ") + kFont +
                    " font-size=\"12\" text-anchor=\"middle\" fill=\"#555\">";
  for (int file = 0; file < width; ++file) {
    svg += "<text x=\"" + number(square_x(file) + kSquare / 2) + "\" y=\"" +
           number(kPadding + kRanks * kSquare + kMargin - 5) + "\">" +
           std::string(1, static_cast<char>('a' + file)) + "</text>";
  }
  for (int rank = 0; rank < kRanks; ++rank) {
    svg += "<text x=\"" + number(kPadding + kMargin / 2) + "\" y=\"" +
           number(square_y(rank) + kSquare / 2 + 4) + "\">" +
           std::string(1, static_cast<char>('1' + rank)) + "</text>";
  }
  return svg + "</g>";
}

// The board of `width` files without pieces: squares, frame and coordinates, at the places a
// board's pieces and marks are drawn relative to.
std::string empty_board(int width) {
  return squares_path(width, false) + squares_path(width, true) + "<rect class=\"frame\" x=\"" +
         number(square_x(0)) + "\" y=\"" + number(square_y(kRanks - 1)) + "\" width=\"" +
         number(width * kSquare) + "\" height=\"" + number(kRanks * kSquare) +
         "\" fill=\"none\" stroke=\"#5d4037\" stroke-width=\"1\"/>" + coordinates(width);
}

std::string_view type_name(PieceType type) noexcept {
  switch (type) {
    case PieceType::none: break;
    case PieceType::pawn: return "pawn";
    case PieceType::knight: return "knight";
    case PieceType::bishop: return "bishop";
    case PieceType::rook: return "rook";
    case PieceType::queen: return "queen";
    case PieceType::king: return "king";
    case PieceType::archbishop: return "archbishop";
    case PieceType::chancellor: return "chancellor";
  }
  return {};
}

// A piece on the square whose top left corner is (0, 0).
std::string piece_glyph(Piece piece) {
  const bool white = piece.color() == Color::white;
  const int centre = kSquare / 2;
  const char upper = static_cast<char>(piece.letter() & ~0x20);
  return std::string("<title>") + (white ? "white " : "black ") +
         std::string(type_name(piece.type())) + " (" + std::string(1, piece.letter()) +
         ")</title><circle cx=\"" + number(centre) + "\" cy=\"" + number(centre) +
         "\" r=\"15\" fill=\"" + (white ? "#fdfdfd" : "#262626") + "\" stroke=\"" +
         (white ? "#333" : "#000") + "\" stroke-width=\"1.5\"/><text x=\"" + number(centre) +
         "\" y=\"" + number(centre + 6) + "\" " + kFont +
         " font-size=\"17\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" +
         (white ? "#262626" : "#fdfdfd") + "\">" + std::string(1, upper) + "</text>";
}

std::string draw_piece(BoardSymbols& symbols, int x, int y, Piece piece) {
  return symbols.use("piece-" + std::string(1, piece.letter()), x, y,
                     [piece] { return piece_glyph(piece); });
}

// A rank's pieces as X-FEN writes them ("rnbqkbnr", "4P5"): what a rank symbol is named by.
std::string rank_text(const Position& position, int width, int rank) {
  std::string text;
  int empty = 0;
  for (int file = 0; file < width; ++file) {
    const Piece piece = position.at(make_square(file, rank));
    if (piece.empty()) {
      ++empty;
      continue;
    }
    if (empty > 0) text += number(empty);
    empty = 0;
    text += piece.letter();
  }
  return empty == width ? std::string() : text + (empty > 0 ? number(empty) : "");
}

// The pieces of one rank along the top row of squares, each a use of its piece symbol.
std::string rank_of_pieces(const Position& position, int width, int rank, BoardSymbols& symbols) {
  std::string svg;
  for (int file = 0; file < width; ++file) {
    const Piece piece = position.at(make_square(file, rank));
    if (!piece.empty()) svg += draw_piece(symbols, square_x(file), 0, piece);
  }
  return svg;
}

// The marks, each on the square whose top left corner is (0, 0).
std::string differs_mark() {
  return "<title>differs from the other board</title><rect x=\"2\" y=\"2\" width=\"" +
         number(kSquare - 4) + "\" height=\"" + number(kSquare - 4) +
         "\" fill=\"none\" stroke=\"#d32f2f\" stroke-width=\"3\"/>";
}

std::string castling_mark(char token) {
  return "<title>castling rook (" + html_escape(std::string(1, token)) +
         ")</title><rect x=\"1\" y=\"1\" width=\"13\" height=\"12\" rx=\"2\" fill=\"#1565c0\"/>"
         "<text x=\"7\" y=\"10\" " +
         std::string(kFont) +
         " font-size=\"9\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#fff\">" +
         std::string(1, token) + "</text>";
}

std::string en_passant_mark() {
  return "<circle cx=\"" + number(kSquare / 2) + "\" cy=\"" + number(kSquare / 2) +
         "\" r=\"9\" fill=\"none\" stroke=\"#2e7d32\" stroke-width=\"3\" "
         "stroke-dasharray=\"4 3\"/>";
}

}  // namespace

std::string BoardSymbols::use_element(const std::string& id, int x, int y,
                                      std::string_view title) {
  std::string svg = "<use href=\"#" + html_escape(id) + "\"";
  if (x != 0) svg += " x=\"" + number(x) + "\"";
  if (y != 0) svg += " y=\"" + number(y) + "\"";
  if (title.empty()) return svg + "/>";
  return svg + "><title>" + html_escape(title) + "</title></use>";
}

std::string BoardSymbols::definitions() const {
  if (symbols_.empty()) return {};
  // Out of the flow and of the accessibility tree: it is drawn only where a board uses it.
  std::string svg =
      "<svg class=\"board-symbols\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>";
  for (const auto& [id, content] : symbols_)
    svg += "<symbol id=\"" + html_escape(id) + "\">" + content + "</symbol>";
  return svg + "</defs></svg>";
}

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

std::string board_svg(const Position& position, const SquareSet& differs, std::string_view label,
                      BoardSymbols& symbols) {
  const int width = position.width == kMaxFiles ? kMaxFiles : 8;
  const int pixels_wide = 2 * kPadding + kMargin + width * kSquare;
  const int pixels_high = 2 * kPadding + kRanks * kSquare + kMargin;
  const std::string title = html_escape(label);
  std::string svg = "<svg class=\"board\" data-files=\"" + number(width) + "\" width=\"" +
                    number(pixels_wide) + "\" height=\"" + number(pixels_high) +
                    "\" viewBox=\"0 0 " + number(pixels_wide) + " " + number(pixels_high) +
                    "\" role=\"img\" aria-label=\"" + title + "\"><title>" + title + "</title>";
  svg += symbols.use("board-" + number(width) + "x" + number(kRanks), 0, 0,
                     [width] { return empty_board(width); });
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    const std::string text = rank_text(position, width, rank);
    if (!text.empty())
      svg += symbols.use("rank-" + text, 0, square_y(rank),
                         [&] { return rank_of_pieces(position, width, rank, symbols); });
  }
  if (position.en_passant && position.en_passant->is_valid(width)) {
    const Square square = *position.en_passant;
    svg += symbols.use("mark-en-passant", square_x(square.file), square_y(square.rank),
                       en_passant_mark,
                       "en passant square " + std::string(xfen::square_name(square)));
  }
  constexpr std::array kColors{Color::white, Color::black};
  constexpr std::array kSides{CastlingSide::h_side, CastlingSide::a_side};
  for (const Color color : kColors) {
    for (const CastlingSide side : kSides) {
      const std::optional<int> file = position.castling.rook_file(color, side);
      const std::optional<char> token = castling_token(position, color, side);
      if (file && token && *file < width)
        svg += symbols.use("castling-" + std::string(1, *token), square_x(*file),
                           square_y(back_rank(color)), [&] { return castling_mark(*token); });
    }
  }
  // Last, so that no piece or other mark hides them.
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < width; ++file)
      if (differs.test(make_square(file, rank).index()))
        svg += symbols.use("mark-differs", square_x(file), square_y(rank), differs_mark);
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

std::string figure(std::string_view caption, const Side& side, const Side& other,
                   BoardSymbols& symbols) {
  std::string html = "<figure class=\"board-side\"><figcaption>";
  html += html_escape(caption);
  html += "</figcaption>";
  if (!side.position) {
    html += "<p class=\"no-board\">no board: " + html_text(side.no_board) + "</p></figure>";
    return html;
  }
  const SquareSet differs =
      other.position ? differing_squares(*side.position, *other.position) : SquareSet{};
  html += board_svg(*side.position, differs, caption, symbols);
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

std::string board_pair_html(const CaseResult& result, BoardSymbols& symbols) {
  const Side expected = expected_side(result.case_);
  const Side actual = answer_side(result.answer);
  return "<div class=\"boards\">" + figure("expected", expected, actual, symbols) +
         figure("answer", actual, expected, symbols) + "</div>";
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
