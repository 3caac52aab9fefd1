#!/usr/bin/python3
"""A stand-in for GNU Chess 6.2.7 (`gnuchess --xboard`) whose start takes many input lines, for
adapters_test. GNU Chess's input thread blocks in fgets holding stdin's lock while its Polyglot
thread waits for that lock (setbuf(stdin, NULL)) before the frontend starts: each line that comes
in is a chance for Polyglot to take the lock, and starts have taken from a few lines to over 2,000.
All the while the lines wait unread, and the frontend then reads them at once into a 4096-byte
buffer (ReadFromUser, src/frontend/engine.cc), so that 4096 bytes or more end it with
"*** buffer overflow detected ***: terminated" (SIGABRT).

This one starts after SLOW_START_LINES input lines (0: never), aborting as GNU Chess does if 4096
bytes or more have come by then; then it answers each "ping N" with two "pong N" (the frontend's
and Polyglot's) and exits on "quit" or at the end of its input. It writes no position, so
gnuchess.py answers "error save wrote no position"."""
import os
import sys

lines_needed = int(os.environ["SLOW_START_LINES"])
waiting = b""
while lines_needed == 0 or waiting.count(b"\n") < lines_needed:
    data = os.read(0, 65536)
    if not data:
        sys.exit(0)
    waiting += data
if len(waiting) >= 4096:
    sys.stderr.write("*** buffer overflow detected ***: terminated\n")
    sys.stderr.flush()
    os.abort()
while True:
    *lines, waiting = waiting.split(b"\n")
    for line in lines:
        if line == b"quit":
            sys.exit(0)
        if line.startswith(b"ping "):
            sys.stdout.buffer.write(b"pong %s\npong %s\n" % (line[5:], line[5:]))
            sys.stdout.flush()
    data = os.read(0, 65536)
    if not data:
        sys.exit(0)
    waiting += data
