// One diagnostic about a game of a PGN file, whatever found it: the tag reader (pgn.tag-close),
// the X-FEN reader on a FEN tag's value (board.bad-char, at the byte inside the value), or the
// lint of the game's tags (pgn.fen-missing). The command prints them all one way.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "pgn/source_position.hpp"

namespace xfen::pgn {

enum class GameSeverity : std::uint8_t { error, warning };

struct GameDiagnostic {
  GameSeverity severity = GameSeverity::error;
  std::string_view code;   // a stable name: "pgn.fen-missing", "castling.no-rook", ...
  std::string_view field;  // "pgn" for the PGN text and its tags; an X-FEN field name otherwise
  std::uint64_t game = 0;  // 1-based; 0 between games
  SourcePosition where;
  std::string message;     // one line, naming the game and what is wrong
};

// Where diagnostics go as they are found. Called rarely (never for a game without problems), so a
// std::function is cheap enough.
using GameDiagnosticSink = std::function<void(const GameDiagnostic&)>;

// The field name of what the tag reader reports.
inline constexpr std::string_view kPgnField = "pgn";

}  // namespace xfen::pgn
