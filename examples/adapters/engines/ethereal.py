#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for Ethereal 12.00 (Debian 12 package
`ethereal-chess` 12.00+ds1-1, /usr/games/ethereal-chess), UCI, standard chess, or with
`--chess960` Chess960 (UCI_Chess960 true).

For each record it sends three UCI commands, the record unchanged after "position fen ":
  position fen <record>   # Ethereal's boardFromFEN reads it (no validation at all)
  print                   # Ethereal's display ("d" is not a command of Ethereal): the board, then
                          # the position as a full FEN on a line of its own
  isready                 # answered "readyok" once the two before are done: the end of the answer
and answers `ok <the FEN line>` exactly as printed: the first non-empty line after the board's
file letters line ("A B C D E F G H"). Ethereal writes castling as KQkq in standard chess and as
the rooks' file letters (Shredder style, HAha) with --chess960, and the en passant square as read.
Refusals: Ethereal prints nothing when it cannot read a FEN (it reads what it can, or crashes), so
this adapter never finds one; if the output ever held no FEN line it answers
`error no FEN line: <the engine's output>`.
Bytes: Ethereal reads a command with fgets into 8192 bytes, then cuts it at the first "\n" and at
the first "\r", and handles it as a C string (cut at the first NUL). So a record holding NUL or
"\r" cannot reach it unchanged (part of it would be dropped), nor one making the command line
longer than 8190 bytes (fgets would split it): for those the adapter answers
`error cannot send: <why>` without sending anything. Every other byte is sent as it is.
Crashes: Ethereal crashes (SIGSEGV, or SIGABRT from an assert) on many malformed records; the
adapter then dies of the same signal (engine_io.py), so certify reports a crash and restarts it.
Declares: 8x8, and chess960 with --chess960 (no 10x8 board, no capablanca pieces, no prefix-s /
prefix-m castling).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import one_line, serve, start_uci  # noqa: E402

chess960 = sys.argv[1:] == ["--chess960"]
if sys.argv[1:] not in ([], ["--chess960"]):
    sys.exit("usage: ethereal.py [--chess960]")
engine = start_uci("ethereal-chess", [("UCI_Chess960", "true" if chess960 else "false")])
FILES = b"A B C D E F G H".split()


def answer(record):
    command = b"position fen " + record + b"\n"
    if b"\0" in record:
        return b"error cannot send: the record holds NUL, where Ethereal's C string would end"
    if b"\r" in record:
        return b"error cannot send: the record holds \\r, where Ethereal cuts its command line"
    if len(command) > 8191:
        return b"error cannot send: the command is longer than Ethereal's 8192-byte line buffer"
    engine.send(command + b"print\nisready\n")
    lines = engine.read_until(lambda line: line == b"readyok")
    after = [i for i, line in enumerate(lines) if line.split() == FILES]
    fens = [line for line in lines[after[-1] + 1:] if line.strip()] if after else []
    return b"ok " + fens[0] if fens else b"error no FEN line: " + one_line(lines)


serve(answer, engine)
