#include "xfen/write.hpp"

#include <array>
#include <cstring>

#include "back_rank.hpp"
#include "board_text.hpp"
#include "xfen/en_passant.hpp"
#include "xfen/en_passant_analysis.hpp"
#include "xfen/validate.hpp"

namespace xfen {
namespace {

// The writers fill a stack buffer that always fits, so they need no bounds checks; the caller's
// buffer is checked once, at the end. Each takes the write position and returns the new one, so
// that it stays in a register.
using Buffer = std::array<char, kMaxRecordSize>;

// "00" to "99": a counter's digits two at a time.
consteval std::array<char, 200> make_digit_pairs() noexcept {
  std::array<char, 200> pairs{};
  for (std::size_t value = 0; value < 100; ++value) {
    pairs[2 * value] = static_cast<char>('0' + value / 10);
    pairs[2 * value + 1] = static_cast<char>('0' + value % 10);
  }
  return pairs;
}
constexpr std::array<char, 200> kDigitPairs = make_digit_pairs();

char* put_number(char* out, std::uint32_t value) noexcept {
  if (value < 10) {  // most halfmove clocks
    *out = static_cast<char>('0' + value);
    return out + 1;
  }
  if (value < 100) {  // most fullmove numbers
    std::memcpy(out, &kDigitPairs[2 * value], 2);
    return out + 2;
  }
  // Right to left into a buffer of the longest count, two digits a step.
  std::array<char, 10> digits{};
  std::size_t at = digits.size();
  while (value >= 100) {
    at -= 2;
    std::memcpy(&digits[at], &kDigitPairs[2 * (value % 100)], 2);
    value /= 100;
  }
  if (value >= 10) {
    at -= 2;
    std::memcpy(&digits[at], &kDigitPairs[2 * value], 2);
  } else {
    digits[--at] = static_cast<char>('0' + value);
  }
  std::memcpy(out, &digits[at], digits.size() - at);
  return out + (digits.size() - at);
}

// The field writers return the new write position, or nullptr after filling in `problem`: a
// plain pointer comes back in a register, where a struct holding a Diagnostic would not.
char* put_castling(char* out, const Position& position, CastlingStyle style,
                   Diagnostic& problem) noexcept {
  const CastlingRights& rights = position.castling;
  if (!rights.any()) {
    *out++ = '-';
    return out;
  }
  if (rights.mode != CastlingMode::standard) {
    if (style == CastlingStyle::classic) {
      problem = {.code = Code::write_castling_prefix};
      return nullptr;
    }
    *out++ = rights.mode == CastlingMode::symmetric ? 's' : 'm';
  }
  const bool written = detail::for_each_right(
      position,
      [&](Color color, CastlingSide side, int rook, const detail::BackRankFiles& files) {
        const bool outermost = files.is_outermost_rook(side, rook);
        if (style == CastlingStyle::classic && !outermost) {
          problem = {.code = Code::write_needs_file_letter,
                     .square = make_square(rook, back_rank(color))};
          return false;
        }
        const bool by_letter = style == CastlingStyle::shredder || !outermost;
        const char upper = by_letter ? static_cast<char>('A' + rook)
                                     : (side == CastlingSide::h_side ? 'K' : 'Q');
        *out++ = color == Color::white ? upper : static_cast<char>(upper - 'A' + 'a');
        return true;
      });
  if (!written) return nullptr;
  return out;
}

char* put_en_passant(char* out, const Position& position, EnPassantStyle style) noexcept {
  std::optional<Square> square;
  if (position.en_passant) {  // most records have none: no call into the en passant rules
    switch (style) {
      case EnPassantStyle::xfen: square = xfen_en_passant(position); break;
      case EnPassantStyle::legal: square = legal_en_passant(position); break;
      case EnPassantStyle::always: square = position.en_passant; break;
    }
  }
  if (!square) {
    *out++ = '-';
  } else {
    *out++ = square->file_letter();
    *out++ = square->rank_digit();
  }
  return out;
}

char* put_record(char* out, const Position& position, const WriteOptions& options,
                 Diagnostic& problem) noexcept {
  // The writers below rely on it: rights name rooks beside their king, the en passant square's
  // geometry holds.
  if (const ValidationResult valid = validate(position); !valid) {
    problem = valid.error;
    return nullptr;
  }
  const RecordFields fields = options.fields;
  out = detail::put_board(out, position);
  if (fields == RecordFields::board) return out;
  *out++ = ' ';
  *out++ = position.side_to_move == Color::white ? 'w' : 'b';
  *out++ = ' ';
  out = put_castling(out, position, options.castling, problem);
  if (out == nullptr) return nullptr;
  *out++ = ' ';
  out = put_en_passant(out, position, options.en_passant);
  if (fields == RecordFields::epd) return out;
  *out++ = ' ';
  out = put_number(out, position.halfmove_clock);
  *out++ = ' ';
  return put_number(out, position.fullmove_number);
}

}  // namespace

WriteResult write(const Position& position, std::span<char> out,
                  const WriteOptions& options) noexcept {
  // Straight into the caller's buffer when any record fits there; otherwise through our own.
  Buffer own;
  const bool direct = out.size() >= kMaxRecordSize;
  char* const begin = direct ? out.data() : own.data();
  Diagnostic problem;
  char* const end = put_record(begin, position, options, problem);
  if (end == nullptr) {
    problem.severity = Severity::error;
    return {.error = problem};
  }
  const auto size = static_cast<std::size_t>(end - begin);
  if (direct) return {.size = size};
  if (size > out.size())
    return {.error = {.code = Code::write_buffer_too_small,
                      .found = static_cast<std::int32_t>(out.size()),
                      .limit = static_cast<std::int32_t>(size)}};
  std::memcpy(out.data(), own.data(), size);
  return {.size = size};
}

StringResult to_string(const Position& position, const WriteOptions& options) {
  std::array<char, kMaxRecordSize> buffer{};
  const WriteResult written = write(position, buffer, options);
  if (!written) return {.text = {}, .error = written.error};
  return {.text = std::string(buffer.data(), written.size)};
}

}  // namespace xfen
