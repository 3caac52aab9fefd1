#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for Glaurung 2.2 (Debian 12 package
`glaurung` 2.2-4, /usr/games/glaurung), UCI, as started (UCI_Chess960 false; the option changes
how moves are written, not how positions are read or printed).

For each record it sends three UCI commands, the record unchanged after "position fen ":
  position fen <record>   # Glaurung's Position::from_fen reads it
  d                       # Glaurung's display: the board drawn with "+---+" and "|" lines, then
                          # the position as an EPD (four fields: board, side, castling, en
                          # passant; no counters), then its hash key
  isready                 # answered "readyok" once the two before are done: the end of the answer
and answers `ok <the EPD line>` exactly as printed (the first line of "d" that is not part of the
drawn board), without completing it. Glaurung writes castling as KQkq (it reads KQkq and, for
Chess960, the rooks' file letters).
Refusals: Glaurung prints "Error in FEN at character N" (on stdout) when from_fen stops at a
character it cannot read, and keeps what it had read so far; the adapter then answers
`error Error in FEN at character N` rather than the partial position "d" still shows.
Bytes: Glaurung reads commands with std::getline (only "\n" ends one; NUL and "\r" stay in it:
a NUL on the board gives "Error in FEN at character <its offset>"), so every record a line can
carry is sent unchanged: this adapter never answers `error cannot send`.
Crashes: when Glaurung dies on a record, the adapter dies the same way (engine_io.py), so certify
reports a crash and restarts it.
Declares: 8x8, chess960 (reading file letters only; it prints KQkq); no 10x8 board, no capablanca
pieces, no prefix-s / prefix-m castling.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import one_line, serve, start_uci  # noqa: E402

engine = start_uci("glaurung")


def answer(record):
    engine.send(b"position fen " + record + b"\nd\nisready\n")
    lines = engine.read_until(lambda line: line == b"readyok")
    errors = [line for line in lines if line.startswith(b"Error in FEN")]
    if errors:
        return b"error " + one_line(errors)
    epds = [line for line in lines[:-1] if line.strip() and not line.startswith((b"+", b"|"))]
    return b"ok " + epds[0] if epds else b"error no position line: " + one_line(lines)


serve(answer, engine)
