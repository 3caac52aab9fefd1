#!/usr/bin/python3
"""xfen certify adapter (streaming, docs/PROTOCOL.md) for Fairy-Stockfish 11.1 (Debian 12 package
`fairy-stockfish` 11.1-1+b1, /usr/games/fairy-stockfish), UCI, in the variant given as its argument:

  fairy-stockfish.py chess                 8x8 standard chess
  fairy-stockfish.py chess --chess960      8x8 Chess960
  fairy-stockfish.py capablanca            10x8 Capablanca chess (archbishop A, chancellor C)
  fairy-stockfish.py capablanca --chess960 10x8 Capablanca Random Chess (its caparandom)

At start: "uci", then "setoption name ... value ..." for UCI_Variant and UCI_Chess960.
For each record it sends `position fen <record>` (the record unchanged, read for the variant set),
`d` and `isready` (engine_io.uci_display_answer) and answers `ok <the text after "Fen: ">` exactly
as printed (a full six-field FEN; castling as KQkq, or with --chess960 as the rooks' file letters,
Shredder style: HAha, JAja; the en passant square only when a capture is possible). The board is always read as
the variant's own size: a record of the other width is misread, not refused.
Refusals: Fairy-Stockfish 11.1 prints nothing when it cannot read a FEN (it reads what it can), so
this adapter never finds one; if the output ever held no "Fen:" line it answers `error no Fen line:
<the engine's output>`.
Bytes: the engine reads commands with std::getline (only "\n" ends a command; NUL, "\r" and other
bytes stay in it) and splits "position" at white space, so every record a line can carry is sent
unchanged: this adapter never answers `error cannot send`.
Crashes: Fairy-Stockfish crashes (SIGSEGV) on many records (malformed ones, and boards of the
other width); the adapter then dies of the same signal (engine_io.py), so certify reports a crash
and restarts it.
Declares: chess: 8x8 (+ chess960 with --chess960); capablanca: 10x8, capablanca (+ chess960 with
--chess960). No prefix-s / prefix-m castling.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from engine_io import serve, start_uci, uci_display_answer  # noqa: E402

VARIANTS = ("chess", "capablanca")
if not 1 <= len(sys.argv) - 1 <= 2 or sys.argv[1] not in VARIANTS or sys.argv[2:] not in ([], ["--chess960"]):
    sys.exit("usage: fairy-stockfish.py " + "|".join(VARIANTS) + " [--chess960]")
chess960 = "true" if sys.argv[2:] == ["--chess960"] else "false"
engine = start_uci("fairy-stockfish", [("UCI_Variant", sys.argv[1]), ("UCI_Chess960", chess960)])
serve(lambda record: uci_display_answer(engine, record), engine)
