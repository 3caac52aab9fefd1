"""How a finding is shown, the same way by `run`, `ci`, `reproduce` and `dedup`: its signature and
how many inputs show it, the targets it broke, the report's details and our frames, then the
smallest input (escaped and in base64, to paste into a test or a bug report) and what to do next."""

from __future__ import annotations

import base64
import os
import shlex
from pathlib import Path

from finding import Finding
from inputs import escaped
from project import Project


def print_finding(finding: Finding, indent: str = "  ", *, inputs: list[Path] | None = None,
                  targets: list[str] | None = None, project: Project | None = None) -> None:
    """One block. With `inputs` (files that show the finding) and `project`, the smallest of them
    and the command that minimises it."""
    count = f" ({len(inputs)} input(s))" if inputs else ""
    print(f"{indent}finding: {finding.signature}{count}")
    if targets:
        print(f"{indent}  targets: {', '.join(targets)}")
    for line in finding.describe():
        print(f"{indent}  {line}")
    if inputs and project:
        smallest = min(inputs, key=lambda path: path.stat().st_size)
        data = smallest.read_bytes()
        print(f"{indent}  input:   {escaped(data)}")
        print(f"{indent}  base64:  {base64.b64encode(data).decode()}")
        print(f"{indent}  kept:    {project.relative(smallest)}")
        program = ""
        given = os.environ.get("XFEN_FUZZ_IMPL_GIVEN") or os.environ.get("XFEN_FUZZ_IMPL")
        if finding.kind == "disagreement" and given:
            # The program the external target ran: the command line that minimises needs it too.
            program = f" --impl {shlex.quote(given)} --save-cases FILE.jsonl"
        elif finding.kind == "disagreement":
            program = " --save-cases FILE.jsonl"
        print(f"{indent}  next:    scripts/xfen-fuzz minimize {project.relative(smallest)}{program}")
