#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for GNU Chess 6.2.7 (Debian 12 package
`gnuchess` 6.2.7-1+deb12u1, /usr/games/gnuchess), xboard mode (`gnuchess --xboard`).

GNU Chess 6 is one process of three threads: a frontend (the old GNU Chess: it reads the commands,
keeps a board of its own and answers "ping" itself), and an "adapter" (Polyglot 1.4, which reads
every position again for its engine) in front of an engine (Fruit 2.1). It has no command that
prints a position as FEN: "show board" draws the board, and the only written form is
`save FILE` (also `epdsave`), which appends the frontend's position to FILE as EPD: the four fields
board, side, castling and en passant (no clocks), followed by the operations " bm 1; id 1;"
(SaveEPD, src/frontend/epd.cc). The source quoted here is GNU Chess 6.2.5 (the mirror
github.com/madnight/gnuchess; Debian's 6.2.7 source was not at hand); each behaviour described was
reproduced with the Debian 6.2.7 binary, by writing the commands to it from a Python script.

Start: GNU Chess runs in an empty temporary folder (so that no gnuchess.ini of the caller's folder
is read; `save` writes its file there). It does not start until input comes, and then only by
chance: its input thread starts first and waits in fgets holding stdin's lock
(src/frontend/input.cc), its Polyglot thread waits for that lock to switch stdin to unbuffered
(`setbuf(stdin, NULL)`, util_init in src/adapter/util.cpp), and the frontend reads no command
before Polyglot has started (InitAdapter waits for it). Each line that comes in lets go of the
lock for a moment, and Polyglot takes it only now and then: measured back to back, a start took
130 lines at the median, 1,600 at the 99th percentile and 2,130 at most (200 starts). The lines
wait unread in a pipe the frontend then reads 4096 bytes at a time into a 4096-byte buffer
(ReadFromUser, src/frontend/engine.cc: strcat), so 4096 bytes waiting end GNU Chess with "*** buffer
overflow detected ***: terminated" (SIGABRT); pinged every 2 ms, about one start in 20 did. And a
line buffered by fgets when Polyglot switches stdin is lost. So the adapter nudges a starting GNU
Chess with blank lines 0.5 ms apart (each answered "Invalid move: ", harmless), one in 20 a ping
("ping 1", "ping 2", ...: one of them may be lost), until a pong comes; after 3,000 bytes
unanswered it ends that GNU Chess and starts another, five times at most, then exits with a
message. Then "force" and a last ping, and it reads everything up to that ping's second pong
(below). A start takes about 0.08 s at the median, 0.95 s at the 99th percentile.
For each record (the n-th) it sends three commands, the record unchanged after "setboard ":
  setboard <record>   # read by the frontend (ParseEPD), then passed on to Polyglot (board_from_fen)
  save <folder>/answer.epd
  ping <n>
"ping" gets two pongs ("doubled pongs"): the frontend prints "pong <n>" itself, after the two
commands before (cmd_ping, src/frontend/cmd.cc), then passes "ping" on to Polyglot, whose own
"pong <n>" the frontend prints when it comes, once Polyglot has read the position too. The adapter
reads up to the second. The answer is `ok <the four EPD fields save wrote>`, exactly as written,
without the constant " bm 1; id 1;" after them: GNU Chess writes no clocks, so this is a four-field
answer (certify grades it on its fields; `--accept-layout epd` credits it). GNU Chess writes
castling as KQkq, and its frontend reads nothing else: its reader (ParseEPD) stops at any other
castling letter, and stopping there or anywhere before the en passant field leaves the en passant
square at 0, which `save` writes as "a1" (the board is cleared with memset before it is read, and
-1 would mean none). So a Shredder-FEN record is answered with its rights dropped and an en passant
square a1 invented: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1` gives
`ok rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - a1` (Polyglot reads HAha without complaint).
An en passant square on a rank other than 3 or 6 (`4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1`) also stops
ParseEPD: "telluser Board is wrong!", and `save` writes `... b - a1`. The counters are read by
neither strictly: the frontend does not read them at all, and Polyglot (not in its strict mode)
stops quietly at what is not a digit: `4k3/8/8/8/8/8/8/4K3 w - - x 1`, `... w - -` and
`... w - - 0 1 extra` are all answered `ok 4k3/8/8/8/8/8/8/4K3 w - -`. Polyglot's other lines
(a result such as "1/2-1/2 {Stalemate}" for a position without moves) are not part of the answer.
Refusals, three kinds:
- "telluser Board is wrong!" on stdout: the frontend's check (ValidateBoard, src/frontend/util.cc:
  one king per side, the side not to move not in check, the en passant pawn, castling king and
  rooks on their squares) failed; GNU Chess keeps the position and will not play it. The answer is
  `error telluser Board is wrong!`.
- a Polyglot error on stderr, "board_from_fen(): bad FEN (<why> at pos=<n>)", the record and a
  line with "*" under the offending byte (fen_fatal, src/adapter/fen.cpp). Polyglot then stops
  for good (my_fatal calls quit(), which ends the Polyglot and engine threads, src/adapter/
  main.cpp), but the process lives on: the frontend still reads commands and answers "ping" once,
  and nothing second-pongs again. The answer is `error <those lines>` (with the frontend's line
  before them, if any), and since that GNU Chess can no longer read a record the way a fresh one
  does, the adapter ends it ("quit": it exits with status 0) and starts a new one for the next
  record (answers never depend on the records before). Example:
  `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1`, and `... w KQkx - 0 1` (for which
  `save` would have written `... w KQk a1`).
- nothing: whatever ParseEPD read before a byte it cannot read is the position (its failure is
  not checked by cmd_setboard), as with HAha above.
If `save` wrote nothing (or not one line ending in " bm 1; id 1;"), the answer is
`error save wrote no position: <what it wrote and GNU Chess's output>`.
Bytes: the frontend's input thread reads a line in pieces of up to 127 bytes (fgets into 128,
src/frontend/input.cc) and passes each on up to its first NUL (strlen), and the frontend joins the
pieces again in a 4096-byte buffer (strcat, ReadFromUser, src/frontend/engine.cc). So a record
holding NUL cannot reach it unchanged: the rest of its line would be lost with its "\n", and the
next command joined to it (checked: a record, NUL, "junk": no file is saved, the "save" line having
become part of the record). And the three command lines of a record must fit in that buffer: a
"setboard" line of 4084 bytes followed by a 10-byte ping is answered, 4085 bytes ends GNU Chess with
"*** buffer overflow detected ***: terminated" (SIGABRT). So for a record whose three command lines
would be longer than 4095 bytes (a record of about 4030 bytes; the suite's longest has 555) the
adapter answers `error cannot send: <why>` without sending anything. (ReadFromUser also writes its
end mark at twice the length it read, `userinputbuf[strlen(userinputbuf) + nread] = '\0'`, which
can land past the buffer from about 2048 bytes on; lines of 2000 to 4084 bytes were answered as
usual.) Polyglot gets only the first 118 bytes of a longer record (`snprintf(data, 128, "setboard
%s", ...)` in cmd_setboard), which it reads with its own reader. Every other byte is sent as it is
("\r" too: the frontend splits commands at white space and ParseEPD its fields at spaces).
Hangs: the input thread stops reading for good when one of its 127-byte pieces begins with "quit"
(input_func: `strncmp(userinputstr, "quit", 4)`), so a record with "quit" at byte 118 (or 245,
372, ...) leaves GNU Chess waiting for the rest of its commands forever: certify's time limit
ends it, a `timeout` (checked: "quit" at byte 118 hangs, at byte 117 is answered). The suite has no
such record.
Crashes: when GNU Chess dies (or closes its output) while a record is handled, the adapter dies
the same way (engine_io.py), so certify reports a crash and restarts it. Polyglot's error message
is printed with the record inside its format string (fen_fatal builds the message, then my_fatal
calls `vfprintf(stderr, message, ap)`), so a record it refuses that holds "%" directives is read
as printf's: checked, `8/8/8 x %s%s%s%s%s%s` kills GNU Chess with SIGSEGV, `8/8/8 x %n%n%n%n`
with SIGABRT ("*** %n in writable segment detected ***"), and `8/8/8 x %d%x` is answered with
the record printed as `8/8/8 x 10fffffffe`. The suite has no "%".
Declares: 8x8 only (Polyglot's features say variants="normal"; no Chess960 castling, no
shredder-input (Polyglot reads file letters, the frontend does not), no 10x8 board, no capablanca
pieces, no prefix-s / prefix-m castling).
"""
import itertools
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import Engine, engine_path, one_line, serve  # noqa: E402

LIMIT = 4095                       # bytes of the three command lines of a record, "\n"s included
START_NUDGE = 0.0005               # seconds between the lines that nudge a starting GNU Chess
START_PING_EVERY = 20              # one of them in 20 a ping, the others blank (1 byte each)
START_BYTES = 3000                 # then a new GNU Chess: what waits unread must stay under 4096
START_TRIES = 5
SAVED = b" bm 1; id 1;"            # what SaveEPD writes after the four fields, always
REFUSALS = (b"telluser", b"tellusererror", b"Error", b"Illegal")
POLYGLOT_FATAL = re.compile(rb"^\w+\(\): ")   # my_fatal's messages: "board_from_fen(): bad FEN ..."


class GnuChess(Engine):
    """One GNU Chess process; stdout and stderr read as lines through select."""

    def __init__(self, folder):
        self.folder = folder
        self.pings = 0
        self.quitting = False
        for _ in range(START_TRIES):
            if self.start():
                break
            self.proc.kill()                           # Polyglot never took stdin's lock
            self.proc.wait()
            for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                pipe.close()
        else:
            sys.exit("gnuchess.py: GNU Chess did not start, %d times in a row (no pong to %d "
                     "bytes of blank lines and pings each time)" % (START_TRIES, START_BYTES))
        _, fatal = self.exchange(b"force\n")
        if fatal is not None:
            sys.exit("gnuchess.py: GNU Chess's Polyglot stopped at start: "
                     + one_line(fatal).decode(errors="replace"))

    def start(self):
        """Starts GNU Chess and nudges it with blank lines, a ping among them every so often, until
        a pong comes (True), or until START_BYTES of them are sent unanswered (False)."""
        self.proc = subprocess.Popen([engine_path("gnuchess"), "--xboard"], cwd=self.folder,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.out, self.err = self.proc.stdout.fileno(), self.proc.stderr.fileno()
        self.pending = {self.out: b"", self.err: b""}
        self.open = {self.out, self.err}
        sent = 0
        for nudge in itertools.count():
            line = b"ping %d\n" % self.ping() if nudge % START_PING_EVERY == 0 else b"\n"
            if sent + len(line) > START_BYTES:
                return False
            self.send(line)
            sent += len(line)
            deadline = time.monotonic() + START_NUDGE
            while time.monotonic() < deadline:
                if any(fd == self.out and got.startswith(b"pong ")
                       for fd, got in self.lines(max(0, deadline - time.monotonic()))):
                    return True

    def ping(self):
        self.pings += 1
        return self.pings

    def lines(self, timeout=None):
        """Waits up to timeout seconds (None: no limit) for output; returns the complete lines that
        came, as (fd, line) pairs. GNU Chess's stderr is also copied to ours (certify keeps it)."""
        ready, _, _ = select.select(sorted(self.open), [], [], timeout)
        got = []
        for fd in ready:
            data = os.read(fd, 65536)
            if not data:
                self.open.discard(fd)
                if fd == self.out and not self.quitting:
                    self.die()                         # its output has ended: it has ended
                continue
            if fd == self.err:
                sys.stderr.buffer.write(data)
                sys.stderr.flush()
            self.pending[fd] += data
            *complete, self.pending[fd] = self.pending[fd].split(b"\n")
            got += [(fd, line[:-1] if line.endswith(b"\r") else line) for line in complete]
        return got

    def exchange(self, commands):
        """Sends the commands and a ping; returns (stdout lines, Polyglot's fatal error lines or
        None) once the ping has its two pongs, or once Polyglot has stopped with an error."""
        pong = b"pong %d" % self.ping()
        self.send(commands + b"ping %s\n" % pong[5:])
        out, pongs, fatal = [], 0, None
        while True:
            for fd, line in self.lines():
                if fd == self.err:
                    if fatal is None and POLYGLOT_FATAL.match(line):
                        fatal = []
                    if fatal is not None:
                        fatal.append(line)
                elif line == pong:
                    pongs += 1
                else:
                    out.append(line)
            if fatal is not None:
                return out, fatal + self.end()
            if pongs == 2:
                return out, None

    def end(self):
        """Polyglot has stopped: "quit", wait for GNU Chess to exit, and return the rest of its
        stderr. Exiting otherwise than with status 0 is a crash of GNU Chess: the adapter dies
        so."""
        self.send(b"quit\n")
        self.quitting = True
        self.proc.stdin.close()
        rest = []
        while self.open:
            rest += [line for fd, line in self.lines() if fd == self.err]
        if self.pending[self.err]:
            rest.append(self.pending[self.err])
        if self.proc.wait() != 0:
            self.die()
        return rest

    def die(self):
        shutil.rmtree(self.folder, ignore_errors=True)
        super().die()


class Adapter:
    def __init__(self):
        # save's file name is read with sscanf("%s") into 128 bytes: a short path without spaces
        self.folder = tempfile.mkdtemp(prefix="xfen-gnuchess-")
        if len(self.folder) > 100 or len(self.folder.split()) != 1:
            os.rmdir(self.folder)
            self.folder = tempfile.mkdtemp(prefix="xfen-gnuchess-", dir="/tmp")
        self.answer_file = os.path.join(self.folder, "answer.epd")
        self.engine = None

    def answer(self, record):
        if b"\0" in record:
            return b"error cannot send: the record holds NUL, where GNU Chess's input thread " \
                   b"cuts its line (strlen), joining the next command to it"
        commands = b"setboard " + record + b"\nsave " + self.answer_file.encode() + b"\n"
        size = len(commands + b"ping %d\n" % (self.engine.pings + 1 if self.engine else 10 ** 6))
        if size > LIMIT:
            return b"error cannot send: the commands for this record would be %d bytes, more " \
                   b"than the %d that GNU Chess's 4096-byte input buffer holds" % (size, LIMIT)
        if self.engine is None:
            self.engine = GnuChess(self.folder)
        out, fatal = self.engine.exchange(commands)
        refusals = [line for line in out if line.startswith(REFUSALS)]
        saved = b""
        if os.path.exists(self.answer_file):
            with open(self.answer_file, "rb") as f:
                saved = f.read()
            os.remove(self.answer_file)
        if fatal is not None:
            self.engine = None                         # it has quit; a new one for the next record
            return b"error " + one_line(refusals + fatal)
        if refusals:
            return b"error " + one_line(refusals)
        if not saved.endswith(SAVED + b"\n") or saved.count(b"\n") != 1:
            return b"error save wrote no position: " + one_line([saved] + out)
        return b"ok " + saved[:-len(SAVED) - 1]

    def close(self):
        if self.engine is not None:
            self.engine.close()
        shutil.rmtree(self.folder, ignore_errors=True)


if sys.argv[1:]:
    sys.exit("usage: gnuchess.py")
adapter = Adapter()
serve(adapter.answer, adapter)
