// What the corpus generators (make-positions.mjs, make-pgn.mjs) share: their numeric options,
// loading ffish under Node,
// the seeded PRNG, and random start arrays for Chess960 and Capablanca Random Chess. Nothing here
// keeps state of its own: each generator makes its PRNG from its seed and passes it in, so each
// output stays a pure function of its seed and the pinned ffish version.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// A numeric `--name=N` command-line option, or `fallback` when it is not given.
export function numberOption(name, fallback) {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.slice(name.length + 3));
}

// ffish 0.7.x is an old Emscripten build: under Node 18+ it sees the global fetch and tries to
// fetch ffish.wasm by URL, which fails. Hide fetch while it loads so it reads the file instead.
export async function loadFfish() {
  const savedFetch = globalThis.fetch;
  globalThis.fetch = undefined;
  try {
    const ffish = require('ffish');
    if (typeof ffish.Board !== 'function') {
      await new Promise((resolve) => {
        ffish.onRuntimeInitialized = resolve;
      });
    }
    return ffish;
  } finally {
    globalThis.fetch = savedFetch;
  }
}

// sfc32, seeded through splitmix32: small, fast, good enough, reproducible.
export function makeRng(seed) {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; ++i) next();
  return {
    float: () => next() / 4294967296,
    int: (n) => Math.floor((next() / 4294967296) * n),
    pick(list) { return list[this.int(list.length)]; },
  };
}

// A random back rank of `width` files: bishops on opposite colours, then `pieces` one by one on
// random free squares, then rook, king, rook on the three squares left (king between the rooks).
function randomBackRank(rng, width, pieces) {
  const rank = new Array(width).fill(null);
  const freeSquares = () => rank.flatMap((x, i) => (x === null ? [i] : []));
  rank[2 * rng.int(width / 2)] = 'b';
  rank[2 * rng.int(width / 2) + 1] = 'b';
  for (const letter of pieces) rank[rng.pick(freeSquares())] = letter;
  const [rookA, king, rookH] = freeSquares();
  rank[rookA] = 'r';
  rank[king] = 'k';
  rank[rookH] = 'r';
  return rank;
}

// A random Chess960 back rank, e.g. 'bqnbrnkr'.
export function chess960Array(rng) {
  return randomBackRank(rng, 8, ['q', 'n', 'n']).join('');
}

// Whether every pawn of a 10x8 start array is defended by a piece of the back rank.
function allPawnsDefended(rank) {
  const defends = (piece, from, to) => {
    const d = to - from;
    const knight = Math.abs(d) === 2;  // a knight jump from rank 1 to rank 2
    const diagonal = Math.abs(d) === 1;
    const straight = d === 0;
    switch (piece) {
      case 'n': return knight;
      case 'b': return diagonal;
      case 'r': return straight;
      case 'q': return diagonal || straight;
      case 'k': return diagonal || straight;
      case 'a': return diagonal || knight;
      case 'c': return straight || knight;
      default: return false;
    }
  };
  for (let pawn = 0; pawn < rank.length; ++pawn) {
    if (!rank.some((piece, from) => defends(piece, from, pawn))) return false;
  }
  return true;
}

// A random Capablanca Random Chess back rank: bishops on opposite colours, king between the rooks,
// one archbishop and one chancellor; redrawn until no pawn starts undefended.
export function crcArray(rng) {
  for (;;) {
    const rank = randomBackRank(rng, 10, ['q', 'a', 'c', 'n', 'n']);
    if (allPawnsDefended(rank)) return rank.join('');
  }
}

// The start position of a back rank (black's, lower case), mirrored for White, with castling
// rights for both outermost rooks written `KQkq`.
export function startFen(backRank) {
  const width = backRank.length;
  const pawns = 'p'.repeat(width);
  const empty = String(width);
  return `${backRank}/${pawns}/${empty}/${empty}/${empty}/${empty}/${pawns.toUpperCase()}/` +
      `${backRank.toUpperCase()} w KQkq - 0 1`;
}

// The board field as squares[rank][file], rank 0 being rank 1; null for an empty square.
export function squaresOf(boardField) {
  return boardField.split('/').reverse().map((rankText) => {
    const row = [];
    for (const m of rankText.matchAll(/(\d+)|([A-Za-z])/g)) {
      if (m[1] !== undefined) for (let i = 0; i < Number(m[1]); ++i) row.push(null);
      else row.push(m[2]);
    }
    return row;
  });
}

// The file index of a file letter: 'a' or 'A' is 0.
export const fileOf = (letter) => letter.toLowerCase().charCodeAt(0) - 97;

// The castling rights of a FEN with Shredder file letters (as ffish writes 960 positions), each
// with its rook's file, the king's file and whether another rook of its colour stands further out
// on the same side of the back rank (an inner castling rook).
export function shredderRights(fen) {
  const [boardField, , castling] = fen.split(' ');
  if (castling === '-' || /[KQkq]/.test(castling)) return [];
  const squares = squaresOf(boardField);
  return [...castling].map((letter) => {
    const white = letter === letter.toUpperCase();
    const row = squares[white ? 0 : 7];
    const rook = white ? 'R' : 'r';
    const rookFile = fileOf(letter);
    const kingFile = row.indexOf(white ? 'K' : 'k');
    const step = rookFile > kingFile ? 1 : -1;
    let inner = false;
    for (let f = rookFile + step; f >= 0 && f < row.length; f += step) inner ||= row[f] === rook;
    return { white, rookFile, kingFile, step, inner };
  });
}
