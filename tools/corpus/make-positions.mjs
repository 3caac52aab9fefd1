// Generates corpus/positions/mixed.xfen: positions reached in random legal games.
//
//   cd tools/corpus && npm ci && node make-positions.mjs > ../../corpus/positions/mixed.xfen
//
// Options: --seed=N (default 20030101), --records=N (default 13000).
// The output is a pure function of the seed, the record count and the pinned ffish version
// (package.json / package-lock.json): moves are drawn with a seeded PRNG from the sorted list of
// legal moves, so the same command always gives the same file.
//
// Games are played by Fairy-Stockfish (npm `ffish`, WebAssembly) from four kinds of start:
//   8x8   Chess960 with a random start array (variant `chess`, 960 flag)      ~46% of records
//         standard chess (variant `chess`)                                    ~14%
//   10x8  Capablanca Random Chess, random start array (`caparandom`, 960 flag) ~25%
//         Capablanca (`capablanca`)                                           ~15%
// Every record is the FEN exactly as Fairy-Stockfish writes it, unchanged: castling rights as
// Shredder file letters in the 960 games (`HBhb`), `KQkq` otherwise; the en passant square only when
// a legal en passant capture exists. Each line is one record, `\n`-terminated; no duplicates.
//
// Sampling along a game: every position with a small probability, and with a higher one right after
// a double pawn push, a move that changes the castling rights (castling, a king or rook move, a rook
// captured), a promotion, whenever an en passant square is written, and while a castling rook is
// inner (another rook of its colour further out on the same side of the back rank).
//
// Inner castling rooks hardly ever arise in uniformly random games, so 15% of the Chess960 and
// Capablanca Random Chess games are steered (see steeredMove): still legal games, with weights on
// the legal moves. corpus/positions/README.md describes the result.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function option(name, fallback) {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.slice(name.length + 3));
}
const SEED = option('seed', 20030101);
const RECORDS = option('records', 13000);
const SHARE_8X8 = 0.6;
const STEERED_SHARE = 0.15;  // of the Chess960 and Capablanca Random Chess games

// ffish 0.7.x is an old Emscripten build: under Node 18+ it sees the global fetch and tries to
// fetch ffish.wasm by URL, which fails. Hide fetch while it loads so it reads the file instead.
async function loadFfish() {
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
function makeRng(seed) {
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

const rng = makeRng(SEED);

// A random back rank of `width` files: bishops on opposite colours, then `pieces` one by one on
// random free squares, then rook, king, rook on the three squares left (king between the rooks).
function randomBackRank(width, pieces) {
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

// A random Chess960 back rank.
function chess960Array() {
  return randomBackRank(8, ['q', 'n', 'n']).join('');
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
function crcArray() {
  for (;;) {
    const rank = randomBackRank(10, ['q', 'a', 'c', 'n', 'n']);
    if (allPawnsDefended(rank)) return rank.join('');
  }
}

function startFen(backRank) {
  const width = backRank.length;
  const pawns = 'p'.repeat(width);
  const empty = String(width);
  return `${backRank}/${pawns}/${empty}/${empty}/${empty}/${empty}/${pawns.toUpperCase()}/` +
      `${backRank.toUpperCase()} w KQkq - 0 1`;
}

// The board field as squares[rank][file], rank 0 being rank 1; null for an empty square.
function squaresOf(boardField) {
  return boardField.split('/').reverse().map((rankText) => {
    const row = [];
    for (const m of rankText.matchAll(/(\d+)|([A-Za-z])/g)) {
      if (m[1] !== undefined) for (let i = 0; i < Number(m[1]); ++i) row.push(null);
      else row.push(m[2]);
    }
    return row;
  });
}

const fileOf = (letter) => letter.toLowerCase().charCodeAt(0) - 97;

// The castling rights of a FEN with Shredder file letters (as ffish writes 960 positions), each
// with its rook's file, the king's file and whether another rook of its colour stands further out
// on the same side of the back rank (an inner castling rook).
function shredderRights(fen) {
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

const hasInnerRook = (fen) => shredderRights(fen).some((right) => right.inner);

// Move choice for a steered game: the side to move keeps its castling rights (no king move, no
// move of a rook that still has a right) and walks its other rooks towards the back-rank squares
// beyond a castling rook, so that positions with an inner castling rook (`…/RR2K1R1 w BG`) occur.
// The game is still a random legal game: only the weights of the legal moves change.
function steeredMove(fen, moves) {
  const [boardField, side] = fen.split(' ');
  const white = side === 'w';
  const squares = squaresOf(boardField);
  const backRank = white ? 0 : 7;
  const rights = shredderRights(fen).filter((right) => right.white === white);
  const castlingRooks = new Set(rights.map((right) => right.rookFile));
  // Back-rank squares beyond a castling rook, away from the king.
  const targets = [];
  for (const right of rights) {
    for (let f = right.rookFile + right.step; f >= 0 && f < squares[0].length; f += right.step)
      targets.push(f);
  }
  const ownRook = white ? 'R' : 'r';
  const ownKing = white ? 'K' : 'k';
  const weighted = [];
  for (const move of moves) {
    const fromFile = fileOf(move[0]);
    const fromRank = Number(move.match(/^[a-j](\d)/)[1]) - 1;
    const toFile = fileOf(move.match(/^[a-j]\d([a-j])/)[1]);
    const toRank = Number(move.match(/^[a-j]\d[a-j](\d)/)[1]) - 1;
    const piece = squares[fromRank][fromFile];
    if (piece === ownKing) continue;
    if (piece === ownRook && fromRank === backRank && castlingRooks.has(fromFile)) continue;
    let weight = 1;
    if (piece === ownRook && targets.length > 0) {
      if (toRank === backRank && targets.includes(toFile)) return move;
      const distance = (file, rank) =>
          Math.min(...targets.map((t) => (file === t ? 0 : 1) + (rank === backRank ? 0 : 1)));
      weight = distance(toFile, toRank) < distance(fromFile, fromRank) ? 12 : 3;
    } else if (piece !== null && piece.toLowerCase() === 'p' && fromFile !== toFile) {
      weight = 3;  // pawn captures open the files the rooks need
    }
    weighted.push([move, weight]);
  }
  if (weighted.length === 0) return rng.pick(moves);
  let total = 0;
  for (const [, weight] of weighted) total += weight;
  let r = rng.float() * total;
  for (const [move, weight] of weighted) {
    r -= weight;
    if (r < 0) return move;
  }
  return weighted[weighted.length - 1][0];
}

const KINDS = {
  chess960: { board: '8x8', shredder: true, make: (ff) => new ff.Board('chess', startFen(chess960Array()), true) },
  chess: { board: '8x8', make: (ff) => new ff.Board('chess') },
  crc: { board: '10x8', shredder: true, make: (ff) => new ff.Board('caparandom', startFen(crcArray()), true) },
  capablanca: { board: '10x8', make: (ff) => new ff.Board('capablanca') },
};

function chooseKind(counts) {
  const total = counts['8x8'] + counts['10x8'];
  const want8 = total === 0 || counts['8x8'] / total < SHARE_8X8;
  if (want8) return rng.float() < 0.75 ? 'chess960' : 'chess';
  return rng.float() < 0.6 ? 'crc' : 'capablanca';
}

// How likely the position after a move is kept.
function keepProbability(before, after, move, ply) {
  const [board, , castling] = before.split(' ');
  const [, , castlingAfter] = after.split(' ');
  let p = ply < 8 ? 0.04 : 0.07;
  const fromFile = move.charCodeAt(0) - 97;
  const fromRank = Number(move.match(/^[a-j](\d+)/)[1]);
  const toRank = Number(move.match(/^[a-j]\d+[a-j](\d+)/)[1]);
  // The moving piece: expand the from-rank of the board ("10" is one count, not 1 and 0).
  const squares = [];
  for (const m of board.split('/')[8 - fromRank].matchAll(/(\d+)|([A-Za-z])/g)) {
    if (m[1] !== undefined) for (let i = 0; i < Number(m[1]); ++i) squares.push(null);
    else squares.push(m[2]);
  }
  const piece = squares[fromFile] ?? null;
  if (piece !== null && piece.toLowerCase() === 'p' && Math.abs(toRank - fromRank) === 2) p = 0.3;
  if (/[a-z]$/.test(move) && !/\d$/.test(move)) p = Math.max(p, 0.5);  // promotion
  if (castlingAfter !== castling) p = Math.max(p, 0.35);  // castled, or rights lost
  if (after.split(' ')[3] !== '-') p = Math.max(p, 0.8);  // an en passant square is written
  if (hasInnerRook(after)) p = Math.max(p, 0.5);
  return p;
}

async function main() {
  const ff = await loadFfish();
  const seen = new Set();
  const counts = { '8x8': 0, '10x8': 0 };
  const byKind = { chess960: 0, chess: 0, crc: 0, capablanca: 0 };
  const out = [];
  let games = 0;
  let steeredGames = 0;
  let innerRecords = 0;
  while (out.length < RECORDS) {
    const kind = chooseKind(counts);
    const board = KINDS[kind].make(ff);
    ++games;
    // Some 960 games are steered towards inner castling rooks (see steeredMove).
    const steered = KINDS[kind].shredder && rng.float() < STEERED_SHARE;
    if (steered) ++steeredGames;
    // Game lengths: mostly openings and middlegames, some long games that reach endgames.
    const maxPlies = steered ? 40 + rng.int(160)
                             : rng.float() < 0.8 ? 10 + rng.int(90) : 100 + rng.int(200);
    const keep = (fen) => {
      if (seen.has(fen) || out.length >= RECORDS) return;
      seen.add(fen);
      out.push(fen);
      ++counts[KINDS[kind].board];
      ++byKind[kind];
      if (hasInnerRook(fen)) ++innerRecords;
    };
    if (rng.float() < 0.05) keep(board.fen());
    for (let ply = 0; ply < maxPlies; ++ply) {
      const movesText = board.legalMoves();
      if (movesText.length === 0) break;
      const moves = movesText.split(' ').sort();
      const before = board.fen();
      const move = steered ? steeredMove(before, moves) : rng.pick(moves);
      if (!board.push(move)) throw new Error(`ffish refused its own move ${move} in ${before}`);
      const after = board.fen();
      if (rng.float() < keepProbability(before, after, move, ply)) keep(after);
      if (board.isGameOver(true)) break;
    }
    board.delete();
  }
  process.stdout.write(out.join('\n') + '\n');
  process.stderr.write(
      `${out.length} records from ${games} games: 8x8 ${counts['8x8']}, 10x8 ${counts['10x8']} ` +
      `(chess960 ${byKind.chess960}, chess ${byKind.chess}, crc ${byKind.crc}, ` +
      `capablanca ${byKind.capablanca}); ${steeredGames} steered games; ` +
      `${innerRecords} records with an inner castling rook\n`);
}

await main();
