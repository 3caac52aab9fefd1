#include "xfen/legality.hpp"

#include <string_view>

#include "back_rank.hpp"
#include "xfen/attacks.hpp"
#include "xfen/en_passant.hpp"

namespace xfen {
namespace {

// The byte of the board field that places the piece standing on `square`. Lenient reading may
// have read a run of digits as their sum, so runs are summed here too.
std::uint32_t board_offset(std::string_view record, FieldSpan board, Square square) noexcept {
  int rank = kRanks - 1;
  int file = 0;
  for (std::uint32_t i = board.begin; i < board.end; ++i) {
    const char c = record[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '0' && c <= '9') {
      std::uint32_t end = i;
      int digit_sum = 0;
      while (end < board.end && record[end] >= '0' && record[end] <= '9')
        digit_sum += record[end++] - '0';
      // "10" is one count; any other run of several digits is only ever read by lenient
      // reading, which sums its digits.
      file += record.substr(i, end - i) == "10" ? 10 : digit_sum;
      i = end - 1;
    } else {
      if (rank == square.rank && file == square.file) return i;
      ++file;
    }
  }
  return 0;
}

// Where the findings point: into the record the position was read from, or nowhere (0).
struct Source {
  std::string_view record;
  const ParseResult* read = nullptr;
  DiagnosticSink finding_sink{};  // receives every finding, those beyond the report's capacity too

  std::uint32_t square_offset(Square square) const noexcept {
    return read == nullptr ? 0 : board_offset(record, read->fields[0], square);
  }
  std::uint32_t halfmove_offset() const noexcept {
    return read == nullptr || read->field_count <= 4 ? 0 : read->fields[4].begin;
  }
};

LegalityReport check(const Position& position, const Source& source) noexcept {
  LegalityReport report;
  const auto offset_of = [&](Square square) { return source.square_offset(square); };
  const auto report_finding = [&](const Diagnostic& finding) {
    report.findings.push(finding);
    source.finding_sink(finding);
  };

  std::array<int, 2> king_count{};
  std::array<Square, 2> king_square{};
  const int width = detail::grid_width(position);
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < width; ++file) {
      const Square square = make_square(file, rank);
      const Piece piece = detail::unchecked_at(position, square);
      if (piece.type() == PieceType::king) {
        king_square[static_cast<std::size_t>(piece.color())] = square;
        ++king_count[static_cast<std::size_t>(piece.color())];
      }
    }
  for (const Color color : {Color::white, Color::black}) {
    const int count = king_count[static_cast<std::size_t>(color)];
    if (count != 1)
      report_finding({.code = Code::legal_king_count,
                            .color = color,
                            .found = count,
                            .limit = 1});
  }

  for (const int rank : {0, kRanks - 1})
    for (int file = 0; file < width; ++file) {
      const Square square = make_square(file, rank);
      const Piece piece = detail::unchecked_at(position, square);
      if (piece.type() == PieceType::pawn)
        report_finding({.code = Code::legal_pawn_on_back_rank,
                              .offset = offset_of(square),
                              .length = 1,
                              .square = square,
                              .color = piece.color()});
    }

  const Color waiting = opposite(position.side_to_move);
  const auto waiting_index = static_cast<std::size_t>(waiting);
  if (king_count[waiting_index] == 1 &&
      is_attacked(position, king_square[waiting_index], position.side_to_move)) {
    const Square square = king_square[waiting_index];
    report_finding({.code = Code::legal_opponent_in_check,
                          .offset = offset_of(square),
                          .length = 1,
                          .square = square,
                          .color = waiting});
  }

  if (const auto target = xfen_en_passant(position); target && position.halfmove_clock != 0)
    report_finding({.code = Code::legal_en_passant_clock,
                          .offset = source.halfmove_offset(),
                          .square = *target,
                          .found = static_cast<std::int32_t>(position.halfmove_clock),
                          .limit = 0});
  return report;
}

}  // namespace

LegalityReport check_legality(const Position& position, DiagnosticSink finding_sink) noexcept {
  return check(position, {.record = {}, .read = nullptr, .finding_sink = finding_sink});
}

LegalityReport check_legality(const ParseResult& read, std::string_view record,
                              DiagnosticSink finding_sink) noexcept {
  return check(read.position, {.record = record, .read = &read, .finding_sink = finding_sink});
}

}  // namespace xfen
