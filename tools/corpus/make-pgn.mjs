// Generates corpus/pgn/games.pgn: a PGN collection of random legal games, for `xfen pgn`.
//
//   cd tools/corpus && npm ci && node make-pgn.mjs > ../../corpus/pgn/games.pgn
//
// Options: --seed=N (default 19960619), --games=N (default 400).
// The output is a pure function of the seed, the game count and the pinned ffish version
// (package.json / package-lock.json): moves are drawn with a seeded PRNG from the sorted list of
// legal moves, so the same command always gives the same file.
//
// Games are played by Fairy-Stockfish (npm `ffish`, WebAssembly), four kinds:
//   Chess960, a random start array (variant `chess`, 960 flag)                   ~48% of games
//   Capablanca Random Chess, a random start array (`caparandom`, 960 flag)       ~26%
//   Capablanca (`capablanca`)                                                    ~20%
//   standard chess (`chess`), with no Variant, SetUp or FEN tag                   ~6%
// Each game but the standard ones has `[Variant "…"]` (spelt in several ways, see VARIANT_NAMES),
// `[SetUp "1"]` and `[FEN "…"]`. The FEN is the start array, or in some games the position after a
// few random moves from it. The FEN is Fairy-Stockfish's own (Shredder file letters such as `HAha`
// in the 960 games, `KQkq` in Capablanca), or in about half of the 960 games the same position with
// its castling rights in X-FEN's spelling (`K`/`Q` for an outermost rook, the file letter for an
// inner one): `KQkq` for every start array.
//
// The movetext is SAN exactly as Fairy-Stockfish writes it (Board.sanMove before each move is
// pushed), with move numbers (`12... Nf6` when a game starts with Black to move), an occasional
// `{comment}` (some of them `{[%clk 0:04:51]}`, as online servers write clocks), lines of at most
// 79 columns, and the result: Fairy-Stockfish's when the game ended (mate, stalemate, insufficient
// material, 50 moves, repetition; draws claimed), else `*` after a cap of 40 to 160 plies. Random
// games seldom end that soon, so in some games (HUNGRY_SHARE) captures are ten times as likely as
// other moves. The Result tag always matches the termination marker. A few Event tags hold escaped
// quotes (`\"`), which are valid. corpus/pgn/README.md describes the result.

import {
  chess960Array, crcArray, loadFfish, makeRng, numberOption, shredderRights, startFen,
} from './random.mjs';

const SEED = numberOption('seed', 19960619);
const GAMES = numberOption('games', 400);
const LINE_WIDTH = 79;
const HUNGRY_SHARE = 0.12;

const rng = makeRng(SEED);

const VARIANT_NAMES = {
  chess960: ['Chess960', 'Fischerandom', 'chess 960', 'FRC'],
  crc: ['Capablanca Random', 'CRC', 'Caparandom'],
  capablanca: ['Capablanca'],
};

const KINDS = {
  chess960: {
    event: 'Chess960',
    shredder: true,
    laterStart: 0.3,
    make: (ff) => new ff.Board('chess', startFen(chess960Array(rng)), true),
  },
  crc: {
    event: 'Capablanca Random Chess',
    shredder: true,
    laterStart: 0.25,
    make: (ff) => new ff.Board('caparandom', startFen(crcArray(rng)), true),
  },
  capablanca: {
    event: 'Capablanca',
    laterStart: 0.2,
    make: (ff) => new ff.Board('capablanca'),
  },
  chess: {
    event: 'Chess',
    noFen: true,
    make: (ff) => new ff.Board('chess'),
  },
};

function chooseKind() {
  const r = rng.float();
  if (r < 0.48) return 'chess960';
  if (r < 0.74) return 'crc';
  if (r < 0.94) return 'capablanca';
  return 'chess';
}

// The castling field of a FEN with Shredder file letters (as ffish writes 960 positions) in
// X-FEN's spelling: `K`/`Q` (`k`/`q`) for a right whose rook is the outermost rook of its colour on
// that side of the king on the back rank, the file letter otherwise. The order (h-side before
// a-side, White before Black) is ffish's, which is also X-FEN's canonical order.
function xfenCastling(fen) {
  const fields = fen.split(' ');
  if (fields[2] === '-') return fen;
  const rights = shredderRights(fen);
  fields[2] = [...fields[2]].map((letter, i) => {
    const { white, step, inner } = rights[i];
    if (inner) return letter;  // an inner rook keeps its file letter
    const token = step > 0 ? 'K' : 'Q';
    return white ? token : token.toLowerCase();
  }).join('');
  return fields.join(' ');
}

const pad = (n) => String(n).padStart(2, '0');

function randomDate() {
  return `${2019 + rng.int(6)}.${pad(1 + rng.int(12))}.${pad(1 + rng.int(28))}`;
}

const PLAYERS = ['Random, Alpha', 'Random, Beta', 'Random, Gamma', 'Random, Delta',
                 'Fairy, Stockfish', 'Walker, Uniform'];

// A comment after a move, now and then: a clock as online servers write it, or a note.
function comment(legalMoves) {
  if (rng.float() < 0.5) {
    const seconds = rng.int(600);
    return `{[%clk 0:${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}]}`;
  }
  return rng.pick([`{${legalMoves} legal moves here}`, '{a random move}', '{!?}',
                   '{the only move the dice allowed}']);
}

// A legal move drawn with a capture ten times as likely as any other move.
function hungryMove(board, moves) {
  const weights = moves.map((move) => (board.isCapture(move) ? 10 : 1));
  let r = rng.float() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < moves.length; ++i) {
    r -= weights[i];
    if (r < 0) return moves[i];
  }
  return moves[moves.length - 1];
}

// Units joined by single spaces, in lines of at most LINE_WIDTH columns.
function wrap(units) {
  const lines = [];
  let line = '';
  for (const unit of units) {
    if (line === '') line = unit;
    else if (line.length + 1 + unit.length <= LINE_WIDTH) line += ` ${unit}`;
    else {
      lines.push(line);
      line = unit;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

// A tag pair, its value escaped as PGN escapes it (`\` before `"` and `\`).
const tagPair = (name, value) => `[${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}"]`;

function playGame(ff, kind, round, counts) {
  const spec = KINDS[kind];
  const board = spec.make(ff);
  // Some games start from a later position: a few random moves from the start, never ending it.
  if (!spec.noFen && rng.float() < spec.laterStart) {
    const plies = 2 + rng.int(15);
    for (let ply = 0; ply < plies; ++ply) {
      const moves = board.legalMoves().split(' ').sort();
      board.push(rng.pick(moves));
      if (board.isGameOver(true)) {
        board.pop();
        break;
      }
    }
    ++counts.laterStart;
  }
  let fen = board.fen();
  if (spec.shredder && rng.float() < 0.5) {
    fen = xfenCastling(fen);
    ++counts.xfenSpelling;
  }

  // Movetext in units that a line break never splits: a move number with its move, and the
  // result with the token before it (so that no line holds a number or a result alone).
  const movetext = [];
  let white = board.turn();
  let number = board.fullmoveNumber();
  let prefix = white ? '' : `${number}... `;
  const maxPlies = 40 + rng.int(121);
  // Uniformly random games seldom end within the cap; in some games captures are much more likely,
  // so that material runs out and some games end in a draw or a mate.
  const hungry = rng.float() < HUNGRY_SHARE;
  if (hungry) ++counts.hungry;
  const commentRate = rng.float() < 0.3 ? 0.04 : 0;
  let plies = 0;
  for (; plies < maxPlies; ++plies) {
    const movesText = board.legalMoves();
    if (movesText.length === 0) break;
    const moves = movesText.split(' ').sort();
    const move = hungry ? hungryMove(board, moves) : rng.pick(moves);
    if (white) prefix = `${number}. `;
    movetext.push(prefix + board.sanMove(move));
    prefix = '';
    if (!board.push(move)) throw new Error(`ffish refused its own move ${move} in ${board.fen()}`);
    if (rng.float() < commentRate) movetext.push(comment(moves.length));
    if (!white) ++number;
    white = !white;
    if (board.isGameOver(true)) {
      ++plies;
      break;
    }
  }
  const result = board.isGameOver(true) ? board.result(true) : '*';
  board.delete();
  if (movetext.length === 0) movetext.push(result);
  else movetext[movetext.length - 1] += ` ${result}`;

  const event = rng.float() < 0.05 ? `The "random" ${spec.event} open`
                                    : `Random ${spec.event} games`;
  const tags = [
    tagPair('Event', event),
    tagPair('Site', 'xfen corpus'),
    tagPair('Date', randomDate()),
    tagPair('Round', String(round)),
    tagPair('White', rng.pick(PLAYERS)),
    tagPair('Black', rng.pick(PLAYERS)),
    tagPair('Result', result),
  ];
  if (!spec.noFen) {
    tags.push(tagPair('Variant', rng.pick(VARIANT_NAMES[kind])),
              tagPair('SetUp', '1'),
              tagPair('FEN', fen));
  }
  tags.push(tagPair('PlyCount', String(plies)));
  ++counts.results[result];
  return `${tags.join('\n')}\n\n${wrap(movetext).join('\n')}\n`;
}

async function main() {
  const ff = await loadFfish();
  const byKind = { chess960: 0, crc: 0, capablanca: 0, chess: 0 };
  const counts = {
    hungry: 0, laterStart: 0, xfenSpelling: 0,
    results: { '1-0': 0, '0-1': 0, '1/2-1/2': 0, '*': 0 },
  };
  const games = [];
  for (let i = 0; i < GAMES; ++i) {
    const kind = chooseKind();
    ++byKind[kind];
    games.push(playGame(ff, kind, byKind[kind], counts));
  }
  const text = games.join('\n');
  process.stdout.write(text);
  const r = counts.results;
  process.stderr.write(
      `${GAMES} games, ${Buffer.byteLength(text)} bytes: chess960 ${byKind.chess960}, ` +
      `crc ${byKind.crc}, capablanca ${byKind.capablanca}, chess ${byKind.chess}; ` +
      `${counts.hungry} capture-hungry, ${counts.laterStart} from a later position, ` +
      `${counts.xfenSpelling} with X-FEN castling letters; results 1-0 ${r['1-0']}, ` +
      `0-1 ${r['0-1']}, 1/2-1/2 ${r['1/2-1/2']}, * ${r['*']}\n`);
}

await main();
