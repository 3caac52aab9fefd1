#!/usr/bin/env python3
"""Streaming stub: instead of answering a record holding MARKER, floods standard output with
garbage; right otherwise.

usage: flood.py XFEN MARKER MEBIBYTES|forever
  MEBIBYTES: that many MiB of 'x' as one line, then a line feed, then it goes on answering;
  forever: 'x' without end (never a line feed), never reading again.
Rule: the MARKER case is `protocol-error` (a line over 64 KiB); with MEBIBYTES every other case gets
the reference's answer. With forever the runner can only stop it by its time limit: the case
after the MARKER one is `timeout` (the stub is killed and restarted), and the others are answered.
"""
import sys

from stub_common import Reference, answer, records, xfen_path

marker = sys.argv[2].encode()
amount = sys.argv[3]
chunk = b"x" * 65536
reference = Reference(xfen_path(sys.argv[1]))
for record in records():
    if marker in record:
        if amount == "forever":
            while True:
                sys.stdout.buffer.write(chunk)
        for _ in range(int(amount) * 16):
            sys.stdout.buffer.write(chunk)
        answer(b"\n")
        continue
    answer(reference.ask(record))
reference.close()
