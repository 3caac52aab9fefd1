#!/usr/bin/env python3
"""Streaming stub: a program that never writes an en passant square, as Phalanx does.

usage: no_en_passant.py XFEN
Rule: every answer is the reference's with its fourth field `-`. Where no capture is legal (a
pinned capturer) that looks like the `ep-legal` spelling, but where a capture is legal it drops
the square too: no spelling explains the run, so `--accept-spelling ep-legal` must credit none of
its answers, and the cases with a legal capture are `wrong-position`.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

reference = Reference(xfen_path(sys.argv[1]))
for record in records():
    line = reference.ask(record)
    fields = line.rstrip(b"\n").split(b" ")
    if fields[0] == b"ok" and len(fields) == 7:
        fields[4] = b"-"
        line = b" ".join(fields) + b"\n"
    answer(line)
reference.close()
