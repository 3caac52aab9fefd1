#!/usr/bin/env python3
"""Streaming stub: crashes on every record holding MARKER, before answering it; right otherwise.

usage: crash.py XFEN MARKER [segv|exit3]
  segv (default): kills itself with SIGSEGV; exit3: exits with status 3. Either way it first writes
  "crash-stub: crashing on <record>" on standard error, which the report shows with the case.
Rule: a case whose input holds MARKER is `crash`; every other case gets the reference's answer.
"""
import os
import signal
import sys

from stub_common import Reference, answer, records, xfen_path

marker = sys.argv[2].encode()
how = sys.argv[3] if len(sys.argv) > 3 else "segv"
reference = Reference(xfen_path(sys.argv[1]))
for record in records():
    if marker in record:
        sys.stderr.write("crash-stub: crashing on " + record.decode("utf-8", "replace") + "\n")
        sys.stderr.flush()
        if how == "exit3":
            os._exit(3)
        os.kill(os.getpid(), signal.SIGSEGV)
    answer(reference.ask(record))
reference.close()
