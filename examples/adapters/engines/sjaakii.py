#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for Sjaak II 1.4.1 (Debian 12 package
`sjaakii` 1.4.1-2, /usr/games/sjaakii), its own command line (not xboard mode), in the variant
given as its argument:

  sjaakii.py chess         8x8
  sjaakii.py capablanca    10x8 with archbishop A and chancellor C

At start: "prompt off" and "board off" (no prompt, no board drawn after each command), then
"variant <VARIANT>", then "ping 0", reading up to "pong 0" (the banner and the first board).
For each record (the n-th) it sends three commands, the record unchanged after "setboard ":
  setboard <record>   # Sjaak's FEN reader, for the variant set
  fen                 # "Print the FEN representation of the current board position": a full FEN
  ping <n>            # answered "pong <n>" once the two before are done: the end of the answer
and answers `ok <the line "fen" printed>` exactly as printed (the last non-empty line before the
pong). Sjaak writes castling as KQkq (it prints KQkq for Shredder-FEN letters too) and the en
passant square as read. The board is read at the variant's own size: a record of the other width is misread,
not refused (e.g. "... w Q (null) 0 1").
Refusals: Sjaak writes "Error: <why> (bad FEN <record>)" on its standard error when setboard
fails (it then holds an empty board, which "fen" still prints). Its standard error is therefore
read through the same pipe as its standard output, and a line starting "Error" among the answer
lines makes the answer `error <those lines>`.
Bytes: Sjaak reads a line and handles it as a C string: a record holding NUL would be cut there,
so the adapter answers `error cannot send: the record holds NUL` without sending it. "\r" and
every other byte stay in the line (checked: "ping 1\rping 2" answers "pong 1\rping 2"; a
20000-byte line is read whole), so they are sent as they are.
Crashes: when Sjaak dies on a record, the adapter dies the same way (engine_io.py), so certify
reports a crash and restarts it.
Declares: chess: 8x8; capablanca: 10x8, capablanca. Neither has Chess960 castling of its own (Sjaak
knows no Chess960 or Capablanca Random variant) nor prefix-s / prefix-m castling.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import Engine, PingedBoard, engine_path, serve  # noqa: E402

VARIANTS = ("chess", "capablanca")
if len(sys.argv) != 2 or sys.argv[1] not in VARIANTS:
    sys.exit("usage: sjaakii.py " + "|".join(VARIANTS))
engine = Engine([engine_path("sjaakii")], merge_stderr=True)
engine.send(b"prompt off\nboard off\nvariant " + sys.argv[1].encode() + b"\nping 0\n")
engine.read_until(lambda line: line == b"pong 0")
board = PingedBoard(engine, b"Sjaak", b"fen", (b"Error",))
serve(board.answer, engine)
