#include "xfen/write.hpp"

#include <array>
#include <cstring>

#include "en_passant_diagnostic.hpp"
#include "xfen/en_passant.hpp"

namespace xfen {
namespace {

// Writes into a stack buffer that always fits, so the hot loops need no bounds checks; the
// caller's buffer is checked once, at the end.
class RecordWriter {
 public:
  RecordWriter(const Position& position, const WriteOptions& options) noexcept
      : position_(position), options_(options) {}

  Diagnostic write() noexcept {
    if (position_.width != 8 && position_.width != 10)
      return {.code = Code::board_width, .value = position_.width};
    write_board();
    put(' ');
    put(position_.side_to_move == Color::white ? 'w' : 'b');
    put(' ');
    if (const Diagnostic problem = write_castling()) return problem;
    put(' ');
    if (const Diagnostic problem = write_en_passant()) return problem;
    put(' ');
    if (position_.halfmove_clock > Position::kMaxCounter) return {.code = Code::halfmove_range};
    put_number(position_.halfmove_clock);
    put(' ');
    if (position_.fullmove_number == 0 || position_.fullmove_number > Position::kMaxCounter)
      return {.code = Code::fullmove_range};
    put_number(position_.fullmove_number);
    return {};
  }

  std::string_view text() const noexcept { return {buffer_.data(), size_}; }

 private:
  void put(char c) noexcept { buffer_[size_++] = c; }

  void put_number(std::uint32_t value) noexcept {
    std::array<char, 10> digits{};
    std::size_t count = 0;
    do {
      digits[count++] = static_cast<char>('0' + value % 10);
      value /= 10;
    } while (value != 0);
    while (count > 0) put(digits[--count]);
  }

  void put_empty_count(int count) noexcept {
    if (count == 10) {
      put('1');
      put('0');
    } else {
      put(static_cast<char>('0' + count));
    }
  }

  void write_board() noexcept {
    for (int rank = kRanks - 1; rank >= 0; --rank) {
      int empty = 0;
      const Piece* row = &position_.board[static_cast<std::size_t>(rank * kMaxFiles)];
      for (int file = 0; file < position_.width; ++file) {
        const Piece piece = row[file];
        if (piece.empty()) {
          ++empty;
          continue;
        }
        if (empty != 0) put_empty_count(empty);
        empty = 0;
        put(piece.letter());
      }
      if (empty != 0) put_empty_count(empty);
      if (rank != 0) put('/');
    }
  }

  Diagnostic write_castling() noexcept {
    const CastlingRights& rights = position_.castling;
    if (!rights.any()) {
      put('-');
      return {};
    }
    if (rights.mode != CastlingMode::standard) {
      if (options_.castling == CastlingStyle::classic) return {.code = Code::write_castling_prefix};
      put(rights.mode == CastlingMode::symmetric ? 's' : 'm');
    }
    for (const Color color : {Color::white, Color::black})
      for (const CastlingSide side : {CastlingSide::h_side, CastlingSide::a_side})
        if (const auto rook = rights.rook_file(color, side))
          if (const Diagnostic problem = write_castling_right(color, side, *rook)) return problem;
    return {};
  }

  Diagnostic write_castling_right(Color color, CastlingSide side, int rook) noexcept {
    const Square rook_square = make_square(rook, back_rank(color));
    const auto king = castling_king_file(position_, color);
    const bool on_its_side = king && (side == CastlingSide::h_side ? rook > *king : rook < *king);
    if (!on_its_side || !position_.at(rook_square).is(PieceType::rook, color))
      return {.code = Code::write_inconsistent_castling, .square = rook_square};
    const bool outermost = outermost_rook_file(position_, color, side) == rook;
    const bool by_letter = options_.castling == CastlingStyle::shredder ||
                           (options_.castling == CastlingStyle::xfen && !outermost);
    if (options_.castling == CastlingStyle::classic && !outermost)
      return {.code = Code::write_needs_file_letter, .square = rook_square};
    const char upper = by_letter ? static_cast<char>('A' + rook)
                                 : (side == CastlingSide::h_side ? 'K' : 'Q');
    put(color == Color::white ? upper : static_cast<char>(upper - 'A' + 'a'));
    return {};
  }

  Diagnostic write_en_passant() noexcept {
    std::optional<Square> square;
    switch (options_.en_passant) {
      case EnPassantStyle::xfen: square = xfen_en_passant(position_); break;
      case EnPassantStyle::legal: square = legal_en_passant(position_); break;
      case EnPassantStyle::always:
        square = position_.en_passant;
        if (square) {
          const Code geometry = check_en_passant_geometry(position_, *square);
          if (geometry != Code::ok) return detail::en_passant_problem(position_, *square, geometry);
        }
        break;
    }
    if (!square) {
      put('-');
      return {};
    }
    put(square->file_letter());
    put(square->rank_digit());
    return {};
  }

  const Position& position_;
  const WriteOptions& options_;
  std::array<char, kMaxRecordSize> buffer_;
  std::size_t size_ = 0;
};

}  // namespace

WriteResult write(const Position& position, std::span<char> out,
                  const WriteOptions& options) noexcept {
  RecordWriter writer(position, options);
  Diagnostic problem = writer.write();
  if (problem) {
    problem.severity = Severity::error;
    return {.error = problem};
  }
  const std::string_view text = writer.text();
  if (text.size() > out.size())
    return {.error = {.code = Code::write_buffer_too_small,
                      .value = static_cast<std::int32_t>(out.size()),
                      .expected = static_cast<std::int32_t>(text.size())}};
  std::memcpy(out.data(), text.data(), text.size());
  return {.size = text.size()};
}

StringResult to_string(const Position& position, const WriteOptions& options) {
  std::array<char, kMaxRecordSize> buffer{};
  const WriteResult written = write(position, buffer, options);
  if (!written) return {.text = {}, .error = written.error};
  return {.text = std::string(buffer.data(), written.size)};
}

}  // namespace xfen
