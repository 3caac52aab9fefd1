#!/usr/bin/env python3
"""Streaming stub: answers N records rightly, then exits with status 0 on reading the next one.

usage: exit_after.py XFEN N
Rule: counting the records sent in order from 0, and starting again after each restart, record N of
each process is `crash` (it ended before answering) and is not sent again; so of the cases sent,
those at places N, 2N+1, 3N+2, … crash and the others get the reference's answer.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

limit = int(sys.argv[2])
reference = Reference(xfen_path(sys.argv[1]))
for count, record in enumerate(records()):
    if count == limit:
        sys.exit(0)
    answer(reference.ask(record))
reference.close()
