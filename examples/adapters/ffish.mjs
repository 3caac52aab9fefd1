#!/usr/bin/env node
// xfen certify adapter (docs/PROTOCOL.md, streaming) for ffish 0.7.10 (npm: Fairy-Stockfish as
// WebAssembly, a large-board build: ffish.info() says "Fairy-Stockfish 230826 LB"):
//   node examples/adapters/ffish.mjs VARIANT [960]
// VARIANT is one of ffish.variants() (an unknown name is a usage error: exit 2 with the list);
// "960" passes chess960 = true to both calls below, for a variant that is not Chess960 by itself.
// For the X-FEN suite: chess (8x8), fischerandom (Chess960: chess with its chess960 flag, the same
// as `chess 960`), capablanca and caparandom (10x8 with A/C, the random one Chess960-style),
// embassy, gothic (10x8 with A/C, other start positions), janus (10x8, but its piece is J, not A).
// This build has no variant named chess960 (use fischerandom) and no castling prefixes: the s and
// m of X-FEN mean nothing to it (prefix-s, prefix-m).
//
// API: ffish.validateFen(record, VARIANT, chess960) (FEN::validate_fen, src/apiutil.h), which
// returns 1 (FEN_OK) or a negative FenValidation code; only then new ffish.Board(VARIANT, record,
// chess960) (Board::init, then Position::set, src/ffishjs.cpp and src/position.cpp), written back
// with board.fen() (Position::fen) and freed with board.delete(). The board is built only from a
// record validateFen accepts because Position::set trusts its input (README: "Set a custom fen
// position including fen validation: if (ffish.validateFen(fen) == 1) board.setFen(fen)"): it
// does not reject, it reads what it can. validateFen writes its reason to stderr (std::cerr), so
// the reports show it; the `error` text is the code and its name.
// What validate_fen checks: characters of the variant, rank widths and count, the number of kings
// of the start position, touching kings, the side's first character, castling letters (a rook on
// the right side of the king for K/Q, any piece on the file for a file letter, and for a variant
// that is not Chess960 the king and rooks on their start squares), the en passant field's shape
// (letter and digit), counters made of digits. Position::set then skips castling tokens that name
// nothing, keeps an en passant square only when a capture is possible, and board.fen() writes
// Chess960 castling (fischerandom, caparandom, or 960) as file letters, Shredder-FEN style, and
// other castling as KQkq (an inner rook's right too: G on 4K1RR is written K).
// Undefined behaviour in the library: a castling letter beyond the board's last file is looked up
// at board.get_piece(rank, letter - 'a') (check_castling_rank, src/apiutil.h) with no bounds check:
// for White that is a square of another rank (I on 8x8 reads a2), for Black (i, j, and the
// prefixes s and m) memory past validate_fen's board, so the verdict depends on leftover heap
// contents, that is on the records the process read before: the same record can pass in one run
// and fail in another, with another --jobs or case order.
// Source: https://github.com/fairy-stockfish/Fairy-Stockfish (src/ffishjs.cpp, src/apiutil.h,
// src/position.cpp); the npm package ships only the compiled ffish.js and ffish.wasm. Its 121
// variants are exactly those of the repository at c19b5f6c (2026), the source read for this
// header (the "230826" of info() is older than several of those variants).
//
// Crashes: a WebAssembly trap or an Emscripten abort() throws a RuntimeError, which this adapter
// does not catch: stream.mjs exits with status 70 and the stack on stderr (so does an exception
// escaping C++, and an exit() from C++ before the input ends). console.log is sent to stderr before
// ffish.js is loaded, because Emscripten's print (C++'s stdout, and abort()'s message) is bound to
// it at load time and must never reach the answers.
// Loading: this ffish.js (old Emscripten glue) fetch()es its .wasm when a global fetch exists, which
// fails in Node 18+ with a file path ("Failed to parse URL", Fairy-Stockfish issue #868); so fetch
// is hidden while ffish.js loads, and it reads ffish.wasm from disk instead. The variants exist only
// once a Board has been made (Board::init calls initialize_stockfish(); get_variant() of an unknown
// name dereferences variants.end()), so one start-position Board is made and freed first.
// Declares (README, ffish.variants()): 8x8 and 10x8 boards, chess960 (fischerandom, caparandom, the
// chess960 flag), capablanca (capablanca, caparandom, embassy, gothic); not prefix-s or prefix-m.
// Input: the record's bytes as they are: embind takes a Uint8Array into a std::string byte for byte
// (no decoding), which is what the C++ reader reads.
import { serve } from "./stream.mjs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const globalFetch = globalThis.fetch;
globalThis.fetch = undefined;
const ffish = require("ffish");
globalThis.fetch = globalFetch;
if (!ffish.calledRun) await new Promise((resolve) => { ffish.onRuntimeInitialized = resolve; });

new ffish.Board().delete();   // initialize_stockfish(): fills the variant table
const variants = ffish.variants().split(" ");
const args = process.argv.slice(2);
const [variant, flag] = args;
if (args.length < 1 || args.length > 2 || !variants.includes(variant) || (flag !== undefined && flag !== "960")) {
  process.stderr.write(`usage: ffish.mjs VARIANT [960]\nVARIANT: one of ${variants.join(" ")}\n`);
  process.exit(2);
}
const chess960 = flag === "960";

// FEN::FenValidation, src/apiutil.h
const codes = {
  [-14]: "FEN_INVALID_COUNTING_RULE", [-13]: "FEN_INVALID_CHECK_COUNT",
  [-12]: "FEN_INVALID_PROMOTED_PIECE", [-11]: "FEN_INVALID_NB_PARTS",
  [-10]: "FEN_INVALID_CHAR", [-9]: "FEN_TOUCHING_KINGS", [-8]: "FEN_INVALID_BOARD_GEOMETRY",
  [-7]: "FEN_INVALID_POCKET_INFO", [-6]: "FEN_INVALID_SIDE_TO_MOVE", [-5]: "FEN_INVALID_CASTLING_INFO",
  [-4]: "FEN_INVALID_EN_PASSANT_SQ", [-3]: "FEN_INVALID_NUMBER_OF_KINGS",
  [-2]: "FEN_INVALID_HALF_MOVE_COUNTER", [-1]: "FEN_INVALID_MOVE_COUNTER", [0]: "FEN_EMPTY", [1]: "FEN_OK",
};

serve((record) => {
  const code = ffish.validateFen(record, variant, chess960);
  if (code !== 1) return ["error", `validateFen ${code} ${codes[code] ?? "(unknown code)"}`];
  const board = new ffish.Board(variant, record, chess960);
  const written = board.fen();
  board.delete();
  return ["ok", written];
}, { input: "bytes" });
