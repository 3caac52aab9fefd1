#include "certify/report/boards.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include <xfen/en_passant.hpp>
#include <xfen/message.hpp>
#include <xfen/parse.hpp>
#include <xfen/square_name.hpp>

#include "certify/grade/joined.hpp"
#include "certify/grade/spelling.hpp"
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

// A castling right only one record has: a tab in the square's top right corner (the castling
// rook's mark holds the top left; the square's colour is read at the lower right), orange, with
// "−" where the answer lacks the right and "+" where only the answer has it. Lines, not text,
// so that no font changes the mark.
std::string castling_difference_mark(bool expected_only) {
  const std::string orange = "#e65100";
  return std::string("<title>") +
         (expected_only ? "castling right expected, not in the answer"
                        : "castling right in the answer, not expected") +
         "</title><rect x=\"25\" y=\"1\" width=\"14\" height=\"12\" rx=\"2\" fill=\"" +
         (expected_only ? "#fff" : orange) + "\" stroke=\"" + orange +
         "\" stroke-width=\"2\"/><path d=\"M28 7h8" + (expected_only ? "" : "M32 3v8") +
         "\" stroke=\"" + (expected_only ? orange : "#fff") + "\" stroke-width=\"2\"/>";
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

namespace {

// The letter `written` (a castling field as a record writes it) names a right of `position` by:
// its rook's file letter when the field holds it (Shredder-FEN's `H`, X-FEN's for an inner
// rook), else X-FEN's token (`K`/`Q`). A file letter names one rook of its colour, and `K`, `Q`
// and the prefixes `s`, `m` are no file's letter, so the search cannot find another right's.
std::optional<char> written_castling_token(std::string_view written, const Position& position,
                                           Color color, CastlingSide side) {
  const std::optional<int> file = position.castling.rook_file(color, side);
  if (!file) return std::nullopt;
  const char file_letter = static_cast<char>((color == Color::white ? 'A' : 'a') + *file);
  if (written.find(file_letter) != std::string_view::npos) return file_letter;
  return castling_token(position, color, side);
}

}  // namespace

std::string board_svg(const Position& position, const SquareSet& differs, std::string_view label,
                      BoardSymbols& symbols, const CastlingMarks& castling) {
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
      const std::optional<char> token =
          written_castling_token(castling.written, position, color, side);
      if (file && token && *file < width)
        svg += symbols.use("castling-" + std::string(1, *token), square_x(*file),
                           square_y(back_rank(color)), [&] { return castling_mark(*token); });
    }
  }
  for (const CastlingRightDifference& difference : castling.differences) {
    if (!difference.rook.is_valid(width)) continue;
    const std::string tooltip = "castling right on " +
                                std::string(xfen::square_name(difference.rook)) + " (" +
                                std::string(1, difference.token) + "): " +
                                (difference.expected ? "expected, not in the answer"
                                                     : "in the answer, not expected");
    svg += symbols.use(
        difference.expected ? "mark-castling-missing" : "mark-castling-extra",
        square_x(difference.rook.file), square_y(difference.rook.rank),
        [&] { return castling_difference_mark(difference.expected); }, tooltip);
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

// The fields of a record, by their place in it.
constexpr std::size_t kBoardField = 0;
constexpr std::size_t kSideToMoveField = 1;
constexpr std::size_t kCastlingField = 2;
constexpr std::size_t kEnPassantField = 3;
constexpr std::size_t kHalfmoveField = 4;
constexpr std::size_t kFullmoveField = 5;

constexpr std::array<std::string_view, kRecordFields> kFieldNames{
    "board", "to move", "castling", "en passant", "halfmove clock", "fullmove number"};

// One field of a record as its text writes it, and where it begins in the record.
struct WrittenField {
  std::string_view text;
  std::size_t begin = 0;
};

// A record's fields as written: the runs of bytes between white space. White space as lenient
// reading takes it, so that a record with a tab between two fields is cut where a reader cuts it.
std::vector<WrittenField> written_fields(std::string_view record) {
  std::vector<WrittenField> fields;
  std::size_t at = 0;
  for (;;) {
    const std::size_t begin = record.find_first_not_of(kLenientWhiteSpace, at);
    if (begin == std::string_view::npos) break;
    const std::size_t end =
        std::min(record.find_first_of(kLenientWhiteSpace, begin), record.size());
    fields.push_back({record.substr(begin, end - begin), begin});
    at = end;
  }
  return fields;
}

// The layout a record of `count` fields is written in: EPD's four, the board alone, or X-FEN's
// six. A record of any other count is in none: read as six fields, it says what it lacks.
RecordFields layout_of(std::size_t count) noexcept {
  for (const RecordFields layout : kShorterLayouts)
    if (field_count(layout) == count) return layout;
  return RecordFields::full;
}

// What a record in a shorter layout says in place of the fields it leaves out, and the name of
// that row: not the defaults a reader fills in, which the record does not say.
std::string_view left_out(RecordFields layout) noexcept {
  return layout == RecordFields::epd ? "no clocks: EPD's four fields" : "none: the board alone";
}

std::string_view layout_phrase(RecordFields layout) noexcept {
  return layout == RecordFields::epd ? "EPD's four fields, no clocks" : "the board alone";
}

std::string_view left_out_name(RecordFields layout) noexcept {
  return layout == RecordFields::epd ? "clocks" : "other fields";
}

// One side of the pair: a record as it is written, and the position it holds.
struct Side {
  std::optional<Position> position;
  std::string no_board;     // why there is no position: untrusted bytes
  std::string_view record;  // the bytes, held by the case or the answer
  std::vector<WrittenField> fields;
  RecordFields layout = RecordFields::full;
  std::string_view named = "the answer";  // how the page names the record: "the answer", "the record"
  // Set when the record does not read strictly and `position` comes from a lenient reading:
  // what that reading relaxed, dropped or filled in (its warnings), and why strict reading failed.
  bool lenient = false;
  DiagnosticList relaxations;
  std::string strict_error;

  bool has(std::size_t field) const noexcept { return field < fields.size(); }

  // Whether a relaxation is about `field`: it names bytes of it (not the white space between
  // fields, nor the end of a record that lacks some).
  bool in_field(const Diagnostic& relaxation, std::size_t field) const noexcept {
    return has(field) && fields[field].begin <= relaxation.offset &&
           relaxation.offset < fields[field].begin + fields[field].text.size();
  }

  // Whether the lenient reading relaxed something in `field` (a token it dropped, digits it
  // summed): what the field says as written is then not what the position holds.
  bool relaxed(std::size_t field) const noexcept {
    if (!lenient) return false;
    for (const Diagnostic& relaxation : relaxations)
      if (in_field(relaxation, field)) return true;
    return false;
  }

  std::string_view written(std::size_t field) const noexcept {
    return has(field) ? fields[field].text : std::string_view{};
  }
};

Side without_board(std::string why) {
  Side side;
  side.no_board = std::move(why);
  return side;
}

Side expected_side(const CertifyCase& c) {
  if (c.expectation == Expectation::reject) return without_board("the record must be rejected");
  Side side;
  side.record = c.expected;
  side.fields = written_fields(c.expected);
  const ParseResult read = parse(c.expected);
  if (!read) return without_board(message(read.error, c.expected));
  side.position = read.position;
  return side;
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

// A record read strictly in the layout its field count names, as grading reads an answer, so that
// the board drawn is the one it says. Only when that fails, leniently, so that a loosely written
// record still draws; the figure then says what that reading relaxed.
Side record_side(std::string_view record) {
  Side side;
  side.record = record;
  side.fields = written_fields(record);
  side.layout = layout_of(side.fields.size());
  const ParseResult strict = parse(record, ParseOptions{.fields = side.layout});
  if (strict) {
    side.position = strict.position;
    return side;
  }
  const ParseResult lenient =
      parse(record, ParseOptions{.profile = Profile::lenient, .fields = side.layout});
  if (!lenient) return without_board(message(lenient.error, record));
  side.position = lenient.position;
  side.lenient = true;
  side.relaxations = lenient.warnings;
  side.strict_error = message(strict.error, record);
  return side;
}

Side answer_side(const Answer& answer) {
  if (answer.kind != Answer::Kind::accepted)
    return without_board(std::string(no_record(answer.kind)));
  return record_side(answer.text);
}

enum class FieldMatch : std::uint8_t { same, another_spelling, differs };

// Whether field `field` says the same in both positions, by what it means rather than by its
// text: the castling rights by their rooks (`HAha` and `KQkq` name the same four), the en passant
// square as X-FEN writes it (a square no pawn of the side to move can take on is the same as `-`).
bool same_meaning(std::size_t field, const Position& a, const Position& b) noexcept {
  switch (field) {
    case kBoardField: return a.width == b.width && differing_squares(a, b).none();
    case kSideToMoveField: return a.side_to_move == b.side_to_move;
    case kCastlingField: return a.castling == b.castling;
    case kEnPassantField: return xfen_en_passant(a) == xfen_en_passant(b);
    case kHalfmoveField: return a.halfmove_clock == b.halfmove_clock;
    case kFullmoveField: return a.fullmove_number == b.fullmove_number;
    default: return true;
  }
}

// How each field of the answer compares with the expected record's: set only when both hold a
// position.
struct Comparison {
  bool made = false;
  std::array<FieldMatch, kRecordFields> fields{};
};

Comparison compare(const Side& expected, const Side& answer) {
  Comparison comparison;
  if (!expected.position || !answer.position) return comparison;
  comparison.made = true;
  for (std::size_t field = 0; field < kRecordFields; ++field) {
    FieldMatch& match = comparison.fields[field];
    if (!expected.has(field) || !answer.has(field)) {
      // Left out by a record in a shorter layout: another way to write the record (grading takes
      // EPD's missing clocks so too); missing from a record of six fields: wrong.
      const Side& lacking = answer.has(field) ? expected : answer;
      match = lacking.layout == RecordFields::full ? FieldMatch::differs
                                                   : FieldMatch::another_spelling;
    } else if (expected.relaxed(field) || answer.relaxed(field) ||
               !same_meaning(field, *expected.position, *answer.position)) {
      // A field only a lenient reading could take is not X-FEN, whatever it was read as.
      match = FieldMatch::differs;
    } else {
      match = expected.fields[field].text == answer.fields[field].text
                  ? FieldMatch::same
                  : FieldMatch::another_spelling;
    }
  }
  return comparison;
}

// The rights one record has and the other lacks, at their rooks' squares, named by the letters
// of the record that has them. Not for an answer of the board alone: it says nothing of castling.
std::vector<CastlingRightDifference> castling_differences(const Side& expected,
                                                          const Side& answer) {
  std::vector<CastlingRightDifference> differences;
  if (!expected.position || !answer.position || answer.layout == RecordFields::board)
    return differences;
  constexpr std::array kColors{Color::white, Color::black};
  constexpr std::array kSides{CastlingSide::h_side, CastlingSide::a_side};
  for (const Color color : kColors) {
    for (const CastlingSide side : kSides) {
      const std::optional<int> in_expected = expected.position->castling.rook_file(color, side);
      const std::optional<int> in_answer = answer.position->castling.rook_file(color, side);
      if (in_expected == in_answer) continue;
      for (const bool from_expected : {true, false}) {
        const Side& holder = from_expected ? expected : answer;
        const std::optional<int> file = from_expected ? in_expected : in_answer;
        const std::optional<char> token = written_castling_token(
            holder.written(kCastlingField), *holder.position, color, side);
        if (file && token)
          differences.push_back({make_square(*file, back_rank(color)), *token, from_expected});
      }
    }
  }
  return differences;
}

// The sentences of the lenient reading's relaxations: those in `field`, or all of them.
std::string relaxation_sentences(const Side& side, std::optional<std::size_t> field = {}) {
  std::vector<std::string> sentences;
  for (const Diagnostic& relaxation : side.relaxations)
    if (!field || side.in_field(relaxation, *field))
      sentences.push_back(message(relaxation, side.record));
  if (!field && side.relaxations.total() > side.relaxations.size())
    sentences.push_back(
        "and " + std::to_string(side.relaxations.total() - side.relaxations.size()) + " more");
  // Every relaxation is a warning (SPEC R9), so this is a guard: the strict reading's error.
  if (sentences.empty()) return side.strict_error;
  std::string text;
  for (std::size_t i = 0; i < sentences.size(); ++i) {
    if (sentences.size() > 1) text += (i > 0 ? " (" : "(") + std::to_string(i + 1) + ") ";
    text += sentences[i];
  }
  return text;
}

// What the other record holds from `field` on (one field, or the ones a shorter layout leaves
// out), for the tooltip of a marked cell: its text, or what it says in place of the fields.
std::string other_text(const Side& other, std::size_t field, std::size_t last) {
  if (!other.has(field))
    return other.layout == RecordFields::full ? "missing" : std::string(left_out(other.layout));
  std::string text;
  for (std::size_t i = field; i <= last && other.has(i); ++i) {
    if (i > field) text += ' ';
    text += untrusted_text(other.fields[i].text).text;
  }
  return text;
}

std::string field_row(std::string_view name, const std::string& content_html, FieldMatch match,
                      const std::string& title) {
  std::string html = "<tr><th>" + html_escape(name) + "</th><td";
  if (match == FieldMatch::differs) html += " class=\"differs\"";
  if (match == FieldMatch::another_spelling) html += " class=\"another-spelling\"";
  if (match != FieldMatch::same) html += " title=\"" + html_escape(title) + "\"";
  return html + ">" + content_html + "</td></tr>";
}

// The fields beyond the board, as the record writes them, each marked by how it compares with the
// other record's (`other_label`: "expected", "answer").
std::string fields_table(const Side& side, const Side& other, std::string_view other_label,
                         const Comparison& comparison) {
  std::string html =
      "<table class=\"fields\" data-fields=\"" + std::to_string(side.fields.size()) + "\">";
  for (std::size_t field = kSideToMoveField; field < kRecordFields; ++field) {
    const FieldMatch match = comparison.made ? comparison.fields[field] : FieldMatch::same;
    // The fields a shorter layout leaves out are one row, ended there.
    const bool left_out_here = !side.has(field) && side.layout != RecordFields::full;
    const std::size_t last = left_out_here ? kRecordFields - 1 : field;
    std::string title = std::string(other_label) + ": " + other_text(other, field, last);
    if (side.relaxed(field))
      title = "not X-FEN as written: " + relaxation_sentences(side, field) + "; " + title;
    if (side.has(field)) {
      html += field_row(kFieldNames[field], html_text(side.fields[field].text), match, title);
    } else if (left_out_here) {
      html += field_row(left_out_name(side.layout),
                        "<span class=\"none\">" + html_escape(left_out(side.layout)) + "</span>",
                        match, title);
      break;
    } else {
      html += field_row(kFieldNames[field], "<span class=\"none\">missing</span>", match, title);
    }
  }
  return html + "</table>";
}

// Beneath a board drawn from a lenient reading: that it is, and what the reading relaxed.
std::string lenient_note(const Side& side) {
  return "<p class=\"lenient-reading\">Drawn from a lenient reading, as " + html_escape(side.named) +
         " is not X-FEN as written: " + html_text(relaxation_sentences(side)) + ".</p>";
}

std::string figure(std::string_view caption, const Side& side, const Side& other,
                   std::string_view other_label, const Comparison& comparison,
                   const CastlingMarks& castling, BoardSymbols& symbols) {
  std::string html = "<figure class=\"board-side\"><figcaption>";
  html += html_escape(caption);
  html += "</figcaption>";
  if (!side.position) {
    html += "<p class=\"no-board\">no board: " + html_text(side.no_board) + "</p></figure>";
    return html;
  }
  const SquareSet differs =
      other.position ? differing_squares(*side.position, *other.position) : SquareSet{};
  html += board_svg(*side.position, differs, caption, symbols, castling);
  html += fields_table(side, other, other_label, comparison);
  if (side.lenient) html += lenient_note(side);
  html += "</figure>";
  return html;
}

// Two identical boards under a failure would pass for a pass: above them, where the failure is.
std::string same_board_caption(const Side& answer, const Comparison& comparison) {
  std::vector<std::string> differing;
  std::vector<std::string> respelled;
  for (std::size_t field = 0; field < kRecordFields; ++field) {
    if (!answer.has(field) && answer.layout != RecordFields::full) continue;  // said as the layout
    if (comparison.fields[field] == FieldMatch::differs)
      differing.emplace_back(kFieldNames[field]);
    if (comparison.fields[field] == FieldMatch::another_spelling)
      respelled.emplace_back(kFieldNames[field]);
  }
  std::vector<std::string> parts;
  if (!differing.empty()) parts.push_back("differs: " + joined(differing, ", "));
  if (!respelled.empty()) parts.push_back("another spelling: " + joined(respelled, ", "));
  if (answer.layout != RecordFields::full)
    parts.push_back("another layout: " + std::string(layout_phrase(answer.layout)));
  if (answer.lenient) parts.push_back("its board is drawn from a lenient reading");
  std::string text = "The two boards are the same";
  if (!differing.empty())
    text += "; the failure is in the other fields (" + joined(parts, "; ") + ")";
  else if (answer.lenient)  // the fields say the same, but not as X-FEN writes a record
    text += "; the answer is not X-FEN as written (" + joined(parts, "; ") + ")";
  else if (!parts.empty())
    // Not "only the spelling differs": a spelling the program does not declare is a failure
    // like any other, and the detail above names the field and the spelling it matches.
    text += "; the failure is in how the answer spells the position, not in the position (" + joined(parts, "; ") +
            "): the detail above names the field and the spelling it matches";
  else
    text += ", and so are the other fields as they are read here: the detail above says what "
            "the grade found";
  return "<p class=\"same-board\">" + html_escape(text) + ".</p>";
}

}  // namespace

std::string board_pair_html(const CaseResult& result, BoardSymbols& symbols) {
  const Side expected = expected_side(result.case_);
  const Side answer = answer_side(result.answer);
  const Comparison comparison = compare(expected, answer);
  const std::vector<CastlingRightDifference> castling = castling_differences(expected, answer);
  std::string html = "<div class=\"boards\">";
  // The boards as drawn: a board field a lenient reading relaxed (`44` for `8`) still draws the
  // same squares, and is named in the caption as a field that differs.
  const bool same_boards =
      comparison.made && same_meaning(kBoardField, *expected.position, *answer.position);
  if (same_boards && tally_of(result.verdict) == Tally::failed)
    html += same_board_caption(answer, comparison);
  html += figure("expected", expected, answer, "answer", comparison,
                 CastlingMarks{expected.written(kCastlingField), castling}, symbols);
  html += figure("answer", answer, expected, "expected", comparison,
                 CastlingMarks{answer.written(kCastlingField), castling}, symbols);
  return html + "</div>";
}

std::string record_board_html(std::string_view record, std::string_view caption, BoardSymbols& symbols) {
  Side side = record_side(record);
  side.named = "the record";
  // Nothing to compare it with: no square or field is marked.
  return figure(caption, side, without_board({}), {}, Comparison{},
                CastlingMarks{side.written(kCastlingField), {}}, symbols);
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

}  // namespace xfen::certify
