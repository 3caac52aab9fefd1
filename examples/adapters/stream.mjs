// The streaming loop (docs/PROTOCOL.md, "Streaming") shared by the npm adapters of this folder other
// than chessops.mjs: one record per line on stdin, one `ok <record>` or `error <text>` line per
// record on stdout, in order, each written before the next record is read. Import it before the
// library, so that the console is redirected before the library's module body runs.
//
//   serve(answer, { input })  answer(record) returns ["ok", written] or ["error", message]; it catches
//                             only the library's own validation failures and lets anything else
//                             propagate, which ends the process (below).
//   input: "utf8" (default)   the record's bytes decoded as UTF-8 for a JavaScript library, a byte
//                             sequence that is not UTF-8 becoming U+FFFD, a leading BOM kept;
//          "bytes"            the record's bytes as a Buffer (for WebAssembly libraries taking them
//                             into a std::string as they are).
//
// Never hiding what the library did:
// - an exception the adapter does not catch (an internal error of the library, a WebAssembly trap:
//   RuntimeError, abort) writes its stack to stderr and exits with status 70 (EX_SOFTWARE), never 1,
//   so xfen certify counts a crash on that record, restarts the program and shows the stderr;
// - a library that ends the process itself (process.exit, an Emscripten exit()) before stdin ends
//   gets status 70 too when it asked for 0 or 1, so that the exit cannot pass for a clean end;
// - console.log/info/debug write to stderr, so a library's chatter can never be read as an answer
//   (xfen certify discards a run whose answers outnumber its records); stderr is shown in reports.
// Records are lines ended by "\n" only ("\r" is a byte of the record, as the protocol says), every
// line, the empty one included, is a record, and a last line without "\n" is one too. The process
// exits with status 0 when its input ends.
import { writeSync } from "node:fs";

const CRASH = 70;
let inputEnded = false;

const die = (what, error) => {
  writeSync(2, `${process.argv[1]}: ${what}, exiting with status ${CRASH} (a crash, not a rejection):\n`
    + `${error?.stack ?? String(error)}\n`);
  process.exit(CRASH);
};
process.on("uncaughtException",
  (error) => die("uncaught exception (from the library, unless the adapter has a bug)", error));
process.on("unhandledRejection", (error) => die("unhandled promise rejection", error));
process.on("exit", (code) => {
  if (!inputEnded && (code === 0 || code === 1) && process.exitCode !== CRASH) {
    writeSync(2, `${process.argv[1]}: the process was ended with status ${code} before its input `
      + `ended; exiting with status ${CRASH} instead\n`);
    process.exitCode = CRASH;
  }
});
for (const name of ["log", "info", "debug"]) console[name] = console.error.bind(console);

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });
const decoders = {
  utf8: (bytes) => utf8.decode(bytes),
  bytes: (bytes) => bytes,   // a Buffer (a Uint8Array), used before the next chunk is read
};

// One answer line: the verdict, a space, the text. A line feed cannot be sent inside a line: in a
// message it becomes a space; in a written record (which would then not be the record) the two
// characters "\n", so the report shows it and the grade is what the record deserves.
const line = ([verdict, text]) => {
  if (verdict !== "ok" && verdict !== "error") throw new Error(`adapter bug: verdict ${verdict}`);
  const one = verdict === "ok" ? String(text).replaceAll("\n", "\\n")
    : String(text).replace(/[\r\n]+/g, " ");
  return `${verdict} ${one}\n`;
};

export const serve = (answer, { input = "utf8" } = {}) => {
  const decode = decoders[input];
  if (!decode) throw new Error(`adapter bug: input ${input}`);
  // Each answer is written as soon as it is known, synchronously (a write to a pipe is synchronous
  // in Node on Linux), so that a crash is charged to the record that caused it.
  const reply = (bytes) => process.stdout.write(line(answer(decode(bytes))));
  let pending = Buffer.alloc(0);
  process.stdin.on("data", (chunk) => {
    let data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let end;
    while ((end = data.indexOf(0x0a)) !== -1) {
      reply(data.subarray(0, end));
      data = data.subarray(end + 1);
    }
    pending = Buffer.from(data);
  });
  // Exit when the input ends, whatever the library still holds open (timers, handles).
  process.stdin.on("end", () => {
    if (pending.length) reply(pending);
    inputEnded = true;
    process.exit(0);
  });
};
