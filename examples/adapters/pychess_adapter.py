#!/usr/bin/python3
"""xfen certify adapter for pychess (Debian package pychess): streaming mode of docs/PROTOCOL.md,
one record per line in, one `ok <record>` or `error <text>` line out. pychess's LBoard reads and
writes 8×8 FEN, Chess960 castling included; it has no 10×8 board. Debian's python3 (/usr/bin)
is the one that sees the package. Install with scripts/install-adapters.sh."""
import sys

from pychess.Utils.const import FISCHERRANDOMCHESS
from pychess.Utils.lutils.LBoard import LBoard

for line in sys.stdin.buffer:
    record = line[:-1] if line.endswith(b"\n") else line
    try:
        board = LBoard(FISCHERRANDOMCHESS)
        board.applyFen(record.decode("utf-8"))                        # read
        answer = "ok " + board.asFen()                                # write back
    except Exception as error:                                        # any rejection
        answer = "error " + " ".join(f"{type(error).__name__}: {error}".split())
    sys.stdout.buffer.write(answer.encode("utf-8", "backslashreplace") + b"\n")
    sys.stdout.buffer.flush()
