#!/usr/bin/env python3
"""Streaming stub: a standard chess program, which knows no archbishop or chancellor, no 10-file
board and no castling letters but K, Q, k and q, as chess.js or HoiChess.

usage: standard_chess.py XFEN
Rule: a record whose board holds `A`, `C`, `a` or `c`, whose first rank is 10 files wide, or whose
castling field holds anything but `KQkq-` is rejected; every other record is answered as `xfen
adapter` answers it. So it fails the suite's cases that need a capability it lacks (a valid
`board.capablanca-pieces-8x8` is `rejected-valid`) and passes all the others: with `--supports
8x8` each of those is `not-applicable` and the run conforms.
"""
import re
import sys

from stub_common import Reference, answer, records, xfen_path

reference = Reference(xfen_path(sys.argv[1]))


def outside_standard_chess(record: bytes) -> bool:
    fields = record.split(b" ")
    board = fields[0]
    if re.search(rb"[AaCc]", board):
        return True
    first_rank = board.split(b"/")[0]
    if sum(int(run) for run in re.findall(rb"[0-9]+", first_rank)) + len(re.findall(rb"[^0-9]", first_rank)) == 10:
        return True
    return len(fields) > 2 and re.fullmatch(rb"[KQkq-]*", fields[2]) is None


for record in records():
    if outside_standard_chess(record):
        answer(b"error not a standard chess record\n")
    else:
        answer(reference.ask(record))
reference.close()
