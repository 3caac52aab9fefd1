#!/usr/bin/env python3
"""Streaming stub: `xfen adapter`'s answers with one combination bug planted, a bug that fires only
on a position combining two features the conformance suite never combines, so that the suite
passes it and only generated records (`xfen certify --generate`) find it.

usage: combination_bugs.py XFEN BUG
Each condition is decided on the reference's answer (the record as X-FEN writes it), so only
records xfen accepts can trip a bug; a rejection stays a rejection. BUG is one of:
  none                  the control: every answer is the reference's.
  ep-beside-inner-rook  the en passant square is written `-` when the castling field names an inner
                        rook (a file letter: X-FEN writes K/Q for the outermost rook of a side) and
                        the en passant capture is legal (the reference in the `legal` en passant
                        style writes the square too). Rule: `wrong-position`, en passant field.
                        (Where the capture is not legal, `-` would be another known spelling,
                        `non-canonical`: the bug keeps off those records, to fail one way only.)
  three-rights          a 10x8 record with exactly three castling rights is rejected.
                        Rule: `rejected-valid`, on a 10x8 record.
  second-archbishop     a 10x8 position with two archbishops (or more) of one colour kills the
                        stub with SIGABRT before it answers. Rule: `crash`, on a 10x8 record.
The suite has no accepted case with an inner rook and an en passant square, none with three
castling rights, and none with two archbishops of a colour (tests/certify_generate_test.py checks
that the suite passes each bug).
"""
import os
import re
import signal
import sys

from stub_common import Reference, answer, records, xfen_path

BUGS = ("none", "ep-beside-inner-rook", "three-rights", "second-archbishop")


def width(board: str) -> int:
    """The number of files of the first rank."""
    rank = board.split("/")[0]
    return sum(int(run) for run in re.findall(r"[0-9]+", rank)) + len(re.findall(r"[^0-9]", rank))


def rights(castling: str) -> str:
    """The castling tokens, without the s/m prefix: one per right as X-FEN writes them."""
    return "" if castling == "-" else castling.lstrip("sm")


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[2] not in BUGS:
        sys.exit("usage: combination_bugs.py XFEN " + "|".join(BUGS))
    xfen, bug = xfen_path(sys.argv[1]), sys.argv[2]
    reference = Reference(xfen)
    legal_ep = Reference(xfen, "--ep", "legal") if bug == "ep-beside-inner-rook" else None
    for record in records():
        line = reference.ask(record)
        fields = line[3:].rstrip(b"\n").decode("ascii", "replace").split(" ")
        if bug == "none" or not line.startswith(b"ok ") or len(fields) != 6:
            answer(line)
            continue
        board, _, castling, en_passant = fields[:4]
        if bug == "ep-beside-inner-rook":
            if (en_passant != "-" and re.search(r"[A-Ja-j]", rights(castling))
                    and legal_ep.ask(record).split(b" ")[4] != b"-"):
                fields[3] = "-"
                line = ("ok " + " ".join(fields) + "\n").encode("ascii")
        elif bug == "three-rights":
            if width(board) == 10 and len(rights(castling)) == 3:
                line = b"error three castling rights on a 10x8 board\n"
        elif bug == "second-archbishop":
            if width(board) == 10 and (board.count("A") >= 2 or board.count("a") >= 2):
                sys.stderr.write("combination-bugs: a second archbishop\n")
                sys.stderr.flush()
                os.kill(os.getpid(), signal.SIGABRT)
        answer(line)
    reference.close()
    if legal_ep:
        legal_ep.close()


main()
