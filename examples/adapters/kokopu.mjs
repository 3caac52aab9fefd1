#!/usr/bin/env node
// xfen certify adapter (docs/PROTOCOL.md, streaming) for kokopu 4.13.4 (npm), standard chess or
// Chess960:
//   node examples/adapters/kokopu.mjs             variant 'regular'
//   node examples/adapters/kokopu.mjs chess960    variant 'chess960'
//
// API: new Position(variant, 'empty'), then position.fen(record), the FEN setter, which parses
// with parseFEN(variant, fen, strict = false) (src/private_position/fen.ts) and returns the
// counters it read; written back with position.fen({ fiftyMoveClock, fullMoveNumber }).
// Not new Position(record): the constructor parses the same way but drops the counters (fen()
// would then always write "0 1"), and takes the strings 'start', 'empty', a variant name or
// 'variant:FEN' as something else than a FEN. Not strict mode (position.fen(record, true)): it is
// not kokopu's default, and for Chess960 it accepts file letters only (no KQkq).
// Errors: kokopu throws exception.InvalidFEN (not an Error subclass); its message is the `error`
// text. Anything else thrown is unexpected and crashes the adapter (stream.mjs).
// What it reads (non-strict): the record trimmed and split on white-space runs into exactly 6
// fields; 8 ranks of 8 squares, digits 1-8, KQRBNPkqrbnp; castling /^[KQkq]*$/ or '-', each letter
// anywhere in the field setting a right, kept only when king and rook stand on their standard
// squares (refreshEffectiveCastling, src/private_position/legality.ts: rights that cannot be used
// are dropped, not rejected); en passant /^[a-h][36]$/, written only when a capture is possible;
// counters /^[0-9]+$/. Legality (kings, checks, pawns on back ranks) is not checked when reading
// (position.isLegal() is a separate call, not made here).
// Castling in the 'chess960' variant (castlingFromStringXFEN, src/private_position/fen.ts): a file
// letter A-H/a-h names that file's square; K/Q/k/q name the outermost rook on that side of the king
// (the first rook met from the corner, the corner itself when none). Its syntax check is
// /^[A-Ha-h]*|[KQkq]*$/, whose alternation is not grouped, so it matches every field: any other
// character is ignored rather than rejected. Rights kept per side: only when exactly one rook of
// the colour with a right stands on that side of a king that is not in a corner
// (computeEffectiveCastlingForChess960, src/private_position/legality.ts); the others are dropped.
// Written (castlingToString, fen.ts) as file letters, Shredder-FEN style, which kokopu's docs call
// "X-FEN style" ('AHah'); fen({ regularFENIfPossible: true }) would write KQkq when each side has
// one rook only, not used here: this is its default writing.
// Declares (README: "FEN notation parsing and generation", variants incl. "Chess960"; Position
// docs: "If the chess game variant is Chess960, X-FEN can be used instead of regular FEN"): 8x8,
// and chess960 in the 'chess960' variant. No 10x8 board: no capablanca, prefix-s or prefix-m.
// Input: UTF-8 (JavaScript strings).
import { serve } from "./stream.mjs";
import kokopu from "kokopu";

const { Position, exception } = kokopu;
if (!(process.argv.length === 2 || (process.argv.length === 3 && process.argv[2] === "chess960"))) {
  process.stderr.write("usage: kokopu.mjs [chess960]\n");
  process.exit(2);
}
const variant = process.argv[2] === "chess960" ? "chess960" : "regular";

serve((record) => {
  const position = new Position(variant, "empty");
  let counters;
  try {
    counters = position.fen(record);
  } catch (error) {
    if (error instanceof exception.InvalidFEN) return ["error", error.message];
    throw error;
  }
  return ["ok", position.fen(counters)];
});
