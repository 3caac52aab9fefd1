#!/usr/bin/env node
// xfen certify adapter for chessops (npm): streaming mode of docs/PROTOCOL.md, one record per line
// in, one `ok <record>` or `error <text>` line out. chessops reads and writes 8×8 FEN with Chess960
// castling; it has no 10×8 board. Install with scripts/install-adapters.sh.
import { parseFen, makeFen } from "chessops/fen";

const answer = (record) => {
  const setup = parseFen(record);                                   // read
  return setup.isOk ? `ok ${makeFen(setup.value)}\n` : `error ${setup.error.message}\n`;  // write
};

// Lines end at "\n" only (readline would also end one at a lone "\r" inside a record), and a
// write to a pipe is synchronous in Node on Linux, so each answer is out before the next read.
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => {
  const lines = (pending + chunk).split("\n");
  pending = lines.pop();
  process.stdout.write(lines.map(answer).join(""));
});
process.stdin.on("end", () => pending && process.stdout.write(answer(pending)));
