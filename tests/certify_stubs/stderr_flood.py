#!/usr/bin/env python3
"""Streaming stub: answers every record rightly while writing to standard error without pause
(a thread writes 4 KiB lines as fast as the pipe takes them, until the stub exits).

usage: stderr_flood.py XFEN
Rule: every case gets the reference's answer: a runner that does not drain standard error makes
this stub block, and its cases time out.
"""
import sys
import threading

from stub_common import Reference, answer, records, xfen_path


def flood() -> None:
    line = b"stderr-flood " + b"e" * 4082 + b"\n"
    while True:
        sys.stderr.buffer.write(line)
        sys.stderr.buffer.flush()


reference = Reference(xfen_path(sys.argv[1]))
threading.Thread(target=flood, daemon=True).start()
for record in records():
    answer(reference.ask(record))
reference.close()
