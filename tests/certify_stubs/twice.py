#!/usr/bin/env python3
"""Streaming stub: answers every record twice (the reference's answer, two lines).

usage: twice.py XFEN
Rule: the runner takes answers in order, so case K gets the answer to record K // 2, and as many
answer lines as records are left over (`extra_answers`). With records all alike, every case passes
and only the extra answers fail the run.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

reference = Reference(xfen_path(sys.argv[1]))
for record in records():
    line = reference.ask(record)
    answer(line + line)
reference.close()
