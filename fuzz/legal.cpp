// Fuzz target `legal`: arbitrary bytes; for every position strict (or lenient) reading accepts,
// the legality check (SPEC R10) and the en passant rules (R5, R7.4, R8.3).
// Laws, beyond "no crash, no undefined behaviour, no leak, no hang":
//   - check_legality's findings lie inside the input (offset + length <= size); a finding about a
//     piece points at that piece's letter, the en passant clock finding at the halfmove field;
//   - the findings are the ones R10 lists, in its order: a king-count finding for each colour
//     without exactly one king, a pawn-on-back-rank finding for each pawn on rank 1 (then 8, file a
//     first), at most one opponent-in-check finding (for the single king of the side not to move),
//     an en-passant-clock finding exactly when X-FEN writes a square and the halfmove clock is not 0;
//   - without the record, the same findings with every offset 0;
//   - the `legal` en passant style writes a subset of the `xfen` style: if it writes a square, the
//     xfen style writes the same one; each writes what legal_en_passant / xfen_en_passant say;
//   - analyze_en_passant agrees with them: as_read is the position's square, geometry is
//     check_en_passant_geometry's verdict, capturers are pawns of the side to move beside the
//     pushed pawn (the first slot filled first), written_by_xfen() == xfen_en_passant() set,
//     written_by_legal() == legal_en_passant() set, and legal implies xfen.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "fuzz_support.hpp"

namespace {

using namespace xfen;

constexpr std::string_view kTarget = "legal";


std::string square_text(std::optional<Square> square) {
  if (!square) return "-";
  return {square->file_letter(), square->rank_digit()};
}

std::string findings_text(const DiagnosticList& findings, std::string_view record) {
  std::string out = std::to_string(findings.total()) + " finding(s):";
  for (const Diagnostic& finding : findings) out += " [" + fuzz::describe(finding, record) + "]";
  return out;
}

bool is_space(char c) noexcept { return kLenientWhiteSpace.find(c) != std::string_view::npos; }

// The X-FEN record of the position, to show it in a report.
std::string shown(const Position& position) {
  const StringResult text = to_string(position, {.en_passant = EnPassantStyle::always});
  return text ? text.text : "(unwritable)";
}

void check_findings(std::string_view input, const ParseResult& read) {
  const Position& position = read.position;
  const LegalityReport report = check_legality(read, input);
  const DiagnosticList& findings = report.findings;
  const auto broken = [&](std::string_view law, std::string_view expected) {
    fuzz::law_broken(kTarget, law, input, expected,
                     shown(position) + " -> " + findings_text(findings, input));
  };

  // What R10 asks for, counted here. The opponent-in-check finding is not recomputed: only its
  // place and its square are checked.
  std::array<int, 2> kings{};
  std::array<Square, 2> king_square{};
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < position.width; ++file) {
      const Piece piece = position.at(make_square(file, rank));
      if (piece.type() != PieceType::king) continue;
      ++kings[static_cast<std::size_t>(piece.color())];
      king_square[static_cast<std::size_t>(piece.color())] = make_square(file, rank);
    }
  std::array<Diagnostic, 2 + 2 * kMaxFiles + 1 + 1> expected{};
  std::size_t count = 0;
  for (const Color color : {Color::white, Color::black})
    if (kings[static_cast<std::size_t>(color)] != 1)
      expected[count++] = {.code = Code::legal_king_count, .found = kings[static_cast<std::size_t>(color)]};
  for (const int rank : {0, kRanks - 1})
    for (int file = 0; file < position.width; ++file)
      if (position.at(make_square(file, rank)).type() == PieceType::pawn)
        expected[count++] = {.code = Code::legal_pawn_on_back_rank, .square = make_square(file, rank)};
  const std::size_t check_slot = count;
  const bool ep_clock = xfen_en_passant(position).has_value() && position.halfmove_clock != 0;
  if (ep_clock) expected[count++] = {.code = Code::legal_en_passant_clock};

  const Color waiting = opposite(position.side_to_move);
  const bool has_check = findings.total() == count + 1;
  if (findings.total() != count && !has_check)
    broken("R10's findings: kings, pawns on back ranks, at most one check, en passant clock",
           std::to_string(count) + " or " + std::to_string(count + 1) + " findings");
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const Diagnostic& finding = findings[i];
    if (finding.offset > input.size() || finding.length > input.size() - finding.offset)
      broken("a finding lies inside the input", "offset + length <= " + std::to_string(input.size()));
    const bool is_check = has_check && i == check_slot;
    const Diagnostic& want = is_check ? Diagnostic{.code = Code::legal_opponent_in_check,
                                                   .square = king_square[static_cast<std::size_t>(waiting)]}
                                      : expected[i - (has_check && i > check_slot ? 1 : 0)];
    if (finding.code != want.code ||
        (is_check && kings[static_cast<std::size_t>(waiting)] != 1) ||
        ((want.code == Code::legal_pawn_on_back_rank || is_check) && finding.square != want.square) ||
        (want.code == Code::legal_king_count && finding.found != want.found))
      broken("R10's findings, in R10's order",
             "finding " + std::to_string(i) + ": " + std::string(code_name(want.code)) + " " +
                 square_text(want.square.is_valid(position.width) ? std::optional(want.square) : std::nullopt));
    if (want.code == Code::legal_pawn_on_back_rank || is_check) {
      const char letter = position.at(want.square).letter();
      if (finding.offset >= input.size() || input[finding.offset] != letter || finding.length != 1)
        broken("a finding about a piece points at its letter", std::string(1, letter));
    }
    if (want.code == Code::legal_en_passant_clock) {
      const std::string digits = std::to_string(position.halfmove_clock);
      const std::size_t end = finding.offset + digits.size();
      if (input.substr(finding.offset, digits.size()) != digits ||
          (end < input.size() && !is_space(input[end])))
        broken("the en passant clock finding points at the halfmove field", digits);
    }
  }

  const LegalityReport bare = check_legality(position);
  bool same = bare.findings.total() == findings.total() && bare.findings.size() == findings.size();
  for (std::size_t i = 0; same && i < findings.size(); ++i)
    same = bare.findings[i].code == findings[i].code && bare.findings[i].offset == 0 &&
           bare.findings[i].square == findings[i].square;
  if (!same)
    broken("without the record: the same findings, at offset 0", findings_text(bare.findings, ""));
}

std::string_view en_passant_field(std::string_view record) {
  std::size_t start = 0;
  for (int field = 0; field < 3; ++field) start = record.find(' ', start) + 1;
  return record.substr(start, record.find(' ', start) - start);
}

void check_en_passant(std::string_view input, const Position& position) {
  const auto xfen_square = xfen_en_passant(position);
  const auto legal_square = legal_en_passant(position);
  const EnPassantAnalysis analysis = analyze_en_passant(position);
  const auto broken = [&](std::string_view law, std::string_view expected, std::string_view actual) {
    fuzz::law_broken(kTarget, law, input, expected, shown(position) + ": " + std::string(actual));
  };

  std::array<char, kMaxRecordSize> xfen_bytes;
  std::array<char, kMaxRecordSize> legal_bytes;
  const WriteResult xfen_written = write(position, xfen_bytes, {.en_passant = EnPassantStyle::xfen});
  const WriteResult legal_written = write(position, legal_bytes, {.en_passant = EnPassantStyle::legal});
  if (!xfen_written || !legal_written)
    broken("an accepted position can be written", "a record",
           fuzz::describe(xfen_written ? legal_written.error : xfen_written.error, ""));
  const std::string_view xfen_field = en_passant_field({xfen_bytes.data(), xfen_written.size});
  const std::string_view legal_field = en_passant_field({legal_bytes.data(), legal_written.size});
  if (legal_field != "-" && legal_field != xfen_field)
    broken("the legal style writes a subset of the xfen style", legal_field, xfen_field);
  if (xfen_field != square_text(xfen_square) || legal_field != square_text(legal_square))
    broken("the styles write xfen_en_passant and legal_en_passant",
           square_text(xfen_square) + " / " + square_text(legal_square),
           std::string(xfen_field) + " / " + std::string(legal_field));
  if (legal_square && legal_square != xfen_square)
    broken("legal_en_passant is a subset of xfen_en_passant", square_text(legal_square),
           square_text(xfen_square));

  const Code geometry =
      position.en_passant ? check_en_passant_geometry(position, *position.en_passant) : Code::ok;
  if (analysis.as_read != position.en_passant || analysis.geometry != geometry)
    broken("analyze_en_passant: as_read and geometry",
           square_text(position.en_passant) + " " + std::string(code_name(geometry)),
           square_text(analysis.as_read) + " " + std::string(code_name(analysis.geometry)));
  if (analysis.written_by_xfen() != xfen_square.has_value() ||
      analysis.written_by_legal() != legal_square.has_value() ||
      (analysis.written_by_legal() && !analysis.written_by_xfen()))
    broken("analyze_en_passant agrees with xfen_en_passant and legal_en_passant",
           square_text(xfen_square) + " / " + square_text(legal_square),
           std::string(analysis.written_by_xfen() ? "xfen" : "-") + " / " +
               (analysis.written_by_legal() ? "legal" : "-"));
  if (analysis.capturers[1] && !analysis.capturers[0])
    broken("analyze_en_passant fills the first capturer slot first", "capturers[0]", "only capturers[1]");
  for (const auto& capturer : analysis.capturers) {
    if (!capturer) continue;
    const Square target = *position.en_passant;
    const int pawn_rank = position.side_to_move == Color::white ? target.rank - 1 : target.rank + 1;
    const int distance = capturer->file - target.file;
    if (geometry != Code::ok || capturer->rank != pawn_rank || (distance != 1 && distance != -1) ||
        !capturer->is_valid(position.width) ||
        !position.at(*capturer).is(PieceType::pawn, position.side_to_move))
      broken("a capturer is a pawn of the side to move beside the pushed pawn", square_text(target),
             square_text(capturer));
  }
}

void check(std::string_view input, const ParseResult& read) {
  check_findings(input, read);
  check_en_passant(input, read.position);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = fuzz::as_text(data, size);
  const ParseResult strict = parse(input, {.profile = Profile::strict});
  if (strict) check(input, strict);
  // Lenient records too: the findings' offsets must find their way through sloppy text.
  const ParseResult lenient = parse(input, {.profile = Profile::lenient});
  if (lenient && !(strict && fuzz::same_fields(strict.position, lenient.position)))
    check(input, lenient);
  return 0;
}
