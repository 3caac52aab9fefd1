#!/usr/bin/env python3
"""The triage of the results matrix: every failure of every real program, explained.

The triage files (docs/results/triage/PROGRAM.json; their format is in docs/results/README.md)
group the failures of `xfen certify` reports by behaviour. This tool checks them against the
reports, writes the per-case expectations CI compares against, and writes docs/RESULTS.md.

  triage.py check --reports DIR TRIAGE.json...
      Every failure of every report in DIR belongs to exactly one behaviour, and every clause of a
      behaviour matches at least one failure in each run it lists whose report is in DIR. Lists
      what does not hold; exit status 1 then.
  triage.py expectations --reports DIR --run NAME --out FILE TRIAGE.json...
      Writes FILE: one line per failure of run NAME (case id, verdict, behaviour id, its title).
  triage.py compare --reports DIR [--manifest PROGRAMS.json] EXPECTED_FILE...
      Compares each run's failures with its expectations file: a new failure, a changed verdict,
      an expected failure that now passes, and (with --manifest) a run of another version than
      the manifest pins are each a difference; exit status 1 then.
  triage.py changes --reports DIR --manifest PROGRAMS.json --out FILE TRIAGE.json...
      Writes FILE: the runs whose version is not the one the manifest pins, and what `check`
      finds; prints "changed" or "unchanged" (the weekly workflow opens an issue on "changed").
  triage.py results --reports DIR --matrix MATRIX.md --manifest PROGRAMS.json --out FILE
                    [--generated GENERATED.md] TRIAGE.json...
      Writes docs/RESULTS.md: the matrix (MATRIX.md, from `xfen certify matrix --markdown`),
      then each program's behaviours, from the triage; with --generated, what generative
      certification found (tools/results/generated.py's Markdown) as a section of its own.

A failure: a case whose verdict is not pass, skipped or not-applicable. Python's standard library
only. Exit status 2 for a usage error or a file that cannot be read.
"""
import argparse
import fnmatch
import json
import pathlib
import re
import sys

NOT_FAILURES = {"pass", "skipped", "not-applicable"}
KINDS = {
    "bug": "bug in the program",
    "design-choice": "design choice",
    "ours": "bug of xfen (fixed)",
}
BEHAVIOUR_FIELDS = ("id", "kind", "title", "record", "expected", "observed", "explanation",
                    "where", "matches")
CLAUSE_FIELDS = {"runs", "verdicts", "cases", "answer"}


class TriageError(Exception):
    pass


def fail_usage(message):
    print(f"triage.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as error:
        fail_usage(f"cannot read {path}: {error.strerror}")
    except json.JSONDecodeError as error:
        fail_usage(f"{path}:{error.lineno}:{error.colno}: not JSON: {error.msg}")


class Clause:
    def __init__(self, where, clause):
        if not isinstance(clause, dict):
            raise TriageError(f"{where}: a clause is an object")
        unknown = set(clause) - CLAUSE_FIELDS
        if unknown:
            raise TriageError(f"{where}: unknown field {', '.join(sorted(unknown))} "
                              f"(a clause has {', '.join(sorted(CLAUSE_FIELDS))})")
        for field in ("runs", "verdicts", "cases"):
            value = clause.get(field)
            if not isinstance(value, list) or not value or \
                    not all(isinstance(v, str) and v for v in value):
                raise TriageError(f"{where}: '{field}' must be a non-empty list of strings")
        self.runs = clause["runs"]
        self.verdicts = set(clause["verdicts"])
        bad = self.verdicts & NOT_FAILURES
        if bad:
            raise TriageError(f"{where}: '{sorted(bad)[0]}' is not a failure")
        self.cases = clause["cases"]
        self.answer = None
        if "answer" in clause:
            try:
                self.answer = re.compile(clause["answer"])
            except (re.error, TypeError) as error:
                raise TriageError(f"{where}: 'answer' is not a regular expression: {error}")

    def matches(self, run, case):
        return (run in self.runs and case["verdict"] in self.verdicts
                and any(fnmatch.fnmatchcase(case["id"], pattern) for pattern in self.cases)
                and (self.answer is None or self.answer.search(case.get("answer") or "")))


class Behaviour:
    def __init__(self, path, program, entry):
        where = f"{path}: behaviour {entry.get('id', '?') if isinstance(entry, dict) else '?'}"
        if not isinstance(entry, dict):
            raise TriageError(f"{where}: a behaviour is an object")
        for field in BEHAVIOUR_FIELDS:
            if field not in entry:
                raise TriageError(f"{where}: no '{field}'")
            if field != "matches" and not (isinstance(entry[field], str) and entry[field].strip()):
                raise TriageError(f"{where}: '{field}' must be a non-empty string")
        if entry["kind"] not in KINDS:
            raise TriageError(f"{where}: kind '{entry['kind']}' is none of {', '.join(KINDS)}")
        if not isinstance(entry["matches"], list) or not entry["matches"]:
            raise TriageError(f"{where}: 'matches' must be a non-empty list")
        self.program = program
        self.entry = entry
        self.id = entry["id"]
        self.clauses = [Clause(f"{where}, clause {i + 1}", c) for i, c in enumerate(entry["matches"])]

    def matches(self, run, case):
        return any(clause.matches(run, case) for clause in self.clauses)


def load_triage(paths):
    """(programs, behaviours): the files' headers and every behaviour, ids unique."""
    programs, behaviours, seen = [], [], {}
    for path in paths:
        document = read_json(path)
        try:
            if not isinstance(document, dict) or not isinstance(document.get("behaviours"), list):
                raise TriageError(f"{path}: not a triage file (no 'behaviours' list)")
            for field in ("program", "version", "source"):
                if not isinstance(document.get(field), str) or not document[field]:
                    raise TriageError(f"{path}: '{field}' must be a non-empty string")
            programs.append(document)
            for entry in document["behaviours"]:
                behaviour = Behaviour(path, document["program"], entry)
                if behaviour.id in seen:
                    raise TriageError(f"{path}: behaviour id {behaviour.id} is also in {seen[behaviour.id]}")
                seen[behaviour.id] = path
                behaviours.append(behaviour)
        except TriageError as error:
            fail_usage(str(error))
    return programs, behaviours


def load_reports(folder):
    """{run name: report}, from every *.json of the folder that is an xfen certify report."""
    reports = {}
    paths = sorted(pathlib.Path(folder).glob("*.json"))
    for path in paths:
        report = read_json(path)
        if not isinstance(report, dict) or "cases" not in report or "implementation" not in report:
            continue  # another file of the folder (a merged matrix)
        name = report["implementation"].get("name") or path.stem
        if name in reports:
            fail_usage(f"{path}: a second report of run {name}")
        reports[name] = report
    if not reports:
        fail_usage(f"no xfen certify report (*.json) in {folder}")
    return reports


def failures(report):
    return [case for case in report["cases"] if case["verdict"] not in NOT_FAILURES]


def explain(reports, behaviours):
    """{(run, case id): [behaviours]} for every failure, and {(behaviour, clause index, run): count}."""
    owners, hits = {}, {}
    for run, report in reports.items():
        for case in failures(report):
            found = []
            for behaviour in behaviours:
                for index, clause in enumerate(behaviour.clauses):
                    if clause.matches(run, case):
                        hits[(behaviour.id, index, run)] = hits.get((behaviour.id, index, run), 0) + 1
                        if behaviour not in found:
                            found.append(behaviour)
            owners[(run, case["id"])] = (case, found)
    return owners, hits


def problems_of(reports, behaviours):
    """(failure count, problems): what `check` lists."""
    owners, hits = explain(reports, behaviours)
    problems = []
    for (run, _), (case, found) in owners.items():
        if not found:
            problems.append(f"unexplained: {run} {case['id']} {case['verdict']}: "
                            f"{case.get('input')!r} -> {case.get('answer')!r}")
        elif len(found) > 1:
            problems.append(f"explained twice: {run} {case['id']} {case['verdict']}: "
                            f"{', '.join(b.id for b in found)}")
    for behaviour in behaviours:
        for index, clause in enumerate(behaviour.clauses):
            for run in clause.runs:
                if run in reports and not hits.get((behaviour.id, index, run)):
                    problems.append(f"no longer occurs: {behaviour.id} (clause {index + 1}) in {run}")
    return len(owners), problems


def check(reports, behaviours):
    failure_count, problems = problems_of(reports, behaviours)
    checked = sum(1 for b in behaviours if any(r in reports for c in b.clauses for r in c.runs))
    for problem in problems:
        print(problem)
    print(f"triage: {failure_count} failures of {len(reports)} runs, {checked} behaviours checked: "
          + ("every failure explained once, every behaviour occurs" if not problems
             else f"{len(problems)} problems"))
    return 1 if problems else 0


def pinned_version(entry):
    """The manifest's pin in the form certify-programs.sh passes as --impl-version."""
    found = re.search(r"\(Debian ([^)]+)\)", entry["version"])
    if entry.get("installed_by") == "apt" and found:
        return f"Debian {found.group(1)}"
    return entry["version"].split(" (")[0] + " (npm)"


def version_moved(entry, report):
    """Why the run's report is not of the version its manifest entry pins, or None."""
    ran = report.get("implementation", {}).get("version")
    if ran == pinned_version(entry):
        return None
    return f"{ran or 'version unknown'} ran; the triage and expectations are of {pinned_version(entry)}"


def changes(reports, behaviours, manifest, out):
    """A Markdown report of what changed since the triage was written: versions that are not the
    manifest's pins, and the triage's problems. Returns whether anything changed."""
    lines = ["# What changed in the X-FEN results matrix", ""]
    moved = []
    for entry in manifest["programs"]:
        report = reports.get(entry["name"])
        if report is None:
            moved.append(f"- {entry['name']}: no report (the run failed; see its .txt)")
        elif why := version_moved(entry, report):
            moved.append(f"- {entry['name']}: {why}")
    _, problems = problems_of(reports, behaviours)
    lines += ["## Versions", ""] + (moved or ["Every run is of the version the manifest pins."])
    lines += ["", "## Triage", ""]
    lines += [f"- {problem}" for problem in problems] or \
        ["Every failure is explained by exactly one behaviour, and every behaviour still occurs."]
    pathlib.Path(out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return bool(moved or problems)


def expectation_lines(run, report, behaviours):
    owners, _ = explain({run: report}, behaviours)
    lines = []
    for case in failures(report):
        found = owners[(run, case["id"])][1]
        if len(found) != 1:
            fail_usage(f"{run} {case['id']}: explained by {len(found)} behaviours, not one "
                       "(run check first)")
        lines.append(f"{case['id']}\t{case['verdict']}\t{found[0].id}\t{found[0].entry['title']}")
    return lines


def write_expectations(reports, behaviours, run, out, version):
    if run not in reports:
        fail_usage(f"no report of run {run}")
    header = [f"# {run} ({version}): every case of the whole suite that it does not pass, with",
              "# its verdict and the triaged behaviour that explains it (docs/results/triage/).",
              "# A case not listed must pass, or be skipped or not applicable.",
              "# Written by tools/results/triage.py expectations; compared by results_expectations_test."]
    text = "\n".join(header + expectation_lines(run, reports[run], behaviours)) + "\n"
    pathlib.Path(out).write_text(text, encoding="utf-8")


def read_expectations(path):
    expected = {}
    for number, line in enumerate(pathlib.Path(path).read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 4:
            fail_usage(f"{path}:{number}: not 'case id<TAB>verdict<TAB>behaviour<TAB>reason'")
        expected[fields[0]] = fields[1]
    return expected


def compare(reports, expectation_files, manifest=None):
    pins = {entry["name"]: entry for entry in (manifest or {"programs": []})["programs"]}
    differences = []
    for path in expectation_files:
        run = pathlib.Path(path).stem
        if run not in reports:
            differences.append(f"{run}: no report of this run")
            continue
        if run in pins and (moved := version_moved(pins[run], reports[run])):
            differences.append(f"{run}: {moved}")
        expected = read_expectations(path)
        verdicts = {case["id"]: case["verdict"] for case in reports[run]["cases"]}
        actual = {case["id"]: case["verdict"] for case in failures(reports[run])}
        for case_id, verdict in actual.items():
            if case_id not in expected:
                differences.append(f"{run}: new failure {case_id} ({verdict})")
            elif expected[case_id] != verdict:
                differences.append(f"{run}: {case_id} was {expected[case_id]}, now {verdict}")
        for case_id, verdict in expected.items():
            if case_id not in actual:
                now = verdicts.get(case_id, "not in the report")
                differences.append(f"{run}: {case_id} expected {verdict}, now {now}")
        print(f"{run}: {len(actual)} failures, {len(expected)} expected")
    for difference in differences:
        print(difference)
    print("expectations: " + ("no change" if not differences else f"{len(differences)} differences"))
    return 1 if differences else 0


def markdown_cell(text):
    return " ".join(str(text).replace("|", "\\|").split())


def code(text):
    """Inline code that survives any backquote in the text."""
    fence = "``" if "`" in text else "`"
    return f"{fence} {text} {fence}" if fence == "``" else f"`{text}`"


def results(reports, programs, behaviours, matrix_markdown, manifest, out, generated_markdown=None):
    runs_of = {}
    for entry in manifest["programs"]:
        runs_of.setdefault(entry["program"], []).append(entry["name"])
    owners, _ = explain(reports, behaviours)
    counts = {}  # behaviour id -> {run: failures}
    for (run, _), (case, found) in owners.items():
        for behaviour in found:
            counts.setdefault(behaviour.id, {}).setdefault(run, 0)
            counts[behaviour.id][run] += 1
    suites = sorted({r.get("suite") or "?" for r in reports.values()})
    lines = [
        "# X-FEN results matrix",
        "",
        "<!-- Generated by scripts/results-matrix.sh (tools/results/triage.py results); do not edit. -->",
        "",
        f"Every real X-FEN implementation we can install, certified against the X-FEN conformance "
        f"suite {', '.join(suites)} with `xfen certify` ({len(reports)} runs of {len(programs)} programs), "
        "and every difference explained: the triage in [docs/results/triage/](results/triage/) "
        "groups each program's failures by behaviour and says whether it is a bug of that "
        "program (with the minimal record and where in its source it comes from), a design "
        "choice, or a bug of ours. `results_triage_test` checks that every failure belongs to "
        "exactly one behaviour and that every behaviour still occurs. Regenerate everything with "
        "`scripts/results-matrix.sh` (docs/results/README.md).",
        "",
        "## Per program",
        "",
        "| program | version | runs | failures | behaviours | bugs | design choices |",
        "|---|---|---|---|---|---|---|",
    ]
    for program in programs:
        name = program["program"]
        mine = [b for b in behaviours if b.program == name]
        runs = [run for run in runs_of.get(name, []) if run in reports]
        failed = sum(sum(counts.get(b.id, {}).values()) for b in mine)
        lines.append(f"| [{name}](#{anchor(name)}) | {markdown_cell(program['version'])} | {len(runs)} | "
                     f"{failed} | {len(mine)} | {sum(b.entry['kind'] == 'bug' for b in mine)} | "
                     f"{sum(b.entry['kind'] == 'design-choice' for b in mine)} |")
    lines += ["", "## Bugs found", ""]
    for program in programs:
        bugs = [b for b in behaviours if b.program == program["program"] and b.entry["kind"] == "bug"]
        if bugs:
            lines.append(f"- **{program['program']}** {program['version']}")
            lines += [f"  - [{b.entry['title'].rstrip('.')}](#{anchor(b.id)}): {code(b.entry['record'])}"
                      for b in bugs]
    if generated_markdown:
        lines += ["", "## Generated records", "",
                  "What `xfen certify --generate` found beyond the suite: every run of the matrix given "
                  "generated records (`scripts/certify-programs.sh --generate`, docs/CERTIFY.md), each "
                  "distinct disagreement shrunk to a minimal record and compared with the same "
                  "program's suite run (`--suite-report`: \"new\" where no suite case failed the same "
                  "way). Each new group was reproduced by hand; those showing a behaviour no case "
                  "pinned became suite cases (see the suite's CHANGELOG) and behaviours of the triage "
                  "below, and the others are behaviours the triage already names.", "",
                  demoted(generated_markdown.strip())]
    lines += ["", demoted(matrix_markdown.strip()), "", "## Every behaviour, per program", ""]
    for program in programs:
        name = program["program"]
        runs = runs_of.get(name, [])
        lines += [f"<a id=\"{anchor(name)}\"></a>", "", f"### {name} {program['version']}", "",
                  f"Runs: {', '.join(runs) or '—'}. Source: {program['source']}", "",
                  "| behaviour | kind | minimal record | failures per run |", "|---|---|---|---|"]
        for behaviour in (b for b in behaviours if b.program == name):
            per_run = ", ".join(f"{run} {n}" for run, n in sorted(counts.get(behaviour.id, {}).items()))
            lines.append(f"| [{markdown_cell(behaviour.entry['title'])}](#{anchor(behaviour.id)}) | "
                         f"{KINDS[behaviour.entry['kind']]} | {code(markdown_cell(behaviour.entry['record']))} | "
                         f"{per_run or 'none in these reports'} |")
        lines.append("")
        for behaviour in (b for b in behaviours if b.program == name):
            entry = behaviour.entry
            lines += [f"<a id=\"{anchor(behaviour.id)}\"></a>",
                      f"#### {behaviour.id}: {entry['title']}", "",
                      f"- kind: {KINDS[entry['kind']]}",
                      f"- record: {code(entry['record'])}",
                      f"- expected: {entry['expected']}",
                      f"- observed by hand: {entry['observed']}",
                      f"- why: {entry['explanation']}",
                      f"- where: {entry['where']}", ""]
    pathlib.Path(out).write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")


def demoted(markdown):
    """The matrix's headings one level down, under the page's own title."""
    return re.sub(r"^(#+) ", r"#\1 ", markdown, flags=re.M)


def anchor(behaviour_id):
    return re.sub(r"[^a-z0-9-]", "-", behaviour_id.lower())


def main(argv):
    parser = argparse.ArgumentParser(prog="triage.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=("check", "expectations", "compare", "changes", "results"))
    parser.add_argument("files", nargs="+", help="triage files (and, for compare, expectations files)")
    parser.add_argument("--reports", required=True, help="folder of xfen certify JSON reports")
    parser.add_argument("--run")
    parser.add_argument("--out")
    parser.add_argument("--matrix")
    parser.add_argument("--manifest")
    parser.add_argument("--generated", help="results: the Markdown of tools/results/generated.py, as a section")
    args = parser.parse_args(argv)
    expectation_files = [f for f in args.files if not f.endswith(".json")]
    triage_files = [f for f in args.files if f.endswith(".json")]
    if args.action != "compare" and expectation_files:
        fail_usage(f"not a triage file (*.json): {expectation_files[0]}")
    if args.action != "compare" and not triage_files:
        fail_usage("no triage file given")
    reports = load_reports(args.reports)
    if args.action == "compare":
        return compare(reports, expectation_files, read_json(args.manifest) if args.manifest else None)
    programs, behaviours = load_triage(triage_files)
    if args.action == "check":
        return check(reports, behaviours)
    if args.action == "expectations":
        if not args.run or not args.out:
            fail_usage("expectations needs --run and --out")
        version = next((p["version"] for p in programs
                        if any(b.program == p["program"] and any(args.run in c.runs for c in b.clauses)
                               for b in behaviours)), "version unknown")
        write_expectations(reports, behaviours, args.run, args.out, version)
        return 0
    if args.action == "changes":
        if not args.manifest or not args.out:
            fail_usage("changes needs --manifest and --out")
        print("changed" if changes(reports, behaviours, read_json(args.manifest), args.out) else "unchanged")
        return 0
    if not args.matrix or not args.manifest or not args.out:
        fail_usage("results needs --matrix, --manifest and --out")
    results(reports, programs, behaviours, pathlib.Path(args.matrix).read_text(encoding="utf-8"),
            read_json(args.manifest), args.out,
            pathlib.Path(args.generated).read_text(encoding="utf-8") if args.generated else None)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
