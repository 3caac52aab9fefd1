#include "xfen/legality.hpp"

#include <string_view>

#include "xfen/en_passant.hpp"

namespace xfen {
namespace {

// Offsets of legality findings point into the record they came from. Both profiles put the
// board first and separate fields by white space, so a field is found by counting runs.
std::uint32_t field_offset(std::string_view record, int field_index) noexcept {
  constexpr std::string_view kSpace = " \t\r\n\v\f";
  std::size_t at = record.find_first_not_of(kSpace);
  for (int field = 0; field < field_index && at != std::string_view::npos; ++field) {
    at = record.find_first_of(kSpace, at);
    if (at != std::string_view::npos) at = record.find_first_not_of(kSpace, at);
  }
  return at == std::string_view::npos ? 0 : static_cast<std::uint32_t>(at);
}

// The byte of the board field that places the piece standing on `square`.
std::uint32_t board_offset(std::string_view record, Square square) noexcept {
  int rank = kRanks - 1;
  int file = 0;
  const std::size_t start = field_offset(record, 0);
  for (std::size_t i = start; i < record.size(); ++i) {
    const char c = record[i];
    if (c == ' ' || c == '\t') break;
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '0' && c <= '9') {
      std::size_t end = i;
      int digit_sum = 0;
      while (end < record.size() && record[end] >= '0' && record[end] <= '9')
        digit_sum += record[end++] - '0';
      // "10" is one count; any other run of several digits is only ever read by lenient
      // reading, which sums its digits.
      file += record.substr(i, end - i) == "10" ? 10 : digit_sum;
      i = end - 1;
    } else {
      if (rank == square.rank && file == square.file) return static_cast<std::uint32_t>(i);
      ++file;
    }
  }
  return 0;
}

}  // namespace

LegalityReport check_legality(const Position& position, std::string_view record,
                              DiagnosticSink finding_sink) noexcept {
  LegalityReport report;
  const auto report_finding = [&](const Diagnostic& finding) {
    report.findings.push(finding);
    finding_sink(finding);
  };
  const auto offset_of = [&](Square square) {
    return record.empty() ? 0u : board_offset(record, square);
  };

  std::array<int, 2> king_count{};
  std::array<Square, 2> king_square{};
  for (int rank = 0; rank < kRanks; ++rank)
    for (int file = 0; file < position.width; ++file) {
      const Square square = make_square(file, rank);
      const Piece piece = position.at(square);
      if (piece.type() == PieceType::king) {
        king_square[static_cast<std::size_t>(piece.color())] = square;
        ++king_count[static_cast<std::size_t>(piece.color())];
      }
    }
  for (const Color color : {Color::white, Color::black}) {
    const int count = king_count[static_cast<std::size_t>(color)];
    if (count != 1)
      report_finding({.code = Code::legal_king_count,
                      .value = count,
                      .expected = static_cast<std::int32_t>(color)});
  }

  for (const int rank : {0, kRanks - 1})
    for (int file = 0; file < position.width; ++file) {
      const Square square = make_square(file, rank);
      const Piece piece = position.at(square);
      if (piece.type() == PieceType::pawn)
        report_finding({.code = Code::legal_pawn_on_back_rank,
                        .offset = offset_of(square),
                        .length = 1,
                        .square = square,
                        .value = static_cast<std::int32_t>(piece.color())});
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
                    .value = static_cast<std::int32_t>(waiting)});
  }

  if (const auto target = xfen_en_passant(position); target && position.halfmove_clock != 0)
    report_finding({.code = Code::legal_en_passant_clock,
                    .offset = record.empty() ? 0u : field_offset(record, 4),
                    .square = *target,
                    .value = static_cast<std::int32_t>(position.halfmove_clock)});
  return report;
}

}  // namespace xfen
