#!/usr/bin/env python3
"""Streaming stub: a writer of the `ep-legal` spelling with one planted bug (issue 40).

usage: ep_legal_black_bug.py XFEN [--fixed]
Rule: every answer is `xfen adapter --ep legal`'s, except that with Black to move the en passant
square is written as read (`xfen adapter --ep always`), also where `ep-legal` drops it: a pinned
black pawn, or none at all, counts as able to capture. Declared `--accept-spelling ep-legal`,
exactly the cases with Black to move whose square `ep-legal` drops must fail. With --fixed the bug
is gone and every answer is `ep-legal`'s.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

xfen = xfen_path(sys.argv[1])
fixed = "--fixed" in sys.argv[2:]
legal = Reference(xfen, "--ep", "legal")
always = Reference(xfen, "--ep", "always")
for record in records():
    fields = record.split(b" ")
    black = len(fields) > 1 and fields[1] == b"b"
    answer((always if black and not fixed else legal).ask(record))
legal.close()
always.close()
