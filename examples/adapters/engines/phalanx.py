#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for Phalanx XXV (Debian 12 package
`phalanx` 25-1, /usr/games/phalanx), xboard protocol.

At start: "xboard", "protover 2" (read up to "feature done=1"), "force" (so that it never moves),
then "ping 0", reading up to "pong 0".
For each record (the n-th) it sends three commands, the record unchanged after "setboard ":
  setboard <record>   # Phalanx's FEN reader
  fen                 # Phalanx's own command (its help: "fen"): prints the position as a full FEN
  ping <n>            # answered "pong <n>" once the two before are done: the end of the answer
and answers `ok <the line "fen" printed>` exactly as printed (the last non-empty line before the
pong). Phalanx writes castling as KQkq (Shredder-FEN letters are dropped), the en passant square
only when a capture is possible, and always 1 as the fullmove number.
Refusals: Phalanx answers "tellusererror Illegal position" (and goes back to the initial position,
which "fen" then prints); such a line among the answer lines makes the answer `error <it>`.
Bytes: Phalanx reads a line with fgets into 256 bytes and handles it as a C string. So a record
holding NUL (the line would end there, and with it the line's "\n") or making "setboard <record>"
longer than 254 bytes (fgets would split it into two commands; checked: "ping " and 249 bytes is
one command, "ping " and 250 is two) cannot reach it unchanged: for those the adapter answers
`error cannot send: <why>` without sending anything. "\r" and other bytes stay in the line
(checked: "ping 1\rping 2" answers "pong 1\rping 2") and are sent as they are.
Crashes: when Phalanx dies on a record, the adapter dies the same way (engine_io.py), so certify
reports a crash and restarts it.
Declares: 8x8 only (no Chess960 castling, no 10x8 board, no capablanca pieces, no prefix-s /
prefix-m castling).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import Engine, PingedBoard, engine_path, serve  # noqa: E402

engine = Engine([engine_path("phalanx")], merge_stderr=True)
engine.send(b"xboard\nprotover 2\n")
engine.read_until(lambda line: line == b"feature done=1")
engine.send(b"force\nping 0\n")
engine.read_until(lambda line: line == b"pong 0")
board = PingedBoard(engine, b"Phalanx", b'fen', (b'tellusererror', b'Illegal', b'Error'), limit=254)
serve(board.answer, engine)
