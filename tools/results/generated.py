#!/usr/bin/env python3
"""The findings of generative certification runs, as Markdown: the runs, the disagreements no case
of the suite showed, then each run's groups.

  generated.py REPORT.json...      (JSON reports of `xfen certify --generate`)

Per run: its name and version, profile, seed, the records generated, why it stopped, cases/s,
the groups, how many no suite case shows, and the time spent shrinking. Then every group no suite
case shows (with --suite-report; "?" when the run was not compared): the run, its key, the
minimal record, the program's answer and the command that replays it. Then per run, every group:
its key, the records that fell into it, the minimal record and its length, the answers asked to
shrink it, the suite case that fails the same way (or "new"), and the record it was first met
on (`--seed S --from I --generate 1` replays it). Python's standard library only; exit status 2
for a file that is not the JSON report of a generative run.
"""
import json
import sys


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def code(text):
    text = str(text)
    fence = "``" if "`" in text else "`"
    return f"{fence}{text}{fence}" if text else ""


def suite_column(group, compared):
    """The suite case failing with the group's key; "**new**" when none does; "?" uncompared."""
    if not compared:
        return "?"
    return cell(group["suite_case"]) if group.get("suite_case") else "**new**"


def read(path):
    try:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
    except (OSError, ValueError) as error:
        print(f"generated.py: {path}: {error}", file=sys.stderr)
        sys.exit(2)
    if not isinstance(report.get("generative"), dict):
        print(f"generated.py: {path}: not the report of a generative run (no \"generative\" member)",
              file=sys.stderr)
        sys.exit(2)
    return report


def answer_of(report, group):
    case = next((c for c in report["cases"] if c["id"] == group["case"]), None)
    if case is None:
        return ""
    return case["answer"] if case.get("answer") is not None else case["verdict"]


def main(paths):
    if not paths:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    reports = [read(path) for path in paths]
    lines = ["| run | version | profile | seed | records | stopped by | cases/s | groups | new | shrinking |",
             "|---|---|---|---:|---:|---|---:|---:|---:|---:|"]
    for report in reports:
        g, program = report["generative"], report["implementation"]
        compared = g.get("suite_report") is not None
        new = sum(not group.get("suite_case") for group in g["groups"]) if compared else "?"
        lines.append(f"| {cell(program['name'])} | {cell(program['version'] or '')} | {g['profile']} "
                     f"| {g['seed']} | {g['generated']} | {cell(g['stopped_by'])} | {g['cases_per_second']:.0f} "
                     f"| {len(g['groups'])} | {new} | {g['shrink_seconds']:.1f} s |")
    lines += ["", "## Found by generation only", "",
              "| run | group | minimal record | answer | replay |", "|---|---|---|---|---|"]
    for report in reports:
        g = report["generative"]
        if g.get("suite_report") is None:
            continue
        for group in g["groups"]:
            if not group.get("suite_case"):
                lines.append(f"| {cell(report['implementation']['name'])} | {cell(group['key'])} "
                             f"| {cell(code(group['minimal']))} | {cell(code(answer_of(report, group)))} "
                             f"| {cell(code(group['replay']))} |")
    for report in reports:
        g = report["generative"]
        compared = g.get("suite_report") is not None
        lines += ["", f"## {cell(report['implementation']['name'])}", ""]
        if not g["groups"]:
            lines.append(f"No disagreement in {g['generated']} records.")
            continue
        lines += ["| group | records | minimal record | bytes | answers asked | suite | first record |",
                  "|---|---:|---|---:|---:|---|---:|"]
        for group in g["groups"]:
            bound = " (bound reached)" if group["call_bound_reached"] else ""
            lines.append(f"| {cell(group['key'])} | {group['records']} | {cell(code(group['minimal']))} "
                         f"| {group['minimal_bytes']} | {group['calls']}{bound} | {suite_column(group, compared)} "
                         f"| {group['record_index']} |")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
