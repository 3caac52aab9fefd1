"""Shared by the engine adapters of this folder (not an adapter itself): keeps one chess engine
process alive behind xfen certify's streaming protocol (docs/PROTOCOL.md, "Streaming").

- serve(answer): reads records from stdin, one per line (the record's bytes, then "\n"; a last line
  without "\n" is a record too), calls answer(record) and writes the answer line it returns
  ("ok <what the engine printed>" or "error <text>", as bytes), flushed at once.
- Engine: the engine process, with its stdin and stdout as pipes and its stderr going straight to
  the runner's (certify keeps it and shows it with the failed cases), or, for an engine that
  writes its refusals there, into the same pipe as its stdout (merge_stderr=True).
- When the engine dies while a record is handled (its stdout ends, or a write to it fails), the
  adapter dies the same way: the engine's signal is raised on the adapter with the default action,
  or the adapter exits with the engine's exit status. No answer is written for that record, so
  certify counts the crash and restarts the adapter (and with it the engine).
- No read deadline: an engine that hangs is left to certify's time limit, which kills the whole
  process group (the adapter and the engine).
"""
import os
import shutil
import signal
import subprocess
import sys


def engine_path(name):
    """The engine's program: on PATH, or in /usr/games where Debian installs it (not on root's
    PATH)."""
    return shutil.which(name) or shutil.which(name, path="/usr/games") or "/usr/games/" + name


class Engine:
    def __init__(self, argv, merge_stderr=False):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT if merge_stderr else None)

    def send(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.die()

    def readline(self):
        """One line of the engine's output, its terminator removed ("\n", and a "\r" before it)."""
        line = self.proc.stdout.readline()
        if not line.endswith(b"\n"):       # end of output (possibly after a partial last line)
            self.die()
        line = line[:-1]
        return line[:-1] if line.endswith(b"\r") else line

    def read_until(self, is_last):
        """The engine's lines up to and including the first for which is_last(line) holds."""
        lines = []
        while True:
            lines.append(self.readline())
            if is_last(lines[-1]):
                return lines

    def die(self):
        """The engine has ended (or closed its output): end this adapter the same way."""
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        status = self.proc.wait()
        sys.stdout.flush()
        if status < 0:
            sig = -status
            print(f"engine_io: {self.proc.args[0]} was killed by signal {sig} "
                  f"({signal.Signals(sig).name}); raising it on the adapter", file=sys.stderr)
            sys.stderr.flush()
            try:
                signal.signal(sig, signal.SIG_DFL)
            except (OSError, ValueError):   # SIGKILL, SIGSTOP: cannot be caught anyway
                pass
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [sig])
            os.kill(os.getpid(), sig)
            os._exit(128 + sig)              # only if the signal did not end us (e.g. SIGSTOP)
        print(f"engine_io: {self.proc.args[0]} exited with status {status}; exiting with it",
              file=sys.stderr)
        sys.stderr.flush()
        os._exit(status)

    def close(self, quit_command=b"quit\n"):
        """End of input: ask the engine to quit, and wait a little for it."""
        try:
            self.proc.stdin.write(quit_command)
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def one_line(lines):
    """Several lines of engine output as one answer text: white space runs collapsed to a space."""
    return b" ".join(b" ".join(lines).split())


def serve(answer, engine):
    out = sys.stdout.buffer
    for line in sys.stdin.buffer:
        record = line[:-1] if line.endswith(b"\n") else line
        out.write(answer(record) + b"\n")
        out.flush()
    engine.close()


def start_uci(name, options=()):
    """Starts a UCI engine: "uci" (its id and option lines, up to "uciok", are read and dropped),
    then each "setoption name N value V" of options, then "isready" up to "readyok"."""
    engine = Engine([engine_path(name)])
    engine.send(b"uci\n")
    engine.read_until(lambda line: line == b"uciok")
    for option, value in options:
        engine.send(b"setoption name %s value %s\n" % (option.encode(), value.encode()))
    engine.send(b"isready\n")
    engine.read_until(lambda line: line == b"readyok")
    return engine


class PingedBoard:
    """The exchange of the engines that take `setboard <record>` and answer a ping (xboard's
    protocol, or Sjaak's own command line): send the record, the engine's display command and a
    numbered ping; the lines before the pong are the answer. `refusals` are the prefixes of the
    lines by which the engine says it refused the record; `limit` is the longest command line it
    reads whole (None: no limit found)."""

    def __init__(self, engine, name, display, refusals, limit=None):
        self.engine, self.name, self.display = engine, name, display
        self.refusals, self.limit = refusals, limit
        self.count = 0

    def answer(self, record):
        command = b"setboard " + record
        if b"\0" in record:
            return b"error cannot send: the record holds NUL, where %s's C string would end" % self.name
        if self.limit is not None and len(command) > self.limit:
            return b"error cannot send: \"setboard <record>\" is %d bytes, longer than the %d %s " \
                   b"reads as one line" % (len(command), self.limit, self.name)
        self.count += 1
        pong = b"pong %d" % self.count
        self.engine.send(command + b"\n" + self.display + b"\nping %d\n" % self.count)
        lines = self.engine.read_until(lambda line: line == pong)[:-1]
        errors = [line for line in lines if line.startswith(self.refusals)]
        if errors:
            return b"error " + one_line(errors)
        fens = [line for line in lines if line.strip()]
        return b"ok " + fens[-1] if fens else b"error no FEN line: " + one_line(lines)


def uci_display_answer(engine, record):
    """Stockfish's and Fairy-Stockfish's exchange: `position fen <record>`, then their debug
    display `d` (the board, "Fen: <FEN>", "Key:", "Checkers:"), then `isready`, answered "readyok"
    once the two before are done. The answer is the text after "Fen: " exactly as printed."""
    engine.send(b"position fen " + record + b"\nd\nisready\n")
    lines = engine.read_until(lambda line: line == b"readyok")
    fens = [line[len(b"Fen: "):] for line in lines if line.startswith(b"Fen: ")]
    return b"ok " + fens[-1] if fens else b"error no Fen line: " + one_line(lines)

