#include "xfen/position_builder.hpp"

#include <algorithm>

#include "diagnostic_value.hpp"
#include "xfen/parse.hpp"
#include "xfen/square_name.hpp"

namespace xfen {

PositionBuilder::PositionBuilder(int width) noexcept {
  position_.width = static_cast<std::uint8_t>(width);
}

PositionBuilder& PositionBuilder::put(char letter, Square square) noexcept {
  if (error_) return *this;  // the first mistake is the one build() reports
  const Piece piece = Piece::from_letter(letter);
  if (piece.empty() || !square.is_valid(position_.width)) {
    error_ = {.code = piece.empty() ? Code::board_bad_char : Code::board_off_board,
              .square = square,
              .color = piece.color(),
              .limit = position_.width};
    detail::set_value(error_, std::string_view(&letter, 1));
    return *this;
  }
  position_.put(square, piece);
  return *this;
}

PositionBuilder& PositionBuilder::side_to_move(Color color) noexcept {
  position_.side_to_move = color;
  return *this;
}

PositionBuilder& PositionBuilder::castling(std::string_view field) noexcept {
  if (error_) return *this;
  if (field.empty() || field.size() > castling_.size()) {
    error_ = {.code = Code::castling_bad_char};
    detail::set_value(error_, field);
    return *this;
  }
  std::copy(field.begin(), field.end(), castling_.begin());
  castling_size_ = field.size();
  return *this;
}

PositionBuilder& PositionBuilder::en_passant(Square square) noexcept {
  position_.en_passant = square;
  return *this;
}

PositionBuilder& PositionBuilder::clocks(std::uint32_t halfmove_clock,
                                         std::uint32_t fullmove_number) noexcept {
  position_.halfmove_clock = halfmove_clock;
  position_.fullmove_number = fullmove_number;
  return *this;
}

namespace {

char* put_decimal(char* out, std::uint32_t value) noexcept {
  char digits[10];
  std::size_t count = 0;
  do {
    digits[count++] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  while (count > 0) *out++ = digits[--count];
  return out;
}

}  // namespace

BuildResult PositionBuilder::build() const noexcept {
  BuildResult result;
  if (error_) {
    result.error = error_;
    return result;
  }
  // The board as a record spells it; the other fields are the record's to check.
  Position board = position_;
  board.en_passant.reset();
  board.halfmove_clock = 0;
  board.fullmove_number = 1;
  const WriteResult written = write(board, result.text, {.fields = RecordFields::board});
  if (!written) {
    result.error = written.error;
    return result;
  }
  char* out = result.text.data() + written.size;
  *out++ = ' ';
  *out++ = position_.side_to_move == Color::white ? 'w' : 'b';
  *out++ = ' ';
  out = std::copy_n(castling_.begin(), castling_size_, out);
  *out++ = ' ';
  if (!position_.en_passant) {
    *out++ = '-';
  } else {
    // A square off the grid has no name: '?' makes reading say en-passant.syntax.
    const std::string_view name = square_name(*position_.en_passant);
    out = name.empty() ? (*out = '?', out + 1) : std::copy(name.begin(), name.end(), out);
  }
  *out++ = ' ';
  out = put_decimal(out, position_.halfmove_clock);
  *out++ = ' ';
  out = put_decimal(out, position_.fullmove_number);
  result.size = static_cast<std::size_t>(out - result.text.data());
  const ParseResult read = parse(result.record());
  result.position = read.position;
  result.error = read.error;
  return result;
}

}  // namespace xfen
