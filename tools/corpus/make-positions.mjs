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
//
// The PRNG, the start arrays and the loading of ffish are shared with make-pgn.mjs (random.mjs).

import { chess960Array, crcArray, fileOf, loadFfish, makeRng, numberOption, shredderRights, squaresOf, startFen } from './random.mjs';

const SEED = numberOption('seed', 20030101);
const RECORDS = numberOption('records', 13000);
const SHARE_8X8 = 0.6;
const STEERED_SHARE = 0.15;  // of the Chess960 and Capablanca Random Chess games

const rng = makeRng(SEED);

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
  chess960: { board: '8x8', shredder: true, make: (ff) => new ff.Board('chess', startFen(chess960Array(rng)), true) },
  chess: { board: '8x8', make: (ff) => new ff.Board('chess') },
  crc: { board: '10x8', shredder: true, make: (ff) => new ff.Board('caparandom', startFen(crcArray(rng)), true) },
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
