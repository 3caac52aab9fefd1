#!/usr/bin/env python3
"""Streaming stub: a writer of the `ep-legal` spelling with one planted bug (issue 40).

usage: ep_legal_black_bug.py XFEN [--fixed]
Rule: every answer is `xfen adapter --ep legal`'s, except that with Black to move a pinned pawn
counts as able to capture: the en passant square is written wherever a black pawn stands beside
the pushed pawn, legal capture or not, which is X-FEN's own spelling (`xfen adapter`). Declared
`--accept-spelling ep-legal`, exactly the cases with Black to move whose square `ep-legal` drops
and X-FEN keeps must fail; a grading that lets X-FEN's spelling pass beside the declared one
passes them all. With --fixed the bug is gone and every answer is `ep-legal`'s.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

xfen = xfen_path(sys.argv[1])
fixed = "--fixed" in sys.argv[2:]
legal = Reference(xfen, "--ep", "legal")
pinned_counts = Reference(xfen)
for record in records():
    fields = record.split(b" ")
    black = len(fields) > 1 and fields[1] == b"b"
    answer((pinned_counts if black and not fixed else legal).ask(record))
legal.close()
pinned_counts.close()
