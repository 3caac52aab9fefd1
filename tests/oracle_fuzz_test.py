#!/usr/bin/env python3
"""The fuzz targets that test someone else's implementation with xfen as the oracle find a planted
disagreement, and each finding becomes a conformance case (fuzz/README.md, "Fuzzing other
implementations"):

- External: `scripts/xfen-fuzz run external --impl` on a Python program with one planted bug
  (tests/certify_stubs/combination_bugs.py, ep-beside-inner-rook: no suite case shows it) finds it
  from the record seeds within bounded runs of a fixed seed; the same runs on `xfen adapter` find
  nothing.
- External, a program that crashes on the first record of the batch the spelling is learnt from
  (as Stockfish does on an empty board): it is fuzzed, not given up as unable to run, and the crash is a
  finding whose artifact is a record that crashes it.
- Plug-in: `run plugin_planted` (the simple model linked in, with a planted bug,
  fuzz/plugin/planted_bug_plugin.cpp) finds it; `run plugin` (the simple model as it is) finds
  nothing.
- Each finding, minimised by `scripts/xfen-fuzz minimize … --save-cases`, is one conformance case,
  valid against the suite's schema, that the buggy implementation fails and xfen's adapter passes.
- A declared spelling is held to on each record (issue 40): a writer of `ep-legal` for which a
  pinned pawn counts as able to capture with Black to move (tests/certify_stubs/ep_legal_black_bug.py as a program,
  fuzz/plugin/ep_legal_bug_plugin.cpp in process), declared ep-legal, is found by both routes
  within 60 s from the shipped seeds (-seed=1); the saved case carries the spelling and passes the
  writer with the bug removed. Before, X-FEN's spelling passed beside the declared one and neither
  route could find it.

Needs clang's libFuzzer (it builds the fuzz and fuzz-plain presets) and build/xfen; run by
scripts/test.sh after the fuzzing stage. usage: oracle_fuzz_test.py [XFEN]
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import jsonschema

ROOT = Path(__file__).resolve().parents[1]
XFEN = Path(sys.argv.pop(1) if len(sys.argv) > 1 else ROOT / "build" / "xfen").resolve()
STUB = f"python3 tests/certify_stubs/combination_bugs.py {XFEN} ep-beside-inner-rook"
EP_LEGAL_BUG = f"python3 tests/certify_stubs/ep_legal_black_bug.py {XFEN}"
EP_LEGAL_FIXED = f"python3 tests/certify_stubs/ep_legal_black_bug.py {XFEN} --fixed"
RUNS = "200000"  # the planted bugs took 1,000 to 13,000 runs from seed 1 to 6


def xfen_fuzz(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(ROOT / "scripts" / "xfen-fuzz"), *arguments], cwd=ROOT, capture_output=True,
                          text=True, errors="replace", timeout=900)


def fuzz(target: str, *program: str, seconds: str = "300") -> subprocess.CompletedProcess:
    return xfen_fuzz("run", target, *program, "--time", seconds, "--jobs", "1", "--no-merge", "--",
                     "-seed=1", f"-runs={RUNS}")


def kept_artifact(output: str) -> str:
    for line in output.splitlines():
        if line.strip().startswith("kept:"):
            return line.split("kept:", 1)[1].strip()
    raise AssertionError(f"no artifact kept:\n{output[-3000:]}")


class OracleTargets(unittest.TestCase):
    def check_finding(self, target: str, key: str, program: list[str], impl: str,
                      fixed: str = f"{XFEN} adapter", declared: tuple[str, ...] = (), seconds: str = "300") -> dict:
        found = fuzz(target, *program, seconds=seconds)
        self.assertEqual(found.returncode, 1, found.stdout[-3000:] + found.stderr[-3000:])
        self.assertIn(f"finding: disagreement in plugin: {key}" if target.startswith("plugin")
                      else f"finding: disagreement in {target}: {key}", found.stdout)
        with tempfile.TemporaryDirectory() as scratch:
            cases = Path(scratch) / "cases.jsonl"
            minimised = xfen_fuzz("minimize", kept_artifact(found.stdout), *program, "--time", "60",
                                  "--save-cases", str(cases))
            self.assertEqual(minimised.returncode, 0, minimised.stdout[-3000:] + minimised.stderr[-3000:])
            lines = cases.read_text().splitlines()
            self.assertEqual(len(lines), 1, lines)
            case = json.loads(lines[0])
            schema = json.loads((ROOT / "corpus" / "conformance" / "schema.json").read_text())
            jsonschema.validate(case, schema)
            # The case alone: the buggy implementation fails it, the fixed one (xfen's own
            # adapter, where nothing is declared) passes it, under the same declaration.
            record = Path(scratch) / "record.txt"
            record.write_text(case["input"] + "\n")
            for command, status in ((impl, 1), (fixed, 0)):
                graded = subprocess.run([str(XFEN), "certify", "--impl", command, "--inputs", str(record), *declared],
                                        cwd=ROOT, capture_output=True, text=True)
                self.assertEqual(graded.returncode, status, f"{command}: {graded.stdout}{graded.stderr}")
        return case

    def check_ep_legal_case(self, case: dict) -> None:
        """The saved case of the ep-legal bug: Black to move, in the declared spelling's own field,
        and its output is what a writer of that spelling writes."""
        self.assertEqual(case["input"].split(" ")[1], "b", case)
        self.assertEqual(case.get("en_passant"), "legal", case)
        written = subprocess.run([str(XFEN), "canon", "--ep", "legal"], input=case["input"] + "\n",
                                 capture_output=True, text=True)
        self.assertEqual(written.stdout.strip(), case["output"], case)

    def test_external_holds_a_python_program_to_its_declared_spelling(self) -> None:
        case = self.check_finding("external", "non-canonical: en-passant",
                                  ["--impl", EP_LEGAL_BUG, "--accept-spelling", "ep-legal"], EP_LEGAL_BUG,
                                  fixed=EP_LEGAL_FIXED, declared=("--accept-spelling", "ep-legal"), seconds="60")
        self.check_ep_legal_case(case)

    def test_external_finds_nothing_in_the_fixed_ep_legal_program(self) -> None:
        # The seeds hold every suite case, whose X-FEN spelling the declaration fails on the
        # pinned ones: held to ep-legal, the fixed program disagrees on none of them.
        clean = fuzz("external", "--impl", EP_LEGAL_FIXED, "--accept-spelling", "ep-legal", seconds="60")
        self.assertEqual(clean.returncode, 0, clean.stdout[-3000:] + clean.stderr[-3000:])

    def test_external_stops_when_the_first_batch_shows_no_single_spelling(self) -> None:
        # A program that never writes an en passant square (as Phalanx does) matches no spelling:
        # undeclared, the target cannot tell its bugs from its spelling, so it asks for a
        # declaration (exit 2) rather than guess and report correct records as findings.
        never = f"python3 tests/certify_stubs/no_en_passant.py {XFEN}"
        stopped = fuzz("external", "--impl", never, seconds="60")
        self.assertEqual(stopped.returncode, 2, stopped.stdout[-3000:] + stopped.stderr[-3000:])
        self.assertIn("show no single spelling (en passant square: no one spelling", stopped.stdout)
        self.assertIn("declare the program's spelling", stopped.stdout)
        self.assertIn("1 stopped asking for a setting: external", stopped.stdout)
        self.assertNotIn("kept:", stopped.stdout)

    def test_plugin_holds_a_plug_in_to_its_declared_spelling(self) -> None:
        adapter = ROOT / "build-fuzz-plain" / "fuzz" / "xfen_plugin_ep_legal_adapter"
        case = self.check_finding("plugin_ep_legal", "non-canonical: en-passant", [], str(adapter),
                                  fixed=f"{XFEN} adapter --ep legal", declared=("--accept-spelling", "ep-legal"),
                                  seconds="60")
        self.check_ep_legal_case(case)

    def test_external_finds_the_planted_bug_of_a_python_program(self) -> None:
        self.check_finding("external", "wrong-position: en-passant", ["--impl", STUB], STUB)

    def test_external_finds_nothing_in_xfen_adapter(self) -> None:
        clean = fuzz("external", "--impl", f"{XFEN} adapter")
        self.assertEqual(clean.returncode, 0, clean.stdout[-3000:] + clean.stderr[-3000:])

    def test_external_fuzzes_a_program_that_crashes_on_the_spelling_batch(self) -> None:
        # As Stockfish does on an empty board, the first record of the batch the spelling is
        # learnt from: a program that crashes before its first answer would be given up as unable
        # to run, so the target asks it a start position first. The crash is then a finding whose
        # artifact is a record that crashes it, not whichever input was running while learning.
        crashing = f"python3 tests/certify_stubs/crash.py {XFEN} 8/8/8/8/8"
        found = fuzz("external", "--impl", crashing)
        self.assertEqual(found.returncode, 1, found.stdout[-3000:] + found.stderr[-3000:])
        self.assertIn("finding: disagreement in external: crash", found.stdout)
        self.assertIn(b"8/8/8/8/8", Path(kept_artifact(found.stdout)).read_bytes())

    def test_plugin_finds_the_planted_bug_in_process(self) -> None:
        adapter = ROOT / "build-fuzz-plain" / "fuzz" / "xfen_plugin_planted_adapter"
        self.check_finding("plugin_planted", "wrong-position: halfmove", [], str(adapter))

    def test_plugin_finds_nothing_in_the_simple_model(self) -> None:
        clean = fuzz("plugin")
        self.assertEqual(clean.returncode, 0, clean.stdout[-3000:] + clean.stderr[-3000:])


if __name__ == "__main__":
    unittest.main(verbosity=2)
