#!/usr/bin/env python3
"""Streaming stub: on every record holding MARKER it stops answering (sleeps an hour); right
otherwise.

usage: hang.py XFEN MARKER
Rule: a case whose input holds MARKER is `timeout` (and the stub is killed, its adapter with it);
every other case gets the reference's answer.
"""
import sys
import time

from stub_common import Reference, answer, records, xfen_path

marker = sys.argv[2].encode()
reference = Reference(xfen_path(sys.argv[1]))
for record in records():
    if marker in record:
        time.sleep(3600)
    answer(reference.ask(record))
reference.close()
