#!/usr/bin/env node
// xfen certify adapter (docs/PROTOCOL.md, streaming) for cm-chess 4.0.0 (npm), its Fen class:
//   node examples/adapters/cm-chess-fen.mjs
//
// API: new Fen(record) (cm-chess/src/Fen.js), then .toString(): cm-chess's FEN value class, which
// reads and writes the six fields with no board or game behind them (cm-chess.mjs uses the game).
// parse() accepts exactly the records matching
//   /^[1-8PpNnBbRrQqKk\/]+ [wb] (-|K?Q?k?q?) (-|[a-h][36]) \d+ \d+$/
// and throws Error("Invalid FEN: " + fen) otherwise: a syntax check only (no rank count or width,
// no kings, castling rooks or en passant pawn; single spaces; counters through parseInt).
// toString() writes the fields back (castling letters as read, counters as parsed numbers).
// Errors: that Error is the `error` text; anything else thrown crashes the adapter (stream.mjs).
// Declares: nothing beyond "FEN" (Wikipedia's link in the source); in the suite's tags 8x8 (the
// regular expression allows digits 1-8 and KQkq castling only). Not chess960 file letters, 10x8,
// capablanca, prefix-s or prefix-m.
// Input: UTF-8 (JavaScript strings).
import { serve } from "./stream.mjs";
import { Fen } from "cm-chess/src/Fen.js";

serve((record) => {
  let fen;
  try {
    fen = new Fen(record);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Invalid FEN: ")) return ["error", error.message];
    throw error;
  }
  return ["ok", fen.toString()];
});
