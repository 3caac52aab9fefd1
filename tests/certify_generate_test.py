#!/usr/bin/env python3
"""Combination bugs: what the conformance suite cannot see and `xfen certify --generate` finds.

tests/certify_stubs/combination_bugs.py is `xfen adapter` with one bug planted, each firing only
on positions that combine two features no case of the suite combines (its header states each
rule). This test shows, for each bug:
- SuitePasses: the whole suite passes the stub (exit 0, nothing failed): the suite cannot see it;
- Inputs: it is a real bug, and a combination: on records made here (seeded, of every feature the
  stubs look at) it fails exactly the records its rule names, with its verdict, and passes the
  rest, among them records with one of the two features alone; the control, `none`, fails none;
- Generate: `xfen certify --generate 20000 --seed 1 --profile all` finds it as exactly one group,
  with the bug's disagreement key, shrunk to a record of at most 64 bytes that still fails alone
  (`--inputs` of that one record) and that xfen accepts; the control gets no group;
- SavedCases: the run's --save-cases file holds that record as one conformance case, valid
  against the suite's schema and classified as the suite's own cases are; added to a copy of the
  suite (the manifest rewritten by tools/conformance/classify.py), it makes the suite fail the
  stub on that case alone, while the control still passes the suite;
- SavedInputCases: --save-cases with --inputs (the fuzzers' findings) writes one case per distinct
  disagreement; a suite run refuses the option;
- SuiteComparison: with --suite-report, a group the suite run shows names the failing suite case,
  and the combination bugs, which the suite passes, are groups no suite case shows;
- DeclaredSpelling: under --accept-spelling, every answer and every shrunk candidate is held to
  the declared spelling on its own record (issue 40): the groups of a planted ep-legal bug all
  shrink to records the declaration fails, and their saved cases carry the spelling and pass the
  fixed program.

Usage: certify_generate_test.py path/to/xfen [unittest arguments, e.g. SuitePasses Inputs]
"""
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import unittest

import shutil
from pathlib import Path

import certify_test as base
from certify_test import Run, certify, stub

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "conformance"))
import classify  # noqa: E402  (the suite's classification, as the suite's own test uses it)
import jsonschema  # noqa: E402  (Debian python3-jsonschema)

CLASSIFY = Path(classify.__file__)
# The suite's C++ test (xfen against every case), from ctest's environment or beside the xfen binary.
CONFORMANCE_TEST = os.environ.get("XFEN_CONFORMANCE_TEST", "")
SCHEMA = jsonschema.Draft202012Validator(json.loads((classify.SUITE / "schema.json").read_text(encoding="utf-8")))

# Each bug: the verdict of the records it fires on, and the key --generate groups them by.
BUGS = {
    "ep-beside-inner-rook": ("wrong-position", "wrong-position: en-passant"),
    "three-rights": ("rejected-valid", "rejected-valid: 10x8"),
    "second-archbishop": ("crash", "crash: on 10x8"),
}

# For each bug, short records it fails (the first) and records with one of its two features alone,
# which it passes (the others).
HAND_MADE = {
    "ep-beside-inner-rook": [
        "4k3/8/8/3pP3/8/8/8/RR2K3 w B d6 0 1",      # b1 an inner rook (a1 is further out)
        "4k3/8/8/3pP3/8/8/8/RR2K3 w Q d6 0 1",      # the same rook outermost: Q
        "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",          # an inner rook, no en passant square
        "4r1k1/8/8/3pP3/8/8/8/RR2K3 w B d6 0 1",    # the capturer pinned: no legal capture
    ],
    "three-rights": [
        "r3k4r/10/10/10/10/10/10/R3K4R w KQk - 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",        # three rights on 8x8
        "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1",  # four on 10x8
        "r3k4r/10/10/10/10/10/10/R3K4R w Kk - 0 1",    # two on 10x8
    ],
    "second-archbishop": [
        "4k5/10/10/10/10/10/10/AA2K5 w - - 0 1",
        "4k3/8/8/8/8/8/8/AA2K3 w - - 0 1",      # two archbishops on 8x8
        "a3k5/10/10/10/10/10/10/A3K5 w - - 0 1",  # one archbishop of each colour
        "4k5/10/10/10/10/10/10/CC2K5 w - - 0 1",  # two chancellors
    ],
}

FILES = "abcdefghij"


def back_rank(rng: random.Random, board: list, row: int, case) -> list:
    """Fills a back rank of `board`: a king, 0-2 rooks on either side of it, other pieces (an
    archbishop and a chancellor often, on 10x8); returns the castling tokens of its colour, each
    naming an outer rook (K/Q or its file letter) or an inner one (its file letter)."""
    width = len(board[row])
    king = rng.randrange(1, width - 1)
    board[row][king] = case("K")
    rights = []
    for side, outer in ((range(king + 1, width), "K"), (range(0, king), "Q")):
        rooks = sorted(rng.sample(list(side), min(len(side), rng.choice((0, 1, 2, 2)))))
        for f in rooks:
            board[row][f] = case("R")
        if rooks and rng.random() < 0.6:
            f = rng.choice(rooks)
            outermost = f == (rooks[-1] if outer == "K" else rooks[0])
            rights.append(case(outer if outermost and rng.random() < 0.7 else FILES[f].upper()))
    for f in range(width):
        if board[row][f] is None and rng.random() < 0.6:
            board[row][f] = case(rng.choice("NBQ"))
    for piece in "AC" if width == 10 else "":
        empty = [f for f in range(width) if board[row][f] is None]
        if empty and rng.random() < 0.7:
            board[row][rng.choice(empty)] = case(piece)
    return rights


def double_push(rng: random.Random, board: list, side: str) -> str:
    """Puts on `board` a pawn of the side not to move just pushed two squares, its capturers
    beside it or not; returns the en passant square."""
    width = len(board[0])
    f = rng.randrange(width)
    pushed, behind, start, pawn, capturer = (3, 2, 1, "p", "P") if side == "w" else (4, 5, 6, "P", "p")
    board[pushed][f], board[behind][f], board[start][f] = pawn, None, None
    for beside in (f - 1, f + 1):
        if 0 <= beside < width:
            board[pushed][beside] = capturer if rng.random() < 0.5 else None
    return FILES[f] + str(8 - behind)


def board_field(board: list) -> str:
    ranks = []
    for row in board:
        text, empty = "", 0
        for square in row:
            if square is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + square
            empty = 0
        ranks.append(text + (str(empty) if empty else ""))
    return "/".join(ranks)


def random_record(rng: random.Random) -> str:
    """A record with what the bugs combine, each often and apart: widths 8 and 10, castling rights
    naming outer and inner rooks, s/m prefixes, en passant squares with and without a capturer
    beside them, archbishops and chancellors (beyond one of a colour too), counters over their
    range; one in ten mutated."""
    width = rng.choice((8, 10))
    board = [[None] * width for _ in range(8)]  # board[0] is rank 8
    rights = back_rank(rng, board, 7, str.upper) + back_rank(rng, board, 0, str.lower)
    for row, pawn in ((6, "P"), (1, "p")):
        for f in range(width):
            if rng.random() < 0.5:
                board[row][f] = pawn
    for _ in range(rng.choice((0, 0, 0, 1, 2))):  # promoted ones, on 8x8 too
        board[rng.randrange(2, 6)][rng.randrange(width)] = rng.choice("AaCc")
    side = rng.choice("wb")
    ep = double_push(rng, board, side) if rng.random() < 0.5 else "-"
    rng.shuffle(rights)
    castling = "".join(rights) or "-"
    if rights and rng.random() < 0.2:
        castling = rng.choice("sm") + castling

    def counter(low: int) -> int:
        return rng.choice((low, rng.randrange(low, 100), rng.randrange(low, 2**31)))

    halfmove = counter(0) if ep == "-" or rng.random() < 0.1 else 0  # else illegal (R10)
    record = f"{board_field(board)} {side} {castling} {ep} {halfmove} {counter(1)}"
    if rng.random() < 0.1:
        at = rng.randrange(len(record))
        record = record[:at] + rng.choice("/ -0123456789KQkqABabCcRrPp") + record[at + 1:]
    return record


def random_records(count: int, seed: int) -> list:
    rng = random.Random(seed)
    return [random_record(rng) for _ in range(count)]


def fires(bug: str, answer: str, legal_answer: str) -> bool:
    """Whether the bug's rule (combination_bugs.py's header) names the record, from the
    reference's answer line and its answer line in the `legal` en passant style."""
    if not answer.startswith("ok "):
        return False
    board, _, castling, ep = answer[3:].split(" ")[:4]
    rights = "" if castling == "-" else castling.lstrip("sm")
    first_rank = board.split("/")[0]
    width = sum(int(n) for n in re.findall(r"[0-9]+", first_rank)) + len(re.sub(r"[0-9]", "", first_rank))
    if bug == "ep-beside-inner-rook":
        return ep != "-" and re.search(r"[A-Ja-j]", rights) is not None and legal_answer.split(" ")[4] != "-"
    if bug == "three-rights":
        return width == 10 and len(rights) == 3
    if bug == "second-archbishop":
        return width == 10 and (board.count("A") >= 2 or board.count("a") >= 2)
    return False


def combination_stub(bug: str) -> str:
    """The --impl command of the stub with `bug`, exec'd by the shell so that its SIGABRT is seen."""
    return stub("combination_bugs.py", bug, exec_=True)


def run_on_records(bug: str, records: list, *options: str, limit: float = 120) -> Run:
    """`xfen certify --inputs` of these records (one per line) with the stub of `bug`."""
    with tempfile.NamedTemporaryFile("wb", suffix=".xfen", delete=False) as f:
        f.write(b"".join(r.encode() + b"\n" for r in records))
    try:
        return certify("--impl", combination_stub(bug), "--inputs", f.name, *options, limit=limit)
    finally:
        os.unlink(f.name)


class SuitePasses(base.CertifyTestCase):
    """The whole suite passes each stub: no case of it combines what a bug needs."""

    def check_passes(self, bug: str) -> None:
        run = certify("--impl", combination_stub(bug), limit=120)
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual(run.status, 0, run.describe())
        summary = run.report["summary"]
        self.assertEqual(summary["failed"], 0, run.describe())
        self.assertEqual(summary["passed"] + summary["skipped"], len(base.CASES), run.describe())
        self.assertEqual(run.leftovers, [], run.describe())

    def test_control(self):
        self.check_passes("none")

    def test_ep_beside_inner_rook(self):
        self.check_passes("ep-beside-inner-rook")

    def test_three_rights(self):
        self.check_passes("three-rights")

    def test_second_archbishop(self):
        self.check_passes("second-archbishop")


class Inputs(base.CertifyTestCase):
    """Each bug fails exactly the records its rule names, with its verdict; the control none."""
    RECORDS = 1500
    SEED = 2024

    @classmethod
    def setUpClass(cls):
        cls.records = random_records(cls.RECORDS, cls.SEED) + [r for made in HAND_MADE.values() for r in made]
        cls.answers = base.reference_answers(cls.records)
        cls.legal_answers = base.reference_answers(cls.records, "--ep", "legal")
        # Illegal positions (SPEC R10) are implementation-defined cases: rejecting them passes.
        check = subprocess.run([base.XFEN, "check", "--legal", "--json", "-q"], text=True,
                               input="".join(r + "\n" for r in cls.records), capture_output=True, check=False)
        cls.illegal = {finding["line"] for finding in map(json.loads, check.stdout.splitlines())
                       if finding["code"].startswith("legal.")}

    def check_bug(self, bug: str) -> None:
        verdict = BUGS[bug][0] if bug in BUGS else None
        expected = {f"line {n}": verdict for n, (answer, legal) in
                    enumerate(zip(self.answers, self.legal_answers), 1) if fires(bug, answer, legal)
                    and not (verdict == "rejected-valid" and n in self.illegal)}
        if bug in BUGS:
            # Fires often enough to be found, and never on a record with one feature alone.
            self.assertGreaterEqual(len(expected), 20, bug)
            trips, *alone = (f"line {self.records.index(r) + 1}" for r in HAND_MADE[bug])
            self.assertIn(trips, expected, HAND_MADE[bug][0])
            for line in alone:
                self.assertNotIn(line, expected)
        run = run_on_records(bug, self.records, "--max-restarts", "100000")
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual(run.verdicts(), expected, run.describe())
        self.assertEqual(run.report["summary"]["failed"], len(expected), run.describe())
        self.assertEqual(run.status, 1 if expected else 0, run.describe())
        self.assertEqual(run.leftovers, [], run.describe())
        if bug == "ep-beside-inner-rook":
            for case in run.report["cases"]:
                self.assertRegex(case["detail"], r"^en passant: expected [a-j][36], answered -", case)

    def test_control(self):
        self.check_bug("none")

    def test_ep_beside_inner_rook(self):
        self.check_bug("ep-beside-inner-rook")

    def test_three_rights(self):
        self.check_bug("three-rights")

    def test_second_archbishop(self):
        self.check_bug("second-archbishop")


class Generate(base.CertifyTestCase):
    """`--generate` finds each bug, as one group shrunk to at most 64 bytes; the control nothing."""

    def setUp(self):
        self.work = tempfile.TemporaryDirectory(prefix="certify-generate-test-")
        self.addCleanup(self.work.cleanup)
        self.saved = os.path.join(self.work.name, "cases.jsonl")

    def generate(self, bug: str, *options: str) -> Run:
        return certify("--generate", "20000", "--seed", "1", "--profile", "all",
                       "--impl", combination_stub(bug), "--save-cases", self.saved, *options, limit=300)

    def check_found(self, bug: str) -> None:
        verdict, key = BUGS[bug]
        run = self.generate(bug)
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual(run.status, 1, run.describe())
        self.assertEqual(run.leftovers, [], run.describe())
        generative = run.report["generative"]
        self.assertEqual((generative["seed"], generative["profile"]), (1, "all"))
        self.assertGreater(generative["generated"], 0)
        groups = generative["groups"]
        self.assertEqual([g["key"] for g in groups], [key], json.dumps(groups, indent=2))
        group = groups[0]
        self.assertEqual(group["verdict"], verdict)
        self.assertGreaterEqual(group["records"], 1)
        minimal = group["minimal"]
        self.assertEqual(group["minimal_bytes"], len(minimal.encode()), minimal)
        self.assertLessEqual(len(minimal.encode()), 64, minimal)
        self.assertTrue(group["replay"], group)
        # The minimal record is a record xfen accepts, that the rule names, and that the stub
        # alone still fails with the bug's verdict (and the control passes).
        answer, legal = base.reference_answers([minimal]), base.reference_answers([minimal], "--ep", "legal")
        self.assertTrue(answer[0].startswith("ok "), (minimal, answer))
        self.assertTrue(fires(bug, answer[0], legal[0]), (minimal, answer))
        alone = run_on_records(bug, [minimal])
        self.assertEqual(alone.status, 1, alone.describe())
        self.assertEqual(alone.verdicts(), {"line 1": verdict}, alone.describe())
        control = run_on_records("none", [minimal])
        self.assertEqual((control.status, control.report["summary"]["failed"]), (0, 0), control.describe())
        self.check_saved_case(bug, minimal)

    def check_saved_case(self, bug: str, minimal: str) -> None:
        """SavedCases: the minimal record as a case, which makes a copy of the suite catch the bug."""
        with open(self.saved, encoding="utf-8") as f:
            saved = [json.loads(line) for line in f]
        self.assertEqual(len(saved), 1, saved)
        case = saved[0]
        self.assertEqual(case["input"], minimal)
        group = case["id"].split(".")[0]
        errors = list(SCHEMA.iter_errors(case))
        self.assertEqual(errors, [], case)
        self.assertEqual((case["class"], case["tags"]), (classify.case_class(case), classify.case_tags(case, group)))
        suite = os.path.join(self.work.name, "suite")
        shutil.copytree(base.SUITE, suite)
        with open(os.path.join(suite, group + ".jsonl"), "a", encoding="utf-8") as f:
            f.write(json.dumps(case) + "\n")
        subprocess.run([sys.executable, str(CLASSIFY), suite], check=True)
        subprocess.run([sys.executable, str(CLASSIFY), "--check", suite], check=True, capture_output=True)
        # The suite's own tests take it: xfen reads it as the case says (conformance_test on the copy).
        checked = subprocess.run([CONFORMANCE_TEST], env=dict(os.environ, XFEN_SUITE=suite),
                                 capture_output=True, text=True, check=False)
        self.assertEqual(checked.returncode, 0, checked.stdout[-3000:] + checked.stderr[-3000:])
        caught = certify("--impl", combination_stub(bug), "--suite", suite, limit=120)
        self.assertEqual(caught.status, 1, caught.describe())
        failed = {c["id"] for c in caught.report["cases"] if c["verdict"] not in ("pass", "skipped")}
        self.assertEqual(failed, {case["id"]}, caught.describe())
        control = certify("--impl", combination_stub("none"), "--suite", suite, limit=120)
        self.assertEqual(control.status, 0, control.describe())

    def test_control(self):
        run = self.generate("none")
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual(run.status, 0, run.describe())
        self.assertEqual(run.leftovers, [], run.describe())
        self.assertEqual(run.report["generative"]["groups"], [], run.describe())
        self.assertEqual(run.report["summary"]["failed"], 0, run.describe())

    def test_ep_beside_inner_rook(self):
        self.check_found("ep-beside-inner-rook")

    def test_three_rights(self):
        self.check_found("three-rights")

    def test_second_archbishop(self):
        self.check_found("second-archbishop")


class SuiteComparison(base.CertifyTestCase):
    """--suite-report: which groups a suite run of the same program already shows."""

    def suite_run(self, impl: str, work: str) -> str:
        path = os.path.join(work, "suite.json")
        run = subprocess.run([base.XFEN, "certify", "--suite", str(base.SUITE), "--impl", impl, "--json", path],
                             capture_output=True, check=False)
        self.assertIn(run.returncode, (0, 1), run.stderr)
        return path

    def test_a_group_the_suite_shows_names_its_case(self):
        impl = stub("no_en_passant.py")
        with tempfile.TemporaryDirectory(prefix="certify-generate-test-") as work:
            path = self.suite_run(impl, work)
            with open(path, encoding="utf-8") as f:
                suite_failures = {c["id"]: c["verdict"] for c in json.load(f)["cases"]
                                  if c["verdict"] not in ("pass", "skipped", "not-applicable")}
            run = certify("--generate", "3000", "--seed", "1", "--impl", impl, "--suite-report", path, limit=120)
        self.assertEqual(run.status, 1, run.describe())
        groups = run.report["generative"]["groups"]
        self.assertEqual(run.report["generative"]["suite_report"], path)
        shown = [g for g in groups if g["key"] == "wrong-position: en-passant"]
        self.assertEqual(len(shown), 1, groups)
        self.assertIn(shown[0]["suite_case"], suite_failures, groups)
        self.assertEqual(suite_failures[shown[0]["suite_case"]], "wrong-position")
        self.assertIn("suite:     fails as suite case " + shown[0]["suite_case"] + " does", run.stdout)

    def test_a_combination_bug_is_a_group_no_suite_case_shows(self):
        impl = combination_stub("ep-beside-inner-rook")
        with tempfile.TemporaryDirectory(prefix="certify-generate-test-") as work:
            path = self.suite_run(impl, work)
            run = certify("--generate", "20000", "--seed", "1", "--impl", impl, "--suite-report", path, limit=300)
        groups = run.report["generative"]["groups"]
        self.assertEqual([(g["key"], g["suite_case"]) for g in groups], [("wrong-position: en-passant", None)])
        self.assertIn("suite:     no suite case fails this way: only generation found it", run.stdout)


class DeclaredSpelling(base.CertifyTestCase):
    """tests/certify_stubs/ep_legal_black_bug.py writes ep-legal's spelling, but with Black to move
    a pinned pawn counts as able to capture (X-FEN's spelling); declared ep-legal, that is its
    only fault."""

    def test_every_group_of_a_planted_ep_legal_bug_has_black_to_move(self):
        bug, fixed = stub("ep_legal_black_bug.py"), stub("ep_legal_black_bug.py", "--fixed")
        with tempfile.TemporaryDirectory(prefix="certify-generate-test-") as work:
            saved = os.path.join(work, "cases.jsonl")
            run = certify("--generate", "20000", "--seed", "1", "--impl", bug, "--accept-spelling", "ep-legal",
                          "--save-cases", saved, limit=300)
            self.assertIsNotNone(run.report, run.describe())
            self.assertEqual(run.status, 1, run.describe())
            groups = run.report["generative"]["groups"]
            self.assertTrue(groups, run.describe())
            minimal = [g["minimal"] for g in groups]
            for record in minimal:
                self.assertEqual(record.split(" ")[1], "b", json.dumps(groups, indent=2))
            # Each minimal record fails the stub alone, and passes it with the bug removed.
            inputs = Path(work) / "minimal.txt"
            inputs.write_text("".join(record + "\n" for record in minimal))
            alone = certify("--inputs", str(inputs), "--impl", bug, "--accept-spelling", "ep-legal")
            self.assertEqual(alone.report["summary"]["failed"], len(minimal), alone.describe())
            passed = certify("--inputs", str(inputs), "--impl", fixed, "--accept-spelling", "ep-legal")
            self.assertEqual(passed.status, 0, passed.describe())
            # The saved cases carry the declared spelling in the suite's own field, and a copy of
            # the suite with them fails the stub on them and passes the fixed one.
            with open(saved, encoding="utf-8") as f:
                cases = [json.loads(line) for line in f]
            self.assertEqual(len(cases), len(groups))
            suite = os.path.join(work, "suite")
            shutil.copytree(base.SUITE, suite)
            for case in cases:
                self.assertEqual(case.get("en_passant"), "legal", case)
                self.assertEqual(list(SCHEMA.iter_errors(case)), [], case)
                with open(os.path.join(suite, case["id"].split(".")[0] + ".jsonl"), "a", encoding="utf-8") as f:
                    f.write(json.dumps(case) + "\n")
            subprocess.run([sys.executable, str(CLASSIFY), suite], check=True)
            caught = certify("--impl", bug, "--suite", suite, "--accept-spelling", "ep-legal", "--id",
                             "*.generated-*", limit=120)
            self.assertEqual({c["id"] for c in caught.report["cases"] if c["verdict"] != "pass"},
                             {c["id"] for c in cases}, caught.describe())
            clean = certify("--impl", fixed, "--suite", suite, "--accept-spelling", "ep-legal", limit=120)
            self.assertEqual(clean.status, 0, clean.describe())


class SavedInputCases(base.CertifyTestCase):
    """--save-cases with --inputs (what the fuzzers' findings go through): one case per distinct
    disagreement, its first record, named by a hash of the record; nothing for the records that
    pass; a suite run refuses the option."""

    def test_one_case_per_key(self):
        records = [HAND_MADE["ep-beside-inner-rook"][0],        # fails: wrong-position, en passant
                   "4k3/8/8/3pP3/8/8/8/RRR1K3 w C d6 0 1",         # fails the same way
                   HAND_MADE["ep-beside-inner-rook"][1]]           # passes
        with tempfile.TemporaryDirectory(prefix="certify-generate-test-") as work:
            inputs, saved = Path(work) / "findings.txt", Path(work) / "cases.jsonl"
            inputs.write_text("".join(record + "\n" for record in records))
            run = certify("--inputs", str(inputs), "--impl", combination_stub("ep-beside-inner-rook"),
                          "--save-cases", str(saved))
            self.assertEqual(run.status, 1, run.stderr)
            cases = [json.loads(line) for line in saved.read_text().splitlines()]
        self.assertEqual([case["input"] for case in cases], records[:1])
        SCHEMA.validate(cases[0])
        self.assertRegex(cases[0]["id"], r"^en-passant\.found-[0-9a-f]{9}$")
        self.assertIn("wrong-position: en-passant, line 1 of", cases[0]["note"])

    def test_a_suite_run_refuses_it(self):
        with tempfile.TemporaryDirectory(prefix="certify-generate-test-") as work:
            run = certify("--impl", combination_stub("none"), "--save-cases", str(Path(work) / "cases.jsonl"))
        self.assertEqual(run.status, 2, run.stderr)
        self.assertIn("--save-cases needs --generate or --inputs", run.stderr)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    base.XFEN = os.path.abspath(sys.argv.pop(1))
    if not CONFORMANCE_TEST:
        CONFORMANCE_TEST = os.path.join(os.path.dirname(base.XFEN), "tests", "conformance_test")
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # the crashing stub leaves no core files
    unittest.main(verbosity=2)
