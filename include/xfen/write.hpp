// Writing a Position as a record: canonical X-FEN by default, or another dialect.
#pragma once

#include <cstddef>
#include <span>
#include <string>

#include "xfen/diagnostic.hpp"
#include "xfen/parse.hpp"
#include "xfen/position.hpp"
#include "xfen/export.hpp"

namespace xfen {

enum class CastlingStyle : std::uint8_t {
  xfen,      // K/Q for the outermost rook, the file letter for an inner one
  shredder,  // always the file letter
  classic,   // K/Q only; a right that needs a file letter is an error
};

enum class EnPassantStyle : std::uint8_t {
  xfen,    // only when a pawn of the side to move stands beside the double-pushed pawn
  always,  // the square as read
  legal,   // only when an en passant capture is legal (no king of the side to move is left in check, SPEC R8.3)
};

struct WriteOptions {
  CastlingStyle castling = CastlingStyle::xfen;
  EnPassantStyle en_passant = EnPassantStyle::xfen;
  // The fields written (parse.hpp): the writer stops after the last one. It refuses an invalid
  // position (validate.hpp) in every layout, also for a field it leaves out.
  RecordFields fields = RecordFields::full;
};

// The longest record any position writes: 10×8 board (80 + 7), four castling tokens and a
// prefix, two counters of 10 digits, five spaces, side and en passant. EPD and board-only
// records are shorter.
inline constexpr std::size_t kMaxRecordSize = 87 + 1 + 1 + 1 + 5 + 1 + 2 + 1 + 10 + 1 + 10;

struct [[nodiscard]] WriteResult {
  std::size_t size = 0;  // bytes written; 0 on error
  Diagnostic error{};

  constexpr bool ok() const noexcept { return error.code == Code::ok; }
  constexpr explicit operator bool() const noexcept { return ok(); }
};

// Writes into `out` without allocating. A buffer of kMaxRecordSize bytes always suffices. After
// an error the bytes of `out` are unspecified: a large buffer may hold part of a record.
[[nodiscard]] XFEN_EXPORT WriteResult write(const Position& position, std::span<char> out,
                  const WriteOptions& options = {}) noexcept;

struct [[nodiscard]] StringResult {
  std::string text;
  Diagnostic error{};

  bool ok() const noexcept { return error.code == Code::ok; }
  explicit operator bool() const noexcept { return ok(); }
};

// Convenience for code that does not mind an allocation.
[[nodiscard]] XFEN_EXPORT StringResult to_string(const Position& position, const WriteOptions& options = {});

}  // namespace xfen
