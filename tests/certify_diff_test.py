#!/usr/bin/env python3
"""`xfen certify diff OLD NEW`: what broke and what was fixed between two JSON reports.

Most reports here are written by hand in the documented format (docs/PROTOCOL.md "Reports"), so
that each verdict pair is exact: the lines listed, the summary line, the exit status (1 when
something broke, 0 otherwise, 2 for a file that cannot be read or is not a report), the warnings
for reports of different suites or implementations, and how a run on a file's records, which lists
only the cases that did not pass, is read. RealRuns compares reports of real runs: xfen's adapter
against the echo stub of tests/certify_stubs/.

Usage: certify_diff_test.py path/to/xfen [unittest arguments]
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STUBS = Path(__file__).resolve().parent / "certify_stubs"
XFEN = ""  # set from the command line

FAILING = {"non-canonical", "wrong-position", "accepted-invalid", "rejected-valid", "crash",
           "timeout", "protocol-error", "not-run", "unexpected-pass"}
VERDICTS = ["pass", *sorted(FAILING), "skipped"]


def report(cases: list, suite="1.0.0", name="my-lib", unlisted=0, source=None) -> dict:
    """A report as json_report.cpp writes it; `cases` are (id, verdict, detail). suite=None: a run
    on a file's records, which lists only the cases that did not pass."""
    counts = {verdict: sum(c[1] == verdict for c in cases) for verdict in VERDICTS}
    failed = sum(counts[v] for v in FAILING)
    return {
        "suite": suite,
        "source": source or ("corpus/conformance" if suite else "records.txt"),
        "implementation": {"command": "./" + name, "name": name, "mode": "stream",
                           "accepted_spellings": []},
        "summary": {"passed": counts["pass"], "failed": failed, "skipped": counts["skipped"],
                    "verdicts": counts, "restarts": 0, "extra_answers": 0, "unlisted": unlisted,
                    "seconds": 0.5},
        "cases": [{"id": i, "class": "valid", "tags": ["8x8"], "verdict": v, "input": "…",
                   "expected": "…", "answer": "ok …", "detail": d} for i, v, d in cases],
    }


class DiffTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def write(self, name: str, content) -> str:
        """`content` (a report, or the file's bytes) as the file `name`; its path."""
        path = os.path.join(self.folder.name, name)
        data = content if isinstance(content, bytes) else json.dumps(content, indent=2).encode()
        with open(path, "wb") as f:
            f.write(data)
        return path

    def diff(self, *arguments: str) -> subprocess.CompletedProcess:
        return subprocess.run([XFEN, "certify", "diff", *arguments], capture_output=True,
                              text=True, errors="replace", timeout=60, check=False)

    def diff_reports(self, old: dict, new: dict) -> subprocess.CompletedProcess:
        return self.diff(self.write("old.json", old), self.write("new.json", new))

    def assert_listing(self, run, lines: list, summary: str, status: int, stderr: str = ""):
        self.assertEqual(run.stdout, "".join(line + "\n" for line in [*lines, summary]), run.stderr)
        self.assertEqual(run.stderr, stderr)
        self.assertEqual(run.returncode, status, run.stdout)


class HandWritten(DiffTest):
    def test_broke_fixed_changed_and_cases_of_one_report(self):
        old = report([("a", "pass", ""), ("b", "wrong-position", "another position"),
                      ("c", "skipped", "listed in the skip file (crash)"), ("d", "crash", "died"),
                      ("e", "pass", ""), ("f", "pass", ""), ("gone", "accepted-invalid", "")])
        new = report([("a", "crash", "ended with exit status 1 before answering"),
                      ("b", "pass", ""), ("c", "timeout", "no answer within 10000 ms"),
                      ("d", "timeout", "no answer within 10000 ms"), ("e", "pass", ""),
                      ("f", "skipped", "listed in the skip file (crash)"),
                      ("new-fail", "protocol-error", "answered 'okay'"),
                      ("new-pass", "pass", "")])
        self.assert_listing(self.diff_reports(old, new), [
            "BROKE a pass -> crash: ended with exit status 1 before answering",
            "BROKE c skipped -> timeout: no answer within 10000 ms",
            "BROKE new-fail (not listed) -> protocol-error: answered 'okay'",
            "FIXED b wrong-position -> pass",
            "CHANGED d crash -> timeout: no answer within 10000 ms",
            "CHANGED f pass -> skipped: listed in the skip file (crash)",
            "ONLY-OLD gone accepted-invalid",
            "ONLY-NEW new-pass pass",
        ], "3 broke, 1 fixed, 2 changed, 1 unchanged, 1 only in old, 1 only in new", status=1)

    def test_nothing_broke_exits_0(self):
        old = report([("a", "crash", "died"), ("b", "pass", "")])
        new = report([("a", "pass", ""), ("b", "pass", "")])
        self.assert_listing(self.diff_reports(old, new), ["FIXED a crash -> pass"],
                            "0 broke, 1 fixed, 0 changed, 1 unchanged, 0 only in old, 0 only in new",
                            status=0)
        self.assert_listing(self.diff_reports(new, new), [],
                            "0 broke, 0 fixed, 0 changed, 2 unchanged, 0 only in old, 0 only in new",
                            status=0)

    def test_a_run_that_graded_nothing_broke_everything(self):
        # It lists no case, so no case of it looks broken; it must fail all the same.
        old = report([("a", "pass", ""), ("b", "pass", "")])
        for why in ("start_error", "protocol_error"):
            with self.subTest(why=why):
                new = report([])
                new["summary"][why] = "it wrote a banner"
                run = self.diff_reports(old, new)
                self.assertEqual(run.returncode, 1, run)
                self.assertIn("BROKE the run: ", run.stdout)
                self.assertIn("graded no case: it wrote a banner", run.stdout)

    def test_a_run_on_records_passed_what_it_does_not_list(self):
        # `suite` null: only the cases that did not pass are listed (PROTOCOL.md).
        old = report([("line 2", "wrong-position", "x"), ("line 5", "skipped", "y")], suite=None)
        new = report([("line 3", "crash", "died"), ("line 5", "skipped", "y")], suite=None)
        self.assert_listing(self.diff_reports(old, new), [
            "BROKE line 3 pass -> crash: died",
            "FIXED line 2 wrong-position -> pass",
        ], "1 broke, 1 fixed, 0 changed, 1 unchanged, 0 only in old, 0 only in new", status=1)

    def test_a_report_with_unlisted_cases_vouches_for_none_it_does_not_list(self):
        old = report([("line 2", "wrong-position", "x")], suite=None, unlisted=4)
        new = report([("line 3", "crash", "died")], suite=None)
        run = self.diff_reports(old, new)
        self.assert_listing(run, [
            "BROKE line 3 (not listed) -> crash: died",
            "FIXED line 2 wrong-position -> pass",
        ], "1 broke, 1 fixed, 0 changed, 0 unchanged, 0 only in old, 0 only in new", status=1,
            stderr=f"xfen: warning: {self.folder.name}/old.json leaves 4 cases unlisted: "
                   "a case it does not list is not compared\n")

    def test_a_run_on_records_vouches_for_no_suite_case(self):
        suite_run = report([("board.a", "pass", ""), ("board.b", "crash", "died")])
        records_run = report([("line 1", "crash", "died")], suite=None)
        run = self.diff_reports(suite_run, records_run)
        self.assertEqual(run.stdout.splitlines(), [
            "BROKE line 1 (not listed) -> crash: died", "ONLY-OLD board.a pass",
            "ONLY-OLD board.b crash",
            "1 broke, 0 fixed, 0 changed, 0 unchanged, 2 only in old, 0 only in new"])

    def test_reports_of_different_suites_or_implementations_are_compared_with_a_warning(self):
        old = report([("a", "pass", "")], suite="1.0.0", name="lib 1")
        new = report([("a", "crash", "died")], suite="1.1.0", name="lib 2")
        folder = self.folder.name
        self.assert_listing(
            self.diff_reports(old, new), ["BROKE a pass -> crash: died"],
            "1 broke, 0 fixed, 0 changed, 0 unchanged, 0 only in old, 0 only in new", status=1,
            stderr=f"xfen: warning: {folder}/old.json is a run on suite 1.0.0, {folder}/new.json "
                   "on suite 1.1.0\n"
                   f"xfen: warning: {folder}/old.json grades 'lib 1', {folder}/new.json grades "
                   "'lib 2'\n")
        # The same suite from another folder is the same suite.
        moved = report([("a", "pass", "")], suite="1.0.0", name="lib 1", source="/elsewhere")
        self.assertEqual(self.diff_reports(old, moved).stderr, "")

    def test_bytes_that_are_not_printable_are_shown_as_bytes(self):
        old = report([("id\x01\u00e9'", "pass", "")])
        new = report([("id\x01\u00e9'", "crash", "wrote 'ok' then \x1b[2J")])
        self.assertEqual(self.diff_reports(old, new).stdout.splitlines()[0],
                         r"BROKE id\x01\xc3\xa9\x27 pass -> crash: wrote 'ok' then \x1b[2J")

    def test_a_file_that_is_not_json_is_placed_by_line_column_and_offset(self):
        good = self.write("good.json", report([]))
        bad = self.write("bad.json", b'{\n  "suite": "1.0.0",\n  "cases": [1,}\n')
        run = self.diff(bad, good)
        self.assertEqual(run.returncode, 2)
        self.assertEqual(run.stdout, "")
        self.assertEqual(run.stderr,
                         f"xfen: {bad}: not an xfen certify report: not JSON at line 3, column 15 "
                         "(byte offset 36): syntax error while parsing value - unexpected '}'; "
                         "expected '[', '{', or a literal\n")
        # The file's own bytes in nlohmann's account are left out, not shown raw.
        literal = self.write("literal.json", b'{"suite": tr\xff\x1b}')
        self.assertEqual(self.diff(good, literal).stderr,
                         f"xfen: {literal}: not an xfen certify report: not JSON at line 1, "
                         "column 13 (byte offset 12): syntax error while parsing value - invalid "
                         "literal\n")

    def test_json_that_is_not_a_report_is_refused_with_where_and_why(self):
        good = report([("a", "pass", ""), ("b", "pass", "")])
        wrong_verdict = json.loads(json.dumps(good))
        wrong_verdict["cases"][1]["verdict"] = "passed"
        duplicate = json.loads(json.dumps(good))
        duplicate["cases"][1]["id"] = "a"
        no_name = json.loads(json.dumps(good))
        del no_name["implementation"]["name"]
        negative = json.loads(json.dumps(good))
        negative["summary"]["unlisted"] = -1
        for document, why in [
                ([], "the document is not an object"),
                (wrong_verdict, "/cases/1/verdict is 'passed', not a verdict of xfen certify"),
                (duplicate, "/cases/1/id 'a' is the id of /cases/0 too"),
                (no_name, "/implementation/name is missing"),
                (negative, "/summary/unlisted is not a count")]:
            with self.subTest(why=why):
                path = self.write("not-a-report.json", document)
                run = self.diff(self.write("good.json", good), path)
                self.assertEqual((run.returncode, run.stdout), (2, ""))
                self.assertEqual(run.stderr, f"xfen: {path}: not an xfen certify report: {why}\n")

    def test_files_that_cannot_be_read(self):
        good = self.write("good.json", report([]))
        missing = os.path.join(self.folder.name, "missing.json")
        run = self.diff(missing, self.folder.name)
        self.assertEqual((run.returncode, run.stdout), (2, ""))
        self.assertEqual(run.stderr, f"xfen: cannot open {missing}: No such file or directory\n"
                                     f"xfen: cannot read {self.folder.name}: Is a directory\n")
        self.assertEqual(self.diff(good, good).returncode, 0)

    def test_usage_errors(self):
        good = self.write("good.json", report([]))
        for arguments in ([good], [good, good, good]):
            with self.subTest(arguments=arguments):
                run = self.diff(*arguments)
                self.assertEqual((run.returncode, run.stdout), (2, ""))
        # The options of a run mean nothing to a diff: refused, not ignored.
        run = subprocess.run([XFEN, "certify", "--json", good, "diff", good, good],
                             capture_output=True, text=True, timeout=60, check=False)
        self.assertEqual(run.returncode, 2)
        self.assertIn("diff excludes --json", run.stderr)


class RealRuns(DiffTest):
    """Reports of xfen certify itself: xfen's adapter passes every case it grades, the echo stub
    (which writes back what it is sent) fails those whose record is not already canonical."""

    def certify(self, implementation: str, name: str) -> tuple:
        path = os.path.join(self.folder.name, name)
        run = subprocess.run([XFEN, "certify", "--impl", implementation, "--tag", "side",
                              "--json", path], capture_output=True, timeout=120, check=False)
        with open(path, encoding="utf-8") as f:
            return run.returncode, path, json.load(f)

    def test_adapter_against_echo(self):
        adapter_status, adapter_path, adapter = self.certify(shlex.join([XFEN, "adapter"]),
                                                             "adapter.json")
        echo_status, echo_path, echo = self.certify(
            shlex.join([sys.executable, str(STUBS / "echo.py"), XFEN]), "echo.json")
        self.assertEqual((adapter_status, echo_status), (0, 1))
        self.assertEqual([c["id"] for c in adapter["cases"]], [c["id"] for c in echo["cases"]])
        echo_failures = [c["id"] for c in echo["cases"] if c["verdict"] in FAILING]
        self.assertTrue(echo_failures)
        self.assertTrue(all(c["verdict"] in ("pass", "skipped") for c in adapter["cases"]))

        broke = self.diff(adapter_path, echo_path)
        self.assertEqual(broke.returncode, 1, broke.stderr)
        self.assertIn(" grades ", broke.stderr)  # two implementations: a warning
        broke_lines = [line for line in broke.stdout.splitlines() if line.startswith("BROKE ")]
        self.assertEqual([line.split(" ")[1] for line in broke_lines], echo_failures)
        unchanged = len(echo["cases"]) - len(echo_failures)
        self.assertEqual(broke.stdout.splitlines()[-1],
                         f"{len(echo_failures)} broke, 0 fixed, 0 changed, {unchanged} unchanged, "
                         "0 only in old, 0 only in new")

        fixed = self.diff(echo_path, adapter_path)
        self.assertEqual(fixed.returncode, 0, fixed.stderr)
        fixed_ids = [line.split(" ")[1] for line in fixed.stdout.splitlines()
                     if line.startswith("FIXED ")]
        self.assertEqual(fixed_ids, echo_failures)

        same = self.diff(echo_path, echo_path)
        self.assertEqual((same.returncode, same.stderr), (0, ""))
        self.assertEqual(same.stdout, f"0 broke, 0 fixed, 0 changed, {len(echo['cases'])} "
                                      "unchanged, 0 only in old, 0 only in new\n")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    XFEN = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
