#!/usr/bin/env python3
"""One Markdown table of `xfen certify` JSON reports (--json), one row per report, in the order
given; then the run time per program and in total. scripts/certify-programs.sh prints it after
running every adapter of examples/adapters/programs.json; it also runs on reports made otherwise.

Usage: table.py [--manifest PROGRAMS_JSON] REPORT.json...
  --manifest: examples/adapters/programs.json or the like, for the program of each run (matched by
  the report's implementation.name); without it, or for a name it lacks, the program is "—".

Columns, from each report (a field the report does not have is "—"):
  run                  implementation.name
  program              the manifest's "program"
  declares             implementation.capabilities (the tags given with --supports)
  spelling used        summary.spelling_used, in short: for castling and en passant, the spelling
                       every answer telling the spellings apart agrees with (X-FEN's first) and
                       how many did, or "mixed" with how many agree with each
  layouts              summary.layouts_used: the accepted answers per layout (full, epd, board)
  valid, invalid, implementation-defined, dialect
                       summary.by_class: "passed of graded" (graded: passed + failed; skipped
                       cases are counted in the skipped column; "0 of 0": no case of the class)
  crash, timeout, n/a  summary.verdicts: crash, timeout, not-applicable
  passed, failed, skipped, s
                       summary.passed, failed, skipped and seconds
Python's standard library only.
"""
import json
import sys

CLASSES = ("valid", "invalid", "implementation-defined", "dialect")
LAYOUTS = ("full", "epd", "board")
NONE = "—"


def cell(value):
    text = NONE if value is None else str(value)
    return " ".join(text.replace("|", "\\|").split()) or NONE


def seconds(value):
    return NONE if value is None else f"{value:.1f}"


def class_figures(by_class, name):
    if not isinstance(by_class, dict):
        return NONE
    figures = by_class.get(name) or {}                 # a class with no case selected: 0 of 0
    passed, failed = figures.get("passed", 0), figures.get("failed", 0)
    return f"{passed} of {passed + failed}"


def layouts(summary):
    used = summary.get("layouts_used")
    if not isinstance(used, dict):
        return NONE
    parts = [f"{layout} {used[layout]}" for layout in LAYOUTS if used.get(layout)]
    parts += [f"{layout} {n}" for layout, n in sorted(used.items()) if layout not in LAYOUTS and n]
    return ", ".join(parts) or "none"


def choice(evidence):
    """"shredder (66)": the spelling every telling answer agrees with, and their number; "mixed
    (x-fen 8, shredder 17, classic 0)" when none does; "not shown" when no answer told them apart."""
    if not isinstance(evidence, dict):
        return NONE
    if not evidence.get("answers"):
        return "not shown"
    if evidence.get("spelling"):
        return f"{evidence['spelling']} ({evidence['answers']})"
    agreeing = ", ".join(f"{style} {n}" for style, n in evidence.get("agreeing", {}).items())
    return f"mixed, of {evidence['answers']}: {agreeing}"


def spelling_used(spelling):
    """The spelling in short: "castling shredder (66); en passant x-fen (23)"."""
    if not isinstance(spelling, dict):
        return None
    return f"castling {choice(spelling.get('castling'))}; en passant {choice(spelling.get('en_passant'))}"


def declared(implementation):
    capabilities = implementation.get("capabilities")
    if capabilities is None:
        return NONE
    return ", ".join(capabilities) or "none"


def row(report, programs):
    implementation = report.get("implementation", {})
    summary = report.get("summary", {})
    verdicts = summary.get("verdicts", {})
    by_class = summary.get("by_class")
    spelling = summary.get("spelling_used")
    name = implementation.get("name")
    return [
        name,
        programs.get(name, {}).get("program"),
        declared(implementation),
        spelling_used(spelling),
        layouts(summary),
        *(class_figures(by_class, c) for c in CLASSES),
        verdicts.get("crash"),
        verdicts.get("timeout"),
        verdicts.get("not-applicable"),
        summary.get("passed"),
        summary.get("failed"),
        summary.get("skipped"),
        seconds(summary.get("seconds")),
    ]


HEADER = ["run", "program", "declares", "spelling used", "layouts", "valid", "invalid",
          "implementation-defined", "dialect", "crash", "timeout", "n/a", "passed", "failed",
          "skipped", "s"]


def table(rows):
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(cell(value) for value in r) + " |" for r in rows]
    return "\n".join(lines)


def times(reports, programs):
    """(program, runs, seconds) in order of first appearance, then the total."""
    order, runs, total = [], {}, {}
    for report in reports:
        name = report.get("implementation", {}).get("name")
        program = programs.get(name, {}).get("program") or name
        if program not in runs:
            order.append(program)
            runs[program], total[program] = 0, 0.0
        runs[program] += 1
        total[program] += report.get("summary", {}).get("seconds") or 0.0
    lines = ["| program | runs | s |", "|---|---|---|"]
    lines += [f"| {cell(p)} | {runs[p]} | {total[p]:.1f} |" for p in order]
    lines.append(f"| total | {sum(runs.values())} | {sum(total.values()):.1f} |")
    return "\n".join(lines)


def main(argv):
    programs = {}
    if argv[:1] == ["--manifest"] and len(argv) >= 2:
        with open(argv[1], encoding="utf-8") as f:
            programs = {entry["name"]: entry for entry in json.load(f)["programs"]}
        argv = argv[2:]
    if not argv or any(arg.startswith("-") for arg in argv):
        sys.exit(__doc__.split("\n\n")[1])
    reports = []
    for path in argv:
        with open(path, encoding="utf-8") as f:
            reports.append(json.load(f))
    print(table([row(report, programs) for report in reports]))
    print()
    print("Run time per program (certify's own seconds, summary.seconds):")
    print()
    print(times(reports, programs))
    notes = [(r.get("implementation", {}).get("name"), r["summary"]["start_error"])
             for r in reports if r.get("summary", {}).get("start_error")]
    if notes:
        print()
        for name, error in notes:
            print(f"- {cell(name)} could not run: {cell(error)}")


if __name__ == "__main__":
    main(sys.argv[1:])
