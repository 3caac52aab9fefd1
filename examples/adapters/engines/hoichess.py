#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for HoiChess 0.22.0 (Debian 12 package
`hoichess` 0.22.0-3, /usr/games/hoichess), xboard mode (its own commands are still there), with
its standard input a pseudo-terminal.

Why a terminal: HoiChess reads its standard input as a script when it is not a terminal, and stops
the script at the first failed command: a refused `setboard` makes it EXIT WITH STATUS 1
(Shell::input, src/common/shell.cc of the 0.22.0 source, github.com/deepin-community/hoichess:
`if (ret != SHELL_CMD_OK && (source.fp != stdin || !isatty(0))) return SHELL_CMD_FAIL`, then
Shell::main returns EXIT_FAILURE). Through a pipe, every
refused record was therefore a crash for certify, and a run whose first records were refused could
end as "cannot run". For a user at a terminal it prints its error and goes on. So the adapter gives
it the pseudo-terminal's slave as standard input (os.openpty, then tty.setraw: no echo of what is
written, no line editing or erase/kill characters, no signal characters, no "\r"-to-"\n"
translation, so the bytes written are the bytes read), while its standard output stays a pipe (as
before: no ANSI colours, which HoiChess turns on when its output is a terminal). The terminal
becomes nobody's controlling terminal (checked: a session leader that opens one with os.openpty
still has no /dev/tty), so no hangup signal comes from it. Checked by hand (the
commands below written to the terminal's master, output read from the pipe): `setboard 8/8/8 w - -
0 1` answers "tellusererror Illegal position", then `show fen` still prints the start position and
`ping 1` answers "pong 1", and the exit status after "quit" is 0; the same lines through a pipe end
HoiChess with status 1 right after "tellusererror Illegal position".

At start: "xboard" and "protover 2" (in xboard mode HoiChess flushes its output after each answer;
on its own command line it does not when its output is a pipe, so the answers would wait in its
buffer), "force" (so that it never moves), then "ping 0", reading up to "pong 0" (the banner:
version, the rc file it reads, hash sizes, book, the feature line, which declares
variants="normal").
For each record (the n-th) it sends three commands, the record unchanged after "setboard ":
  setboard <record>   # HoiChess's FEN reader (it needs the six fields)
  show fen            # HoiChess's display of the position as a full FEN ("show board" draws it)
  ping <n>            # answered "pong <n>" once the two before are done: the end of the answer
and answers `ok <the line "show fen" printed>` exactly as printed (the last non-empty line before
the pong). HoiChess writes castling as KQkq.
Refusals: HoiChess prints "tellusererror Illegal position" or "Error (...): ..." on stdout
("Error (command requires 6 arguments): setboard") and goes on with the position it had; such a
line among the answer lines makes the answer `error <that line>`.
Bytes: HoiChess reads a line with fgets into 1023 bytes (Shell::get_line_fgets) and handles it as a
C string. So a record holding NUL (cut there) or making "setboard <record>" longer than 1022 bytes
(split into two commands) cannot reach it unchanged: for those the adapter answers
`error cannot send: <why>` without sending anything. Checked again through the raw terminal with
"ping": "ping 1", spaces and "x", 1022 bytes in all, answers "pong 1"; 1023 bytes answers "pong 2"
then "Error (unknown command): x"; "ping 5\0ping 6" answers "pong 5" alone. "\r" and other bytes
stay in the line ("ping 3\rping 4" answers "pong 3\rping") and are sent as they are. HoiChess
also replaces "$NAME" in a command by the environment variable NAME when it is set
(Shell::exec_command: `setboard 4k3/8/8/8/8/8/8/4K3 w - - 0 $N` with N=77 in its environment is
read with fullmove number 77); the suite has no "$".
Crashes: when HoiChess dies on a record, its output pipe ends and the adapter dies the same way
(engine_io.py), so certify reports a crash and restarts it.
Declares: 8x8 only (no Chess960 castling, no shredder-input, no 10x8 board, no capablanca pieces,
no prefix-s / prefix-m castling).
"""
import os
import subprocess
import sys
import tty

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import Engine, PingedBoard, engine_path, serve  # noqa: E402


class TerminalEngine(Engine):
    """engine_io.Engine with the engine's standard input a raw-mode pseudo-terminal (written
    through its master) and its standard output a pipe."""

    def __init__(self, argv):
        master, slave = os.openpty()
        tty.setraw(slave)
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=subprocess.PIPE)
        os.close(slave)
        self.proc.stdin = os.fdopen(master, "wb")

    def send(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except OSError:   # a terminal whose reader has gone: EIO rather than EPIPE
            self.die()


engine = TerminalEngine([engine_path("hoichess")])
engine.send(b"xboard\nprotover 2\nforce\nping 0\n")
engine.read_until(lambda line: line == b"pong 0")
board = PingedBoard(engine, b"HoiChess", b'show fen', (b'tellusererror', b'Error'), limit=1022)
serve(board.answer, engine)
