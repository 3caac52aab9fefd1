#!/usr/bin/env python3
"""`xfen certify matrix REPORT.json...`: runs of xfen certify merged into one view of cases x runs.

The reports are real: xfen certify over the whole suite with xfen's own adapter (passes all), and
stubs of tests/certify_stubs/ that accept everything as written (echo), crash on some records,
write Shredder letters, never write an en passant square (declaring 8x8 only, so that cases are not
applicable), and one inline stub whose every answer is hostile markup. Each has an
--impl-version. Then the merge is checked against each report: the summary lines, every figure of
the Markdown tables (against each report's own summary), the JSON (every case of every run, the
failures with their answers), the HTML page (every failing cell a link to a failure that exists,
a crash cell says crash, the hostile answer shown as text and never as markup), the same bytes
from a second merge, and every input it must refuse, each with the file named and why.

Usage: certify_matrix_test.py path/to/xfen [unittest arguments]
"""
import html.parser
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
SUITE = ROOT / "corpus" / "conformance"
SUITE_VERSION = json.loads((SUITE / "manifest.json").read_text(encoding="utf-8"))["version"]
XFEN = ""  # set from the command line
CLASSES = ("valid", "invalid", "implementation-defined", "dialect")
HOSTILE = "<script>alert(1)</script>"
# An inline stub: every answer accepted as hostile markup.
HOSTILE_STUB = ("import sys\nfor line in sys.stdin:\n"
                f"    print('ok {HOSTILE}</svg><b>', flush=True)\n")


def stub(name, *arguments):
    return shlex.join([sys.executable, str(STUBS / name), XFEN, *arguments])


# name, version, command, further options of xfen certify
RUNS = [
    ("adapter", "1.0", f"{shlex.quote(XFEN)} adapter", []),
    ("echo", "0.1 <b>", None, []),
    ("crash", "2", None, ["--max-restarts", "1000"]),
    ("shredder", "3.1 (npm)", None, []),
    ("no-en-passant", "4", None, ["--supports", "8x8"]),
    ("hostile", "5", shlex.join([sys.executable, "-c", HOSTILE_STUB]), []),
]


def run_commands():
    return {"echo": stub("echo.py"), "crash": stub("crash.py", "RNABQKBCNR"),
            "shredder": stub("spelling.py", "--castling", "shredder"),
            "no-en-passant": stub("no_en_passant.py")}


def xfen(*arguments):
    return subprocess.run([XFEN, *arguments], capture_output=True, text=True, errors="replace",
                          timeout=300, check=False)


class Grid(html.parser.HTMLParser):
    """The page as the tests need it: every id, the grid's cells by case id and column (class,
    link, title), the elements seen, and the text."""

    def __init__(self):
        super().__init__()
        self.ids, self.elements, self.text = set(), set(), []
        self.cells = {}  # case id -> [{"class", "href", "title"}] in column order
        self.in_grid = self.in_body = self.in_row_header = False
        self.row = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.add(tag)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "table" and attrs.get("class") == "grid":
            self.in_grid = True
        if not self.in_grid:
            return
        if tag == "tbody":
            self.in_body = True
        elif tag == "th" and self.in_body:
            self.in_row_header, self.row = True, None
        elif tag == "td" and self.row is not None:
            self.cells[self.row].append({"class": attrs.get("class"), "href": None, "title": None})
        elif tag == "a" and self.row is not None and self.cells[self.row]:
            self.cells[self.row][-1].update(href=attrs.get("href"), title=attrs.get("title"))

    def handle_endtag(self, tag):
        if tag == "table" and self.in_grid:
            self.in_grid = self.in_body = False
        if tag == "th":
            self.in_row_header = False

    def handle_data(self, data):
        self.text.append(data)
        if self.in_row_header and "." in data:  # a case's row, not a group's
            self.row = data
            self.cells[data] = []


def markdown_tables(text):
    """{heading: [{column: cell}]} of the "## heading" tables."""
    tables, heading, header = {}, None, None
    for line in text.splitlines():
        if line.startswith("## "):
            heading, header = line[3:], None
            tables[heading] = []
        elif line.startswith("|") and heading:
            cells = [cell.strip() for cell in line.strip("|").split(" | ")]
            if header is None:
                header = cells
            elif not line.startswith("|---"):
                tables[heading].append(dict(zip(header, cells)))
    return tables


class MatrixTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory(prefix="certify-matrix-test-")
        cls.work = Path(cls.folder.name)
        commands = run_commands()
        cls.paths, cls.reports = [], []
        for name, version, command, options in RUNS:
            path = cls.work / f"{name}.json"
            run = xfen("certify", "--impl", command or commands[name], "--name", name,
                       "--impl-version", version, "--suite", str(SUITE), "--jobs", "2",
                       "--json", str(path), *options)
            assert path.is_file(), f"{name}: no report\n{run.stderr}"
            cls.paths.append(str(path))
            cls.reports.append(json.loads(path.read_text(encoding="utf-8")))
        cls.markdown, cls.json, cls.html = (cls.work / "m.md", cls.work / "m.json", cls.work / "m.html")
        cls.merged = xfen("certify", "matrix", *cls.paths, "--markdown", str(cls.markdown),
                          "--json", str(cls.json), "--html", str(cls.html))

    @classmethod
    def tearDownClass(cls):
        cls.folder.cleanup()

    def test_the_runs_are_what_the_test_needs(self):
        verdicts = [r["summary"]["verdicts"] for r in self.reports]
        self.assertEqual(self.reports[0]["summary"]["failed"], 0)
        self.assertGreater(verdicts[2]["crash"], 0)
        self.assertGreater(self.reports[4]["summary"]["not_applicable"], 0)
        self.assertEqual(self.reports[3]["summary"]["spelling_used"]["castling"]["spelling"], "shredder")

    def test_summary_lines(self):
        self.assertEqual(self.merged.returncode, 0, self.merged.stderr)
        self.assertEqual(self.merged.stderr, "")
        lines = [f"xfen certify matrix: {len(RUNS)} runs of suite {self.reports[0]['suite']}, "
                 f"{len(self.reports[0]['cases'])} cases"]
        for report in self.reports:
            s = report["summary"]
            lines.append(f"{report['implementation']['name']}: {s['passed']} passed, {s['failed']} "
                         f"failed, {s['skipped']} skipped, {s['not_applicable']} not applicable, "
                         f"{s['verdicts']['crash']} crashes")
        self.assertEqual(self.merged.stdout, "".join(line + "\n" for line in lines))

    def test_markdown_figures_are_each_reports_summary(self):
        tables = markdown_tables(self.markdown.read_text(encoding="utf-8"))
        for report, by_class, by_tag, described in zip(self.reports, tables["By class"],
                                                       tables["By tag"], tables["The runs"]):
            s, implementation = report["summary"], report["implementation"]
            name = implementation["name"]
            with self.subTest(run=name):
                self.assertEqual(by_class["run"], name)
                for case_class in CLASSES:
                    figures = s["by_class"][case_class]
                    self.assertEqual(by_class[case_class],
                                     f"{figures['passed']} of {figures['passed'] + figures['failed']}")
                for column, figure in (("passed", s["passed"]), ("failed", s["failed"]),
                                       ("crash", s["verdicts"]["crash"]),
                                       ("timeout", s["verdicts"]["timeout"]),
                                       ("n/a", s["not_applicable"]), ("skipped", s["skipped"])):
                    self.assertEqual(by_class[column], str(figure), column)
                for tag, figures in s["by_tag"].items():
                    graded = figures["passed"] + figures["failed"]
                    self.assertEqual(by_tag[tag], f"{figures['passed']} of {graded}" if graded else "—",
                                     tag)
                self.assertEqual(described["version"],
                                 implementation["version"].replace("<", "&lt;").replace(">", "&gt;"))
                self.assertEqual(described["date"], report["date"])
                self.assertEqual(described["mode"], "stream")
                self.assertEqual(described["declares"], ", ".join(implementation["capabilities"])
                                 if implementation["capabilities"] is not None else "—")
        self.assertIn("castling shredder (", tables["The runs"][3]["spelling used"])

    def test_json_holds_every_case_of_every_run(self):
        matrix = json.loads(self.json.read_text(encoding="utf-8"))
        self.assertEqual(matrix["suite"], self.reports[0]["suite"])
        self.assertEqual([run["name"] for run in matrix["runs"]], [name for name, *_ in RUNS])
        self.assertEqual([run["version"] for run in matrix["runs"]], [v for _, v, *_ in RUNS])
        cases = {c["id"]: c for c in matrix["cases"]}
        self.assertEqual(len(cases), len(self.reports[0]["cases"]))
        for column, report in enumerate(self.reports):
            name = report["implementation"]["name"]
            for c in report["cases"]:
                merged = cases[c["id"]]
                self.assertEqual(merged["verdicts"][column], c["verdict"], (name, c["id"]))
                failures = [f for f in merged["failures"] if f["run"] == name]
                if c["verdict"] in ("pass", "skipped", "not-applicable"):
                    self.assertEqual(failures, [], (name, c["id"]))
                else:
                    self.assertEqual(failures, [{"run": name, "verdict": c["verdict"],
                                                 "answer": c["answer"], "detail": c["detail"]}])
                for member in ("class", "tags", "input", "expected", "rule"):
                    self.assertEqual(merged[member], c[member], (c["id"], member))
        self.assertLess(self.json.stat().st_size, 2_000_000)

    def page(self):
        grid = Grid()
        grid.feed(self.html.read_text(encoding="utf-8"))
        grid.close()
        return grid

    def test_every_failing_cell_links_to_its_failure(self):
        grid = self.page()
        self.assertEqual(len(grid.cells), len(self.reports[0]["cases"]))
        for column, report in enumerate(self.reports):
            for c in report["cases"]:
                cell = grid.cells[c["id"]][column]
                failed = c["verdict"] not in ("pass", "skipped", "not-applicable")
                with self.subTest(run=report["implementation"]["name"], case=c["id"]):
                    if c["verdict"] != "not-applicable":  # the grid's own colour: no class
                        self.assertEqual(cell["class"], c["verdict"])
                    if failed:
                        self.assertTrue(cell["href"] and cell["href"].startswith("#"), cell)
                        self.assertIn(cell["href"][1:], grid.ids)
                        self.assertEqual(cell["title"], c["verdict"])
                    else:
                        self.assertIsNone(cell["href"])

    def test_a_crash_cell_says_crash(self):
        grid = self.page()
        crashed = [c["id"] for c in self.reports[2]["cases"] if c["verdict"] == "crash"]
        self.assertTrue(crashed)
        for case_id in crashed:
            self.assertEqual(grid.cells[case_id][2]["title"], "crash")
            self.assertEqual(grid.cells[case_id][2]["class"], "crash")

    def test_hostile_answers_are_text(self):
        page = self.html.read_text(encoding="utf-8")
        grid = self.page()
        self.assertNotIn("script", grid.elements)
        self.assertNotIn(HOSTILE, page)
        self.assertIn(f"ok {HOSTILE}</svg><b>", "".join(grid.text))
        self.assertIn("0.1 &lt;b&gt;", page)  # the echo run's version
        self.assertLess(len(page.encode()), 3_000_000)

    def test_the_same_reports_give_the_same_bytes(self):
        again = [self.work / f"again.{suffix}" for suffix in ("md", "json", "html")]
        run = xfen("certify", "matrix", *self.paths, "--markdown", str(again[0]), "--json",
                   str(again[1]), "--html", str(again[2]))
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertEqual(run.stdout, self.merged.stdout)
        for first, second in zip((self.markdown, self.json, self.html), again):
            self.assertEqual(first.read_bytes(), second.read_bytes(), first.name)

    # --- the inputs it refuses ---

    def refused(self, *arguments, because):
        run = xfen("certify", "matrix", *arguments)
        self.assertEqual(run.returncode, 2, run)
        self.assertEqual(run.stdout, "")
        self.assertIn(because, run.stderr)
        return run

    def altered(self, name, change):
        """A copy of the adapter's report, changed by `change`; its path."""
        report = json.loads(json.dumps(self.reports[0]))
        change(report)
        path = self.work / name
        path.write_text(json.dumps(report), encoding="utf-8")
        return str(path)

    def test_unreadable_or_not_a_report(self):
        missing = str(self.work / "missing.json")
        self.refused(self.paths[1], missing, because=f"cannot open {missing}")
        garbage = self.work / "garbage.json"
        garbage.write_text("not json", encoding="utf-8")
        self.refused(self.paths[1], str(garbage),
                     because=f"{garbage}: not an xfen certify report: not JSON at line 1")
        no_cases = self.altered("no-cases.json", lambda r: r.pop("cases"))
        self.refused(no_cases, because=f"{no_cases}: not an xfen certify report: /cases is missing")

    def test_reports_of_different_suites(self):
        def other_suite(report):
            report["suite"] = "9.9.9"
            report["implementation"]["name"] = "other"
        other = self.altered("other-suite.json", other_suite)
        self.refused(self.paths[1], other,
                     because=f"{other} is a run on suite 9.9.9, {self.paths[1]} on suite {SUITE_VERSION}")

    def test_two_runs_of_one_name(self):
        twin = self.altered("twin.json", lambda r: None)
        self.refused(self.paths[0], self.paths[1], twin,
                     because=f"{twin} and {self.paths[0]} are both runs of the implementation "
                             "named 'adapter'")

    def test_a_run_on_records(self):
        records = self.work / "records.txt"
        records.write_text("8/8/8/8/8/8/8/8 w - - 0 1\n", encoding="utf-8")
        path = self.work / "inputs.json"
        xfen("certify", "--impl", stub("echo.py"), "--inputs", str(records), "--json", str(path))
        self.refused(self.paths[0], str(path),
                     because=f"{path} is a run on the records of {records} (--inputs)")

    def test_a_run_that_lists_fewer_cases_than_it_ran(self):
        def cut(report):
            report["implementation"]["name"] = "cut"
            report["cases"] = report["cases"][:-3]
        cut_path = self.altered("cut.json", cut)
        total = len(self.reports[0]["cases"])
        self.refused(self.paths[1], cut_path,
                     because=f"{cut_path} lists {total - 3} of the {total} cases it ran")

    def test_a_run_that_graded_nothing(self):
        def broken(report):
            report["implementation"]["name"] = "broken"
            report["summary"]["start_error"] = "it would not start"
            report["cases"] = []
        path = self.altered("broken.json", broken)
        self.refused(self.paths[1], path, because=f"{path} graded no case: it would not start")

    def test_run_options_and_no_report_are_usage_errors(self):
        self.refused("--impl", "x", self.paths[0], because="--impl")
        self.refused(because="REPORT is required")

    def test_an_older_report_without_version_and_date_merges(self):
        def older(report):
            report["implementation"]["name"] = "older"
            del report["implementation"]["version"], report["date"]
        path = self.altered("older.json", older)
        out = self.work / "older.md"
        run = xfen("certify", "matrix", self.paths[0], path, "--markdown", str(out))
        self.assertEqual(run.returncode, 0, run.stderr)
        described = markdown_tables(out.read_text(encoding="utf-8"))["The runs"][1]
        self.assertEqual((described["run"], described["version"], described["date"]),
                         ("older", "—", "—"))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    XFEN = os.path.abspath(sys.argv.pop(1))
    RUNS[0] = ("adapter", "1.0", f"{shlex.quote(XFEN)} adapter", [])
    unittest.main(verbosity=1)
