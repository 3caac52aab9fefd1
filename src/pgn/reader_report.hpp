// A tag reader's diagnostic as every PGN command reports it: "game N: " and the reader's sentence,
// field "pgn".
#pragma once

#include "pgn/game_diagnostic.hpp"
#include "pgn/reader_diagnostic.hpp"

namespace xfen::pgn {

GameDiagnostic from_reader(const ReaderDiagnostic& diagnostic);

}  // namespace xfen::pgn
