#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for HoiChess 0.22.0 (Debian 12 package
`hoichess` 0.22.0-3, /usr/games/hoichess), xboard mode (its own commands are still there).

At start: "xboard" and "protover 2" (in xboard mode HoiChess flushes its output after each answer;
on its own command line it does not when its output is a pipe, so the answers would wait in its
buffer), "force" (so that it never moves), then "ping 0", reading up to "pong 0" (the banner:
version, the rc file it reads, hash sizes, book, the feature line).
For each record (the n-th) it sends three commands, the record unchanged after "setboard ":
  setboard <record>   # HoiChess's FEN reader (it needs the six fields)
  show fen            # HoiChess's display of the position as a full FEN ("show board" draws it)
  ping <n>            # answered "pong <n>" once the two before are done: the end of the answer
and answers `ok <the line "show fen" printed>` exactly as printed (the last non-empty line before
the pong). HoiChess writes castling as KQkq.
Refusals: HoiChess prints "tellusererror Illegal position" or "Error (...): ..." on stdout
("Error (command requires 6 arguments): setboard") and then, reading commands from a pipe rather
than a terminal, EXITS WITH STATUS 1 (it treats its standard input as a script and stops the
script at the first failed command; under a terminal it goes on). The adapter does not hide that:
it exits with status 1 too, so certify counts each refused record as a crash and restarts it.
Should HoiChess ever print such a line and go on, the answer is `error <that line>`.
Bytes: HoiChess reads a line into about 1024 bytes and handles it as a C string. So a record
holding NUL (cut there) or making "setboard <record>" longer than 1022 bytes (split into two
commands; checked with "ping": 1022 bytes is one command, 1023 two) cannot reach it unchanged:
for those the adapter answers `error cannot send: <why>` without sending anything. "\r" and other
bytes stay in the line (checked: "ping 1\rping 2" answers "pong 1\rping") and are sent as they
are.
Declares: 8x8 only (no Chess960 castling, no 10x8 board, no capablanca pieces, no prefix-s /
prefix-m castling).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import Engine, PingedBoard, engine_path, serve  # noqa: E402

engine = Engine([engine_path("hoichess")])
engine.send(b"xboard\nprotover 2\nforce\nping 0\n")
engine.read_until(lambda line: line == b"pong 0")
board = PingedBoard(engine, b"HoiChess", b'show fen', (b'tellusererror', b'Error'), limit=1022)
serve(board.answer, engine)
