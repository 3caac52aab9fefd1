#!/usr/bin/env node
// xfen certify adapter (docs/PROTOCOL.md, streaming) for chessops 0.15.1 (npm), the position mode:
//   node examples/adapters/chessops-position.mjs
//
// API: parseFen(record) (chessops/fen), then Chess.fromSetup(setup) (chessops/chess), written back
// with makeFen(position.toSetup()). chessops.mjs stops after parseFen; this one goes on to build a
// position, as lichess does (its setupPosition('chess', setup) is Chess.fromSetup), so it also
// rejects what Position.validate() refuses (ERR_EMPTY, ERR_KINGS, ERR_OPPOSITE_CHECK,
// ERR_PAWNS_ON_BACKRANK) and writes what the position keeps. In 0.15.1 fromSetup takes no options.
// Castling: chessops has one rule set for chess and Chess960 (no 960 switch): parseFen turns each
// castling token into a rook square (K/Q: the outermost rook of the back rank on that side, a file
// letter: that square); Castles.fromSetup (src/chess.ts) keeps, per colour and side of the king,
// the outermost of those squares that holds a rook of that colour, and only when the king is on its
// back rank; makeCastlingFen (src/fen.ts) writes K/Q for the outermost rook of a side and the file
// letter otherwise: X-FEN's spelling. (castlingSide() is for castling moves, not for FEN.)
// toSetup() writes the en passant square only when a legal capture exists (legalEpSquare) and the
// halfmove clock at most 150.
// Declares (README: "Read and write FEN", "Supports Chess960"): 8x8, chess960. No 10x8 board, so
// no capablanca; no castling prefix (prefix-s, prefix-m).
// Errors: parseFen and fromSetup return a Result; FenError and PositionError messages (ERR_*) are
// the `error` text. Anything thrown is unexpected and crashes the adapter (stream.mjs).
// Input: UTF-8 (JavaScript strings).
import { serve } from "./stream.mjs";
import { parseFen, makeFen } from "chessops/fen";
import { Chess } from "chessops/chess";

serve((record) => {
  const setup = parseFen(record);
  if (setup.isErr) return ["error", `parseFen: ${setup.error.message}`];
  const position = Chess.fromSetup(setup.value);
  if (position.isErr) return ["error", `Chess.fromSetup: ${position.error.message}`];
  return ["ok", makeFen(position.value.toSetup())];
});
