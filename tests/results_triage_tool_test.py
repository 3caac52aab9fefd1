#!/usr/bin/env python3
"""tools/results/triage.py on hand-made reports and triage files: an unexplained failure, a
failure two behaviours claim, a behaviour that no longer occurs in a run it lists, an `answer`
pattern, files that are not triage files; `expectations` and `compare` (a new failure, a changed
verdict, an expected failure that now passes); `results` (a behaviour's section and counts).
Each is a way the triage test over the real programs could stay green on nothing.

usage: results_triage_tool_test.py SOURCE_DIR
"""
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest

ROOT = pathlib.Path(sys.argv.pop(1)) if len(sys.argv) > 1 else pathlib.Path(__file__).parents[1]
TOOL = ROOT / "tools" / "results" / "triage.py"


def case(case_id, verdict, answer=None):
    return {"id": case_id, "class": "invalid", "tags": [], "verdict": verdict, "input": "x",
            "expected": None, "answer": answer, "detail": "", "rule": ""}


def behaviour(behaviour_id, clauses, kind="bug"):
    return {"id": behaviour_id, "kind": kind, "title": f"title of {behaviour_id}", "record": "r",
            "expected": "e", "observed": "o", "explanation": "x", "where": "w", "matches": clauses}


def clause(runs, verdicts, cases, answer=None):
    c = {"runs": runs, "verdicts": verdicts, "cases": cases}
    if answer is not None:
        c["answer"] = answer
    return c


# The two behaviours that explain the failures of the report every test starts from.
NO_ROOK = behaviour("lib/no-rook", [clause(["lib"], ["accepted-invalid"], ["castling.no-rook-*"])])
COUNTERS = behaviour("lib/counters", [clause(["lib"], ["rejected-valid"], ["counters.*"])])


class TriageToolTest(unittest.TestCase):
    def setUp(self):
        self.folder = pathlib.Path(tempfile.mkdtemp())
        self.reports = self.folder / "reports"
        self.reports.mkdir()
        self.write_report("lib", [case("castling.no-rook-K", "accepted-invalid", "ok a"),
                                  case("castling.no-rook-Q", "accepted-invalid", "ok b"),
                                  case("counters.max", "rejected-valid", "error too big"),
                                  case("board.ok", "pass"), case("board.na", "not-applicable"),
                                  case("board.per-case", "skipped")])

    def write_report(self, name, cases):
        report = {"suite": "1.2.0", "implementation": {"name": name}, "summary": {}, "cases": cases}
        (self.reports / f"{name}.json").write_text(json.dumps(report))

    def write_triage(self, behaviours, name="lib"):
        path = self.folder / f"{name}.json"
        path.write_text(json.dumps({"program": name, "version": "1 (npm)", "source": "s",
                                    "behaviours": behaviours}))
        return str(path)

    def run_tool(self, *args):
        return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True)

    def check(self, *triage):
        return self.run_tool("check", "--reports", str(self.reports), *triage)

    def test_every_failure_explained_once(self):
        triage = self.write_triage([
            NO_ROOK,
            COUNTERS])
        result = self.check(triage)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("3 failures of 1 runs, 2 behaviours checked", result.stdout)

    def test_unexplained_failure(self):
        triage = self.write_triage([
            NO_ROOK])
        result = self.check(triage)
        self.assertEqual(result.returncode, 1)
        self.assertIn("unexplained: lib counters.max rejected-valid", result.stdout)

    def test_verdict_must_match_too(self):
        triage = self.write_triage([
            NO_ROOK,
            behaviour("lib/counters", [clause(["lib"], ["crash"], ["counters.*"])])])
        result = self.check(triage)
        self.assertEqual(result.returncode, 1)
        self.assertIn("unexplained: lib counters.max", result.stdout)
        self.assertIn("no longer occurs: lib/counters (clause 1) in lib", result.stdout)

    def test_failure_explained_twice(self):
        triage = self.write_triage([
            NO_ROOK,
            behaviour("lib/K", [clause(["lib"], ["accepted-invalid"], ["castling.no-rook-K"])]),
            COUNTERS])
        result = self.check(triage)
        self.assertEqual(result.returncode, 1)
        self.assertIn("explained twice: lib castling.no-rook-K accepted-invalid: lib/no-rook, lib/K",
                      result.stdout)

    def test_behaviour_gone_from_one_listed_run(self):
        self.write_report("other", [case("counters.max", "rejected-valid")])
        triage = self.write_triage([
            behaviour("lib/no-rook", [clause(["lib", "other"], ["accepted-invalid"], ["castling.no-rook-*"])]),
            behaviour("lib/counters", [clause(["lib", "other"], ["rejected-valid"], ["counters.*"])])])
        result = self.check(triage)
        self.assertEqual(result.returncode, 1)
        self.assertIn("no longer occurs: lib/no-rook (clause 1) in other", result.stdout)
        self.assertNotIn("lib/counters", result.stdout)

    def test_run_without_report_is_not_checked(self):
        triage = self.write_triage([
            NO_ROOK,
            COUNTERS,
            behaviour("gone/x", [clause(["absent-run"], ["crash"], ["*"])])])
        self.assertEqual(self.check(triage).returncode, 0)

    def test_answer_pattern(self):
        triage = self.write_triage([
            behaviour("lib/a", [clause(["lib"], ["accepted-invalid"], ["castling.*"], answer="^ok a$")]),
            behaviour("lib/b", [clause(["lib"], ["accepted-invalid"], ["castling.*"], answer="b")]),
            COUNTERS])
        self.assertEqual(self.check(triage).returncode, 0)

    def test_not_a_triage_file(self):
        for broken, message in [
                ({"program": "p", "version": "v", "source": "s"}, "no 'behaviours' list"),
                ({"program": "p", "version": "v", "source": "s",
                  "behaviours": [dict(behaviour("p/x", []), kind="feature")]}, "kind 'feature'"),
                ({"program": "p", "version": "v", "source": "s",
                  "behaviours": [behaviour("p/x", [clause(["lib"], ["pass"], ["*"])])]},
                 "'pass' is not a failure"),
                ({"program": "p", "version": "v", "source": "s",
                  "behaviours": [behaviour("p/x", [dict(clause(["lib"], ["crash"], ["*"]), case="x")])]},
                 "unknown field case")]:
            path = self.folder / "broken.json"
            path.write_text(json.dumps(broken))
            result = self.check(str(path))
            self.assertEqual(result.returncode, 2, broken)
            self.assertIn(message, result.stderr)
        path = self.folder / "notjson.json"
        path.write_text("{\n  \"program\": ,\n}")
        result = self.check(str(path))
        self.assertEqual(result.returncode, 2)
        self.assertIn("notjson.json:2:14: not JSON", result.stderr)

    def test_duplicate_behaviour_id(self):
        one = self.write_triage([behaviour("lib/x", [clause(["lib"], ["crash"], ["*"])])], "one")
        two = self.write_triage([behaviour("lib/x", [clause(["lib"], ["crash"], ["*"])])], "two")
        result = self.check(one, two)
        self.assertEqual(result.returncode, 2)
        self.assertIn("behaviour id lib/x is also in", result.stderr)

    def expectations(self):
        triage = self.write_triage([
            NO_ROOK,
            COUNTERS])
        expected = self.folder / "lib.txt"
        result = self.run_tool("expectations", "--reports", str(self.reports), "--run", "lib",
                               "--out", str(expected), triage)
        self.assertEqual(result.returncode, 0, result.stderr)
        return expected

    def test_expectations_then_compare(self):
        expected = self.expectations()
        lines = [l for l in expected.read_text().splitlines() if not l.startswith("#")]
        self.assertEqual(lines, [
            "castling.no-rook-K\taccepted-invalid\tlib/no-rook\ttitle of lib/no-rook",
            "castling.no-rook-Q\taccepted-invalid\tlib/no-rook\ttitle of lib/no-rook",
            "counters.max\trejected-valid\tlib/counters\ttitle of lib/counters"])
        result = self.run_tool("compare", "--reports", str(self.reports), str(expected))
        self.assertEqual(result.returncode, 0, result.stdout)
        self.assertIn("expectations: no change", result.stdout)

        # With the manifest, a run of another version than the pinned one is a difference.
        manifest = self.folder / "programs.json"
        manifest.write_text(json.dumps({"programs": [
            {"name": "lib", "program": "lib", "version": "1.0.0 (npm)", "installed_by": "npm"}]}))
        result = self.run_tool("compare", "--reports", str(self.reports), "--manifest", str(manifest),
                               str(expected))
        self.assertEqual(result.returncode, 1, result.stdout)
        self.assertIn("lib: version unknown ran; the triage and expectations are of 1.0.0 (npm)",
                      result.stdout)
        report = json.loads((self.reports / "lib.json").read_text())
        report["implementation"]["version"] = "1.0.0 (npm)"
        (self.reports / "lib.json").write_text(json.dumps(report))
        result = self.run_tool("compare", "--reports", str(self.reports), "--manifest", str(manifest),
                               str(expected))
        self.assertEqual(result.returncode, 0, result.stdout)

        self.write_report("lib", [case("castling.no-rook-K", "crash"),
                                  case("castling.no-rook-Q", "pass"),
                                  case("counters.max", "rejected-valid"),
                                  case("board.ok", "wrong-position")])
        result = self.run_tool("compare", "--reports", str(self.reports), str(expected))
        self.assertEqual(result.returncode, 1)
        for line in ("lib: castling.no-rook-K was accepted-invalid, now crash",
                     "lib: castling.no-rook-Q expected accepted-invalid, now pass",
                     "lib: new failure board.ok (wrong-position)", "expectations: 3 differences"):
            self.assertIn(line, result.stdout)

    def test_compare_without_the_run(self):
        expected = self.expectations()
        (self.reports / "lib.json").unlink()
        self.write_report("other", [])
        result = self.run_tool("compare", "--reports", str(self.reports), str(expected))
        self.assertEqual(result.returncode, 1)
        self.assertIn("lib: no report of this run", result.stdout)

    def test_changes(self):
        triage = self.write_triage([
            NO_ROOK,
            COUNTERS])
        report = json.loads((self.reports / "lib.json").read_text())
        report["implementation"]["version"] = "2.0.0 (npm)"
        (self.reports / "lib.json").write_text(json.dumps(report))
        (self.reports / "engine.json").write_text(json.dumps(
            {"suite": "1.2.0", "implementation": {"name": "engine", "version": "Debian 15.1-4"},
             "summary": {}, "cases": []}))
        manifest = self.folder / "programs.json"
        entries = [{"name": "lib", "program": "lib", "version": "1.0.0 (npm)", "installed_by": "npm"},
                   {"name": "engine", "program": "E", "version": "15.1 (Debian 15.1-4)", "installed_by": "apt"}]
        manifest.write_text(json.dumps({"programs": entries}))
        out = self.folder / "changes.md"
        result = self.run_tool("changes", "--reports", str(self.reports), "--manifest", str(manifest),
                               "--out", str(out), triage)
        self.assertEqual(result.stdout, "changed\n")
        text = out.read_text()
        self.assertIn("- lib: 2.0.0 (npm) ran; the triage and expectations are of 1.0.0 (npm)", text)
        self.assertNotIn("engine", text)
        self.assertIn("Every failure is explained", text)

        report["implementation"]["version"] = "1.0.0 (npm)"
        report["cases"].append(case("record.new", "crash"))
        (self.reports / "lib.json").write_text(json.dumps(report))
        result = self.run_tool("changes", "--reports", str(self.reports), "--manifest", str(manifest),
                               "--out", str(out), triage)
        self.assertEqual(result.stdout, "changed\n")
        self.assertIn("- unexplained: lib record.new crash", out.read_text())
        self.assertIn("Every run is of the version the manifest pins.", out.read_text())

        report["cases"].pop()
        (self.reports / "lib.json").write_text(json.dumps(report))
        result = self.run_tool("changes", "--reports", str(self.reports), "--manifest", str(manifest),
                               "--out", str(out), triage)
        self.assertEqual(result.stdout, "unchanged\n")

    def test_results_page(self):
        triage = self.write_triage([
            NO_ROOK,
            behaviour("lib/counters", [clause(["lib"], ["rejected-valid"], ["counters.*"])],
                      kind="design-choice")])
        matrix = self.folder / "matrix.md"
        matrix.write_text("# matrix\n\n| run | valid |\n|---|---|\n| lib | 1 of 1 |\n")
        manifest = self.folder / "programs.json"
        manifest.write_text(json.dumps({"programs": [{"name": "lib", "program": "lib"}]}))
        out = self.folder / "RESULTS.md"
        result = self.run_tool("results", "--reports", str(self.reports), "--matrix", str(matrix),
                               "--manifest", str(manifest), "--out", str(out), triage)
        self.assertEqual(result.returncode, 0, result.stderr)
        text = out.read_text()
        self.assertIn("| lib | 1 of 1 |", text)
        self.assertIn("\n## matrix\n", text)  # under the page's own title
        self.assertIn("| [lib](#lib) | 1 (npm) | 1 | 3 | 2 | 1 | 1 |", text)
        self.assertIn("- **lib** 1 (npm)\n  - [title of lib/no-rook](#lib-no-rook): `r`\n", text)
        self.assertNotIn("[title of lib/counters](#lib-counters): `r`", text)  # a design choice
        self.assertIn("| [title of lib/no-rook](#lib-no-rook) | bug in the program | `r` | lib 2 |", text)
        self.assertIn("| [title of lib/counters](#lib-counters) | design choice | `r` | lib 1 |", text)
        self.assertIn("#### lib/counters: title of lib/counters", text)
        self.assertNotIn("## Generated records", text)
        # With --generated, generated.py's Markdown is a section of its own, its headings one down.
        generated = self.folder / "generated.md"
        generated.write_text("| run | groups |\n|---|---|\n| lib | 2 |\n\n## Found by generation only\n")
        result = self.run_tool("results", "--reports", str(self.reports), "--matrix", str(matrix),
                               "--manifest", str(manifest), "--out", str(out), "--generated", str(generated),
                               triage)
        self.assertEqual(result.returncode, 0, result.stderr)
        text = out.read_text()
        self.assertIn("\n## Generated records\n", text)
        self.assertIn("| lib | 2 |\n\n### Found by generation only\n", text)
        self.assertLess(text.index("## Generated records"), text.index("\n## matrix\n"))


class GeneratedTableTest(unittest.TestCase):
    """tools/results/generated.py: the runs, the groups no suite case shows, each run's groups."""

    @staticmethod
    def report(name, groups, compared=True):
        cases = [{"id": g["case"], "answer": g.pop("answer"), "verdict": "wrong-position"} for g in groups]
        return {"implementation": {"name": name, "version": "1 (npm)"}, "cases": cases,
                "generative": {"seed": 7, "profile": "chess960", "generated": 5000, "stopped_by": "the record limit",
                               "cases_per_second": 2500.0, "shrink_seconds": 1.25,
                               "suite_report": "suite.json" if compared else None, "groups": groups}}

    @staticmethod
    def group(key, minimal, suite_case, answer, number):
        return {"key": key, "records": 3, "minimal": minimal, "minimal_bytes": len(minimal.encode()), "calls": 40,
                "call_bound_reached": False, "suite_case": suite_case, "record_index": 10 * number,
                "case": f"group-{number}", "replay": f"xfen certify --generate 1 --seed 7 --from {10 * number}",
                "answer": answer}

    def run_tool(self, *reports):
        folder = pathlib.Path(tempfile.mkdtemp())
        paths = []
        for i, report in enumerate(reports):
            paths.append(folder / f"r{i}.json")
            paths[-1].write_text(json.dumps(report))
        return subprocess.run([sys.executable, str(TOOL.parent / "generated.py"), *map(str, paths)],
                              capture_output=True, text=True)

    def test_tables(self):
        lib = self.report("lib", [self.group("wrong-position: en-passant", "8/8 w - a6 0 1", None, "ok 8/8 w - - 0 1", 1),
                                  self.group("accepted-invalid: castling.no-rook", "K w Q - 0 1", "castling.no-rook-Q",
                                             "ok K w Q - 0 1", 2)])
        other = self.report("other", [self.group("crash: on 8x8", "a|b", None, None, 1)], compared=False)
        result = self.run_tool(lib, other)
        self.assertEqual(result.returncode, 0, result.stderr)
        out = result.stdout
        self.assertIn("| lib | 1 (npm) | chess960 | 7 | 5000 | the record limit | 2500 | 2 | 1 | 1.2 s |", out)
        self.assertIn("| other | 1 (npm) | chess960 | 7 | 5000 | the record limit | 2500 | 1 | ? | 1.2 s |", out)
        only = out[out.index("## Found by generation only"):out.index("## lib")]
        self.assertIn("| lib | wrong-position: en-passant | `8/8 w - a6 0 1` | `ok 8/8 w - - 0 1` "
                      "| `xfen certify --generate 1 --seed 7 --from 10` |", only)
        self.assertNotIn("castling.no-rook", only)  # the suite shows it
        self.assertNotIn("| other |", only)  # not compared: not claimed new
        self.assertIn("| accepted-invalid: castling.no-rook | 3 | `K w Q - 0 1` | 11 | 40 | castling.no-rook-Q | 20 |", out)
        self.assertIn("| wrong-position: en-passant | 3 | `8/8 w - a6 0 1` | 14 | 40 | **new** | 10 |", out)
        self.assertIn("| crash: on 8x8 | 3 | `a\\|b` | 3 | 40 | ? | 10 |", out)

    def test_not_a_generative_report(self):
        result = self.run_tool({"implementation": {"name": "lib"}, "cases": []})
        self.assertEqual(result.returncode, 2)
        self.assertIn("not the report of a generative run", result.stderr)


class WeeklyWorkflowTest(unittest.TestCase):
    """.github/workflows/results-matrix.yml: scheduled, regenerates on the latest releases with the
    documented command, may open issues, and reports even when the command fails."""

    def test_workflow(self):
        import yaml
        workflow = yaml.safe_load((ROOT / ".github/workflows/results-matrix.yml").read_text())
        triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads on: as True
        self.assertTrue(triggers["schedule"][0]["cron"])
        self.assertEqual(workflow["permissions"]["issues"], "write")
        steps = workflow["jobs"]["matrix"]["steps"]
        run = next(s for s in steps if s.get("id") == "matrix")["run"]
        self.assertIn("scripts/results-matrix.sh --latest --out build/results || status=$?", run)
        self.assertTrue((ROOT / "scripts/results-matrix.sh").exists())
        issue = next(s for s in steps if "github-script" in s.get("uses", ""))
        self.assertEqual(issue["if"], "steps.matrix.outputs.changed == 'changed'")
        self.assertIn("build/results/changes.md", issue["with"]["script"])


if __name__ == "__main__":
    unittest.main()
