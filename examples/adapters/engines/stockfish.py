#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for Stockfish 15.1 (Debian 12 package
`stockfish` 15.1-4, /usr/games/stockfish), UCI, standard chess, or with
`--chess960` Chess960 (UCI_Chess960 true).

For each record it sends `position fen <record>` (the record unchanged: Stockfish's
Position::set reads it, validating almost nothing), `d` and `isready` (engine_io.uci_display_answer)
and answers `ok <the text after "Fen: ">` exactly as printed (a full six-field FEN; Stockfish
writes castling as KQkq in standard chess and as the rooks' file letters, Shredder style, with
--chess960; the en passant square only when a capture is possible).
Refusals: Stockfish 15.1 prints nothing when it cannot read a FEN (it reads what it can, or
crashes), so this adapter never finds one; if the output ever held no "Fen:" line it answers
`error no Fen line: <the engine's output>`.
Bytes: Stockfish reads commands with std::getline (only "\n" ends a command; NUL, "\r" and other
bytes stay in it) and splits "position" at white space, so every record a line can carry is sent
unchanged: this adapter never answers `error cannot send`.
Crashes: Stockfish crashes (SIGSEGV) on many malformed records; the adapter then dies of the same
signal (engine_io.py), so certify reports a crash and restarts it.
Declares: 8x8, and chess960 with --chess960 (Stockfish then reads K/Q as the outermost rook and A-H
as a rook's file); no 10x8 board, no capablanca pieces, no prefix-s / prefix-m castling.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import serve, start_uci, uci_display_answer  # noqa: E402

if sys.argv[1:] not in ([], ["--chess960"]):
    sys.exit("usage: stockfish.py [--chess960]")
chess960 = "true" if sys.argv[1:] == ["--chess960"] else "false"
engine = start_uci("stockfish", [("UCI_Chess960", chess960)])
serve(lambda record: uci_display_answer(engine, record), engine)
