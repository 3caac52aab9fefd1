#!/usr/bin/env node
// xfen certify adapter (docs/PROTOCOL.md, streaming) for cm-chess 4.0.0 (npm; it runs chess.mjs
// 2.3.6 and cm-pgn 5.0.0, both pinned by package-lock.json), its game class:
//   node examples/adapters/cm-chess.mjs [chess960]
// With the argument, the game is made with gameVariant: "chess960" (GAME_VARIANT.chess960), which
// only changes which rooks castling moves use; reading and writing a FEN are the same.
//
// API: new Chess({ fen: record, gameVariant }), then .fen(). The constructor calls load(fen)
// (src/Chess.js), which builds a chess.mjs game, new ChessJs(fen, { chess960 }), and accepts the
// record only if that game writes it back exactly (chess.fen() === fen), else throws
// Error("Invalid fen " + fen); .fen() with no move made is setUpFen(), the record itself. So every
// `ok` answer repeats the record: cm-chess accepts only records in chess.mjs's own spelling.
// chess.mjs's load() (chess.mjs/src/Chess.js) returns false, and leaves an empty board, when its
// validate_fen() fails: 6 fields split on white space; 8 ranks of 8 squares of pnbrqkPNBRQK; castling
// /^(KQ?k?q?|Qk?q?|kq?|q|-)$/ (no file letters, no prefix); en passant /^(-|[a-h][36])$/ on the
// rank that fits the side to move; counters through parseInt. It checks no king count and no
// castling rook (put() refuses a second king of a colour, so such a board is written differently
// and rejected). A record that is empty (or otherwise falsy) is no FEN to the constructor
// ("if (!this.props.fen && !this.props.pgn)"): it loads the start position instead.
// Errors: the Error thrown by load() ("Invalid fen ...") is the `error` text; anything else thrown
// crashes the adapter (stream.mjs).
// Declares (README): FEN load and fen(); "Chess960 (Fischer Random)" castling with the
// chess960 gameVariant, from a KQkq castling field. In the suite's tags: 8x8, and chess960 only
// for KQkq fields. No 10x8 board: no capablanca, prefix-s or prefix-m.
// Input: UTF-8 (JavaScript strings).
import { serve } from "./stream.mjs";
import { Chess, GAME_VARIANT } from "cm-chess";

const args = process.argv.slice(2);
if (args.length > 1 || (args.length === 1 && args[0] !== "chess960")) {
  process.stderr.write("usage: cm-chess.mjs [chess960]\n");
  process.exit(2);
}
const gameVariant = args[0] === "chess960" ? GAME_VARIANT.chess960 : GAME_VARIANT.standard;

serve((record) => {
  let chess;
  try {
    chess = new Chess({ fen: record, gameVariant });
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Invalid fen ")) return ["error", error.message];
    throw error;
  }
  return ["ok", chess.fen()];
});
