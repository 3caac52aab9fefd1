"""`reproduce`: every input through every target, whole (no max_len, so never truncated), each
finding printed once with the targets it broke."""

from __future__ import annotations

import tempfile
from pathlib import Path

from finding import Finding
from inputs import Input, escaped
from libfuzzer import run_input
from project import Project
from report import print_finding


def check(project: Project, targets: list[str], item: Input) -> dict[str, Finding | None]:
    """What each target makes of the input: None for a pass, else the finding."""
    results: dict[str, Finding | None] = {}
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "input"
        path.write_bytes(item.data)
        for target in targets:
            _, finding = run_input(project.binary(target, plain=True), project.replay_flags(target), path,
                                   project.root)
            results[target] = finding
    return results


def print_findings(results: dict[str, Finding | None], indent: str = "  ") -> None:
    """One block per distinct finding, naming every target that reported it."""
    by_signature: dict[str, tuple[Finding, list[str]]] = {}
    for target, finding in results.items():
        if finding:
            by_signature.setdefault(finding.signature, (finding, []))[1].append(target)
    for finding, targets in by_signature.values():
        print_finding(finding, indent, targets=targets)


def reproduce(project: Project, targets: list[str], inputs: list[Input]) -> int:
    project.build_targets(targets, plain=True)
    failing_inputs = 0
    signatures: set[str] = set()
    for item in inputs:
        results = check(project, targets, item)
        failed = [target for target, finding in results.items() if finding]
        verdicts = ", ".join(f"{target} {'FAILED' if results[target] else 'passed'}" for target in targets)
        print(f"{item.name} ({len(item.data)} bytes): {escaped(item.data)}")
        print(f"  {verdicts}")
        print_findings(results)
        if failed:
            failing_inputs += 1
            signatures.update(finding.signature for finding in results.values() if finding)
    print(f"reproduce: {len(inputs)} input(s) through {len(targets)} target(s): {failing_inputs} failing, "
          f"{len(inputs) - failing_inputs} passing; {len(signatures)} distinct finding(s)")
    return 1 if failing_inputs else 0
