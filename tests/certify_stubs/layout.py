#!/usr/bin/env python3
"""Streaming stub: `xfen adapter`'s answers cut to their first N fields, as engines print a
position they hold (Glaurung and GNU Chess: EPD, four fields; others the board alone).

usage: layout.py XFEN N
Rule: a rejection stays a rejection; an accepted record is answered with its first N fields. Every
accepted case is then `non-canonical` naming the layout (its fields are the reference's), or `pass`
under --accept-layout.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

reference = Reference(xfen_path(sys.argv[1]))
fields = int(sys.argv[2])
for record in records():
    line = reference.ask(record)
    if line.startswith(b"ok "):
        line = b"ok " + b" ".join(line[3:].rstrip(b"\n").split(b" ")[:fields]) + b"\n"
    answer(line)
reference.close()
