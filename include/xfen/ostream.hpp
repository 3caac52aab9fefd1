// Printing the library's values on a std::ostream, for logs, test failures and quick programs.
// A header of its own, so that only code that includes it pays for <ostream>; the library itself
// never prints. The operators are not noexcept: a stream may be set to throw.
#pragma once

#include <array>
#include <ostream>
#include <string_view>

#include "xfen/diagnostic.hpp"
#include "xfen/square_name.hpp"
#include "xfen/write.hpp"

namespace xfen {

// "e4"; "-" for a square outside the 10×8 board (the default Square among them), as the en
// passant field writes "no square".
inline std::ostream& operator<<(std::ostream& out, Square square) {
  const std::string_view name = square_name(square);
  return out << (name.empty() ? std::string_view("-") : name);
}

// The X-FEN letter ('K', 'a'); '.' for an empty square, as `xfen explain` draws one.
inline std::ostream& operator<<(std::ostream& out, Piece piece) {
  return out << (piece.empty() ? '.' : piece.letter());
}

inline std::ostream& operator<<(std::ostream& out, Color color) {
  return out << (color == Color::white ? "white" : "black");
}

// The canonical X-FEN record (write(), default options). A position the writer refuses (a
// castling right whose king or rook has gone) prints as "<invalid position: CODE>", which no
// reader takes for a record.
inline std::ostream& operator<<(std::ostream& out, const Position& position) {
  std::array<char, kMaxRecordSize> buffer;
  const WriteResult written = write(position, buffer);
  if (!written) return out << "<invalid position: " << code_name(written.error.code) << '>';
  return out << std::string_view(buffer.data(), written.size);
}

// "error[castling.no-rook] castling at byte 12", as the xfen command begins a diagnostic's line
// (the sentence needs the record: see message()); "ok" for a diagnostic without a problem.
inline std::ostream& operator<<(std::ostream& out, const Diagnostic& diagnostic) {
  if (diagnostic.code == Code::ok) return out << "ok";
  return out << (diagnostic.severity == Severity::error ? "error[" : "warning[")
             << code_name(diagnostic.code) << "] " << field_name(code_field(diagnostic.code))
             << " at byte " << diagnostic.offset;
}

}  // namespace xfen
