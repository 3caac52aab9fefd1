#!/usr/bin/env node
// xfen certify adapter (docs/PROTOCOL.md, streaming) for chess.js 1.4.0 (npm):
//   node examples/adapters/chess-js.mjs
//
// API: new Chess(record), then .fen(). The constructor calls load(fen), which validates with
// validateFen() (src/chess.ts) unless skipValidation is given, and throws Error("Invalid FEN: ...")
// when it fails; .fen() writes the position back. Those errors are the `error` answers; anything
// else thrown is unexpected and crashes the adapter (stream.mjs).
// What it reads: standard chess only. The castling field must match /[^kKqQ-]/ not at all: no file
// letters (no Shredder-FEN or X-FEN inner-rook tokens), no prefix, no 960 switch; load() sets a
// right for each of K, Q, k, q found anywhere in the field, without checking the king or rook
// squares, and fen() writes them back as KQkq; the board must be 8 ranks of 8 squares of pnbrqk;
// a record of 2 to 5 fields gets the missing ones appended (- - 0 1) before validation; the
// counters go through parseInt. fen() writes the en passant square only when a legal capture exists.
// Declares (README: "chess move generation/validation", FEN load and fen()): 8x8. Not chess960,
// capablanca, 10x8, prefix-s or prefix-m.
// Input: UTF-8 (JavaScript strings).
import { serve } from "./stream.mjs";
import { Chess } from "chess.js";

serve((record) => {
  let chess;
  try {
    chess = new Chess(record);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Invalid FEN")) return ["error", error.message];
    throw error;
  }
  return ["ok", chess.fen()];
});
