#!/usr/bin/env python3
"""Streaming stub: `xfen adapter` with writing options, so that it writes a known other spelling.

usage: spelling.py XFEN ADAPTER_OPTION…   e.g. --castling shredder, or --ep legal
Rule: every answer is the reference's in that style: a case whose record is written alike in X-FEN
and in that style gets the right answer; the others are `non-canonical` naming the spelling, or
`pass` when --accept-spelling names it.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

reference = Reference(xfen_path(sys.argv[1]), *sys.argv[2:])
for record in records():
    answer(reference.ask(record))
reference.close()
