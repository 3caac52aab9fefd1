#!/usr/bin/env python3
"""The findings of generative certification runs, as Markdown: one table of the runs, then each
run's groups of distinct disagreements.

  generated.py REPORT.json...      (JSON reports of `xfen certify --generate`)

Per run: its name and version, the records generated, why it stopped, cases/s, the groups and the
time spent shrinking; per group: its key, how many generated records fell into it, the minimal
record, its length, the answers asked to shrink it, the suite case that fails the same way (with
--suite-report; "new" when none does) and the command that replays it. Python's
standard library only; exit status 2 for a file that is not the JSON report of a generative run.
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
        sys.exit(f"generated.py: {path}: {error}")
    if not isinstance(report.get("generative"), dict):
        print(f"generated.py: {path}: not the report of a generative run (no \"generative\" member)",
              file=sys.stderr)
        sys.exit(2)
    return report


def main(paths):
    if not paths:
        print(__doc__.split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    reports = [(path, read(path)) for path in paths]
    lines = ["| run | version | profile | seed | records | stopped by | cases/s | groups | shrinking |",
             "|---|---|---|---:|---:|---|---:|---:|---:|"]
    for _, report in reports:
        g, program = report["generative"], report["implementation"]
        lines.append(f"| {cell(program['name'])} | {cell(program['version'] or '')} | {g['profile']} "
                     f"| {g['seed']} | {g['generated']} | {cell(g['stopped_by'])} | {g['cases_per_second']:.0f} "
                     f"| {len(g['groups'])} | {g['shrink_seconds']:.1f} s |")
    for _, report in reports:
        g = report["generative"]
        lines += ["", f"### {cell(report['implementation']['name'])}", ""]
        if not g["groups"]:
            lines.append(f"No disagreement in {g['generated']} records.")
            continue
        compared = g.get("suite_report") is not None
        lines += ["| group | records | minimal record | bytes | calls | shrink time | suite | replay |",
                  "|---|---:|---|---:|---:|---:|---|---|"]
        for group in g["groups"]:
            bound = " (bound reached)" if group["call_bound_reached"] else ""
            lines.append(f"| {cell(group['key'])} | {group['records']} | {cell(code(group['minimal']))} "
                         f"| {group['minimal_bytes']} | {group['calls']}{bound} | {group['shrink_seconds']:.2f} s "
                         f"| {suite_column(group, compared)} | {cell(code(group['replay']))} |")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
