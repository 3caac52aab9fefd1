"""`programs`: the external target against every real implementation of the results matrix
(examples/adapters/programs.json, installed by scripts/install-adapters.sh), one after the other:
each fuzzed for a while, every distinct finding minimised and written as a conformance case, and a
summary table. A long check, run by hand (docs: fuzz/README.md), never by .ci/run.

A program that fails on many records would stop a libFuzzer run at its first finding; the target
goes on instead (XFEN_FUZZ_KEEP_GOING, fuzz/external.cpp): each new disagreement reported once and
its input kept, so that one run shows the distinct ways a program disagrees, each once.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from finding import Finding
from fuzzing import fuzz_once
from inputs import Input, escaped
from minimize import NotFailing, keep_other_implementations_finding, shrink_finding
from reproduce import check
from project import PROGRAM_TARGET, Project, UsageError


@dataclass
class ProgramResult:
    name: str
    exec_per_second: str = "?"
    runs: str = "?"
    findings: list[tuple[str, bytes]] = field(default_factory=list)  # (signature, minimal record)
    note: str = ""


def _declarations(project: Project, program: dict) -> dict[str, str]:
    """The program's run options that the external target reads from its environment. Its command
    is relative to the source tree, and the targets run in scratch folders."""
    environment = {"XFEN_FUZZ_IMPL": f"cd {shlex.quote(str(project.root))} && {program['command']}",
                   "XFEN_FUZZ_SUPPORTS": ",".join(program["supports"])}
    options = program.get("options", [])
    for option, variable in (("--accept-spelling", "XFEN_FUZZ_ACCEPT_SPELLING"),
                             ("--accept-layout", "XFEN_FUZZ_ACCEPT_LAYOUT"), ("--timeout-ms", "XFEN_FUZZ_TIMEOUT_MS")):
        if option in options:
            environment[variable] = options[options.index(option) + 1]
    return environment


def _key(finding: Finding | None) -> str:
    return finding.signature.removeprefix(f"disagreement in {PROGRAM_TARGET}: ") if finding else "no longer fails"


def _key_of(project: Project, data: bytes) -> str:
    """The disagreement key of a record, asked of the program again."""
    return _key(check(project, [PROGRAM_TARGET], Input("record", data))[PROGRAM_TARGET])


def programs_command(project: Project, seconds: int, only: list[str], out: Path, minimize_seconds: int) -> int:
    manifest = project.root / "examples" / "adapters" / "programs.json"
    programs = json.loads(manifest.read_text())["programs"]
    unknown = [name for name in only if name not in {p["name"] for p in programs}]
    if unknown:
        raise UsageError(f"no run named {', '.join(unknown)} in {project.relative(manifest)}")
    selected = [p for p in programs if not only or p["name"] in only]
    os.environ["XFEN_FUZZ_IMPL"] = "true"  # so that the target is known while building
    project.build_targets([PROGRAM_TARGET])
    project.build_targets([PROGRAM_TARGET], plain=True)
    out.mkdir(parents=True, exist_ok=True)
    results = []
    for program in selected:
        started = time.monotonic()
        declared = _declarations(project, program)
        for variable in ("XFEN_FUZZ_ACCEPT_SPELLING", "XFEN_FUZZ_ACCEPT_LAYOUT", "XFEN_FUZZ_TIMEOUT_MS"):
            os.environ.pop(variable, None)
        os.environ.update(declared)
        result = ProgramResult(program["name"])
        artifacts = out / program["name"]
        scratch = out / f".scratch-{program['name']}"
        for folder in (artifacts, scratch):
            shutil.rmtree(folder, ignore_errors=True)
        artifacts.mkdir(parents=True)
        # One run, going on past findings: each new disagreement reported once, its input kept
        # (fuzz/external.cpp, XFEN_FUZZ_KEEP_GOING).
        os.environ["XFEN_FUZZ_KEEP_GOING"] = str(artifacts)
        try:
            outcome = fuzz_once(project, PROGRAM_TARGET, seconds, 1, scratch, artifacts, [], echo=False)
        finally:
            del os.environ["XFEN_FUZZ_KEEP_GOING"]
        result.exec_per_second, result.runs = outcome.stats.exec_per_second, outcome.stats.runs
        shutil.rmtree(scratch, ignore_errors=True)
        cases = out / f"{program['name']}.cases.jsonl"
        cases.unlink(missing_ok=True)
        found = sorted(artifacts.glob("disagreement-*"), key=lambda path: int(path.name.split("-")[1]))
        found += [paths[0] for _, paths in outcome.findings.values()]  # what stopped the run, if anything
        for path in found:
            try:
                item = Input(str(path), path.read_bytes(), path)
                minimal = shrink_finding(project, item, PROGRAM_TARGET, minimize_seconds, 20000)
                keep_other_implementations_finding(project, item, minimal, cases)
                result.findings.append((_key(minimal.finding), minimal.data))  # the last check gave this signature
            except (NotFailing, UsageError) as error:
                # A program whose answer depends on what it was asked before (ffish) may not fail
                # again on the record alone.
                result.findings.append((_key_of(project, path.read_bytes()), path.read_bytes()))
                print(f"  {program['name']}: {path.name}: not minimised: {error}")
        if not outcome.findings and outcome.exit_code != 0:
            result.note = outcome.log.read_text(errors="replace")[-300:] if outcome.log.is_file() else "failed"
        print(f"{program['name']}: {result.exec_per_second} exec/s, {result.runs} runs, "
              f"{len(result.findings)} distinct finding(s), {time.monotonic() - started:.0f} s", flush=True)
        results.append(result)
        _write_summary(out / "summary.md", results, seconds)  # after each: a long run shows as it goes
    print(f"programs: {len(results)} run(s); summary in {out / 'summary.md'}, cases in {out}/NAME.cases.jsonl")
    return 0


def _write_summary(path: Path, results: list[ProgramResult], seconds: int) -> None:
    lines = [f"| run | exec/s | runs in {seconds} s | distinct findings | minimal records |", "|---|---:|---:|---:|---|"]
    for result in results:
        records = "<br>".join(f"{key}: `{escaped(record)}`"
                              for key, record in result.findings) or result.note.replace("\n", " ")[:200]
        lines.append(f"| {result.name} | {result.exec_per_second} | {result.runs} | {len(result.findings)} | "
                     f"{records} |")
    path.write_text("\n".join(lines) + "\n")
