#!/usr/bin/env python3
"""`xfen pgn lint` and `xfen pgn extract` on PGN files made for the purpose (SPEC R13).

- Broken: each hand-written file of tests/pgn/ (tests/pgn/README.md says what is wrong in each)
  against its `.expected` file: the exact diagnostics, the summary line and the exit status. With
  --json, every diagnostic again, its line and column recomputed here from its byte offset in the
  file (a BOM at the start not counted in line 1's columns), so the positions are checked
  independently of the reader that found them.
- Collection: the generated collection corpus/pgn/games.pgn lints clean, and extract gives exactly
  its FEN tags' values (found here with a regular expression), canonicalised or not, at the places
  --with-source names.
- Truncated: the collection cut at seeded random offsets: never a crash, the game count is the
  games begun before the cut, and a cut inside a game is reported.
- Usage: missing files, a folder as input, standard input.

Usage: pgn_lint_test.py path/to/xfen [unittest arguments]
Set XFEN_BLESS=1 to rewrite the .expected files from the command's output (then read the diff).
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BROKEN = ROOT / "tests" / "pgn"
COLLECTION = ROOT / "corpus" / "pgn" / "games.pgn"
BOM = b"\xef\xbb\xbf"
XFEN = ""  # set from the command line

FEN_TAG = re.compile(rb'^\[FEN "([^"\\\n]*)"\]', re.MULTILINE)
GAME_START = re.compile(rb"^\[Event ", re.MULTILINE)


def run(*args, stdin=None, cwd=None):
    return subprocess.run([XFEN, *args], input=stdin, capture_output=True, timeout=120,
                          cwd=cwd, check=False)


def position_of(data: bytes, offset: int) -> tuple:
    """Line and column of a byte offset, as SPEC R13 counts them."""
    line = data.count(b"\n", 0, offset) + 1
    line_start = data.rfind(b"\n", 0, offset) + 1
    if line == 1 and data.startswith(BOM):
        line_start = len(BOM)
    return line, offset - line_start + 1


def expected_text(result) -> str:
    return (result.stdout.decode("utf-8", "replace") + "--- stderr\n" +
            result.stderr.decode("utf-8", "replace") + f"--- exit {result.returncode}\n")


class Broken(unittest.TestCase):
    def files(self):
        files = sorted(BROKEN.glob("*.pgn"))
        self.assertGreaterEqual(len(files), 20, "the hand-written files are missing")
        return files

    def test_each_file_gives_its_expected_diagnostics(self):
        bless = os.environ.get("XFEN_BLESS") == "1"
        for pgn in self.files():
            with self.subTest(pgn.name):
                result = run("pgn", "lint", pgn.name, cwd=BROKEN)
                self.assertIn(result.returncode, (0, 1), result.stderr)
                expected = pgn.with_suffix(".expected")
                if bless:
                    expected.write_text(expected_text(result), encoding="utf-8")
                self.assertEqual(expected_text(result), expected.read_text(encoding="utf-8"))

    def test_json_positions_agree_with_the_bytes(self):
        for pgn in self.files():
            with self.subTest(pgn.name):
                data = pgn.read_bytes()
                text = run("pgn", "lint", pgn.name, cwd=BROKEN)
                result = run("pgn", "lint", "--json", pgn.name, cwd=BROKEN)
                objects = [json.loads(line) for line in result.stdout.splitlines()]
                text_lines = text.stdout.decode("utf-8", "replace").splitlines()
                self.assertEqual(len(objects), len(text_lines))
                self.assertEqual(result.returncode, text.returncode)
                for found, line in zip(objects, text_lines):
                    self.assertEqual(position_of(data, found["offset"]),
                                     (found["line"], found["column"]), found)
                    self.assertEqual(
                        line, f'{pgn.name}:{found["line"]}:{found["column"]}: '
                              f'{found["severity"]}[{found["code"]}]: {found["message"]}')
                    self.assertIn(f'game {found["game"]}: ', found["message"]) \
                        if "game" in found else None


class Collection(unittest.TestCase):
    def test_the_generated_collection_lints_clean(self):
        data = COLLECTION.read_bytes()
        result = run("pgn", "lint", str(COLLECTION))
        self.assertEqual(result.returncode, 0, result.stdout[:2000])
        self.assertEqual(result.stdout, b"")
        games = len(GAME_START.findall(data))
        fens = len(FEN_TAG.findall(data))
        self.assertEqual(result.stderr.decode(),
                         f"linted {games} games in 1 file: {fens} with a FEN, 0 with errors, "
                         f"0 warnings\n")

    def test_extract_gives_every_fen_tag_value(self):
        values = [v.decode() for v in FEN_TAG.findall(COLLECTION.read_bytes())]
        result = run("pgn", "extract", str(COLLECTION))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout.decode().splitlines(), values)

    def test_extract_canon_is_canon_of_the_values(self):
        values = "".join(v.decode() + "\n" for v in FEN_TAG.findall(COLLECTION.read_bytes()))
        canonical = run("canon", stdin=values.encode())
        self.assertEqual(canonical.returncode, 0, canonical.stderr)
        result = run("pgn", "extract", "--canon", str(COLLECTION))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(result.stdout, canonical.stdout)
        # Shredder letters (HAha) in the collection: canonicalising changed something.
        self.assertNotEqual(result.stdout.decode(), values)

    def test_with_source_points_at_each_value(self):
        data = COLLECTION.read_bytes()
        lines = data.split(b"\n")
        result = run("pgn", "extract", "--with-source", str(COLLECTION))
        self.assertEqual(result.returncode, 0, result.stderr)
        out = result.stdout.decode().splitlines()
        self.assertEqual(len(out), len(FEN_TAG.findall(data)))
        for number, entry in enumerate(out, 1):
            match = re.fullmatch(r"(.*):(\d+):(\d+): game (\d+): (.*)", entry)
            self.assertIsNotNone(match, entry)
            line, column, record = int(match[2]), int(match[3]), match[5]
            self.assertEqual(match[1], str(COLLECTION))
            self.assertTrue(lines[line - 1][column - 1:].startswith(record.encode() + b'"'), entry)
        games = [int(re.search(r": game (\d+): ", e)[1]) for e in out]
        self.assertEqual(games, sorted(set(games)))


def game(tags: dict, movetext: str = "*") -> str:
    return "".join(f'[{name} "{value}"]\n' for name, value in tags.items()) + f"\n{movetext}\n\n"


START960 = "bqnbrnkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBRNKR w KQkq - 0 1"


class Options(unittest.TestCase):
    """What the options change, on collections written here."""

    def test_legal_adds_legality_findings_at_their_byte(self):
        checked = "4k3/8/8/8/8/8/8/4RK2 w - - 0 1"  # Black in check with White to move
        pgn = game({"SetUp": "1", "FEN": checked}).encode()
        self.assertEqual(run("pgn", "lint", stdin=pgn).returncode, 0)
        result = run("pgn", "lint", "--legal", stdin=pgn)
        self.assertEqual(result.returncode, 1)
        # The finding points at the black king, the value's second byte: line 2, column 7 + 1.
        self.assertTrue(result.stdout.startswith(
            b"<stdin>:2:8: error[legal.opponent-in-check]: game 1: FEN tag: "), result.stdout)

    def test_lenient_reads_with_warnings(self):
        pgn = game({"Variant": "Chess960", "SetUp": "1",
                    "FEN": START960.removesuffix(" - 0 1")}).encode()
        strict = run("pgn", "lint", stdin=pgn)
        self.assertEqual(strict.returncode, 1)
        self.assertIn(b"error[record.missing-field]", strict.stdout)
        lenient = run("pgn", "lint", "--lenient", stdin=pgn)
        self.assertEqual(lenient.returncode, 0, lenient.stdout)
        self.assertIn(b"warning[record.missing-field]", lenient.stdout)

    def test_extract_leaves_out_other_variants_and_reports_unreadable_records(self):
        pgn = (game({"Variant": "Chess960", "SetUp": "1", "FEN": START960.replace("KQkq", "HEhe")}) +
               game({"Variant": "Crazyhouse", "SetUp": "1", "FEN": "8/8/8/8/8/8/8/8[Qq] w - - 0 1"}) +
               game({"Event": "standard"}) +
               game({"SetUp": "1", "FEN": "8/8/8/8/8/8/8/8[Qq] w - - 0 1", "Variant": "Atomic"}) +
               game({"Variant": "FRC", "SetUp": "1", "FEN": "not a record"})).encode()
        raw = run("pgn", "extract", stdin=pgn)
        self.assertEqual(raw.returncode, 0, raw.stderr)
        self.assertEqual(raw.stdout.decode().splitlines(),
                         [START960.replace("KQkq", "HEhe"), "not a record"])
        self.assertEqual(raw.stderr, b"extracted 2 records from 5 games in 1 file; "
                                     b"2 of variants X-FEN does not describe left out\n")
        canon = run("pgn", "extract", "--canon", "--with-source", stdin=pgn)
        self.assertEqual(canon.returncode, 1)
        self.assertEqual(canon.stdout.decode(), f"<stdin>:3:7: game 1: {START960}\n")
        # The parser counts the fields first: the value's end, 12 bytes after its start at 25:7.
        self.assertIn(b"<stdin>:25:19: error[record.missing-field]: game 5: FEN tag: ", canon.stderr)
        self.assertIn(b"; 1 FEN tag could not be read;", canon.stderr)

    def test_lint_does_not_read_the_fen_of_other_variants(self):
        pgn = game({"Variant": "Crazyhouse", "SetUp": "1",
                    "FEN": "8/8/8/8/8/8/8/8[Qq] w - - 0 1"}).encode()
        result = run("pgn", "lint", stdin=pgn)
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertEqual(result.stderr, b"linted 1 game in 1 file: 1 with a FEN, 0 with errors, "
                                        b"0 warnings; 1 of variants X-FEN does not describe, "
                                        b"their FEN not read\n")


class Truncated(unittest.TestCase):
    def test_cuts_anywhere_are_reported_never_crash(self):
        # The first 40 games: the collection is uniform, and each cut is one run of the command
        # (under AddressSanitizer, a run over the whole collection costs a third of a second).
        whole = COLLECTION.read_bytes()
        data = whole[:[m.start() for m in GAME_START.finditer(whole)][40]]
        starts = [m.start() for m in GAME_START.finditer(data)]
        ends = {m.end() for m in re.finditer(rb" (?:1-0|0-1|1/2-1/2|\*)\n", data)}
        rng = random.Random(20030101)
        cuts = sorted(rng.sample(range(1, len(data)), 60)) + [s + 1 for s in starts[1:6]]
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "cut.pgn"
            for cut in cuts:
                with self.subTest(cut=cut):
                    path.write_bytes(data[:cut])
                    result = run("pgn", "lint", str(path))
                    self.assertIn(result.returncode, (0, 1), result.stderr)
                    begun = sum(1 for s in starts if s < cut)
                    summary = result.stderr.decode()
                    self.assertTrue(summary.startswith(f"linted {begun} game"), summary)
                    inside_a_game = not any(end <= cut and data[end:cut].strip() == b""
                                            for end in ends)
                    if inside_a_game:
                        self.assertRegex(result.stdout.decode(),
                                         rf"game {begun}: .*|pgn\.(no-result|unterminated)")


class Usage(unittest.TestCase):
    def test_a_missing_file_is_an_io_error_and_the_others_are_read(self):
        result = run("pgn", "lint", "/nonexistent.pgn", str(COLLECTION))
        self.assertEqual(result.returncode, 2)
        self.assertIn(b"xfen: cannot open /nonexistent.pgn", result.stderr)
        self.assertIn(b"in 1 file", result.stderr)

    def test_a_folder_is_a_read_error(self):
        result = run("pgn", "lint", "--json", str(BROKEN))
        self.assertEqual(result.returncode, 2)
        self.assertEqual(json.loads(result.stdout.splitlines()[0])["code"], "io.read")

    def test_standard_input(self):
        pgn = b'[Variant "Chess960"]\n[SetUp "1"]\n\n*\n'
        result = run("pgn", "lint", stdin=pgn)
        self.assertEqual(result.returncode, 1)
        self.assertTrue(result.stdout.startswith(b"<stdin>:1:1: error[pgn.fen-missing]: game 1: "),
                        result.stdout)

    def test_unknown_pgn_subcommand(self):
        result = run("pgn", "frob")
        self.assertEqual(result.returncode, 2)
        self.assertIn(b"unknown subcommand 'frob'", result.stderr)


if __name__ == "__main__":
    XFEN = sys.argv.pop(1)
    unittest.main()
