"""`minimize`: shrinks a failing input, checks that the result fails the same way, and files it in
corpus/regressions/ (only the minimised input, never the original beside it). A finding of a
target that tests another implementation (external, plugin) is that implementation's bug, not
xfen's: the minimal record goes to artifacts/TARGET/minimized-<sha1> instead, and --save-cases
turns it into a conformance case with `xfen certify --inputs … --save-cases`, as generative
certification turns its minimal records into cases.

Two stages, both on the build without the structure-aware mutator (see project.py):
  1. libFuzzer's -minimize_crash, fast and in-process, for crashes and broken laws;
  2. byte-chunk removal (delta debugging), one process per try, for what libFuzzer cannot shrink
     (timeouts, leaks, a crash it loses) and to trim its result further while time remains.
Every candidate must give the original finding's signature: the same law, or the same kind of
error in the same top frames. A run that does not finish (libFuzzer's timeout, or killed when even
that did not stop it) needs only not to finish again: where the alarm finds the process depends
on when it rings, not on the bug.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from finding import Finding
from inputs import Input, escaped
from libfuzzer import GRACE_SECONDS, run, run_input
from project import ORACLE_TARGETS, PROGRAM_TARGET, Project, UsageError
from regressions import add_regression
from reproduce import check


_DOES_NOT_FINISH = ("timeout", "hang")  # finding.py's kind for libFuzzer's timeout; libfuzzer.py's kill


def choose_target(project: Project, item: Input, named: str | None) -> tuple[str, Finding]:
    """The named target; else the one whose folder holds the input (libFuzzer wrote it to
    artifacts/TARGET/), if it fails there; else the first target it fails."""
    known = project.targets()
    # A folder of artifacts of a target built but not listed names it too; `external` needs its program.
    known += [target for target in project.unlisted_targets()
              if target not in known and (target != PROGRAM_TARGET or os.environ.get("XFEN_FUZZ_IMPL"))]
    folder = item.path.resolve().parent.name if item.path else None
    if named:
        rounds = [project.expand_targets([named])]
    elif folder in known:
        rounds = [[folder], [target for target in known if target != folder]]
    else:
        rounds = [known]
    for targets in rounds:
        project.build_targets(targets, plain=True)
        for target, finding in check(project, targets, item).items():
            if finding:
                return target, finding
    where = f"target {named}" if named else "any target"
    raise NotFailing(f"{item.name} does not make {where} fail: nothing to minimise "
                     f"(scripts/xfen-fuzz reproduce {item.name} runs it through every target)")


class NotFailing(Exception):
    """The input does not fail (exit status 1)."""


def _libfuzzer_minimize(project: Project, target: str, data: bytes, seconds: int, runs: int) -> bytes | None:
    with tempfile.TemporaryDirectory() as scratch:
        original, result = Path(scratch) / "input", Path(scratch) / "minimized"
        original.write_bytes(data)
        run([str(project.binary(target, plain=True)), "-minimize_crash=1", f"-runs={runs}",
             f"-max_total_time={seconds}", *project.replay_flags(target),
             f"-exact_artifact_path={result}", str(original)], Path(scratch), seconds + GRACE_SECONDS * 2)
        return result.read_bytes() if result.is_file() else None


def shrink(data: bytes, fails_the_same: Callable[[bytes], bool], deadline: float) -> bytes:
    """Removes chunks of bytes, halving the chunk size when no removal of that size keeps the
    failure, down to single bytes, until nothing more can go or the deadline passes."""
    chunk = max(1, len(data) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        removed = False
        start = 0
        while start < len(data) and time.monotonic() < deadline:
            candidate = data[:start] + data[start + chunk:]
            if fails_the_same(candidate):
                data, removed = candidate, True
            else:
                start += chunk
        if not removed:
            chunk //= 2
    return data


def _xfen(project: Project) -> Path:
    xfen = Path(os.environ.get("XFEN") or project.root / "build" / "xfen").resolve()
    if not xfen.is_file():
        raise UsageError(f"{xfen} does not exist: build the command (cmake --preset default && cmake --build "
                         "build --target xfen_cli), or set XFEN to an xfen binary")
    return xfen


def _program_command(project: Project, target: str) -> str:
    """The command that runs the implementation a target tests, for xfen certify."""
    if target == PROGRAM_TARGET:
        return os.environ["XFEN_FUZZ_IMPL"]
    # The plug-in, as a program: fuzz/plugin_adapter.cpp, built beside the target.
    adapter = f"xfen_{target}_adapter"
    project.build_programs([adapter], plain=True)
    return str(project.binary(target, plain=True).parent / adapter)


# What the external target says when it fixes a learnt spelling as the run's declaration.
_LEARNT = re.compile(r"fixed as the declaration for this run: .*\(--accept-spelling ([^)]*)\)")


def _learnt_spelling(project: Project, target: str, minimal: Path) -> str | None:
    """The spelling the target learns and declares when it runs the minimal input; None for X-FEN's."""
    result, _ = run_input(project.binary(target, plain=True), project.replay_flags(target), minimal, project.root)
    match = _LEARNT.search(result.output)
    return None if not match or match.group(1).startswith("none") else match.group(1)


def save_as_case(project: Project, target: str, minimal: Path, cases: Path) -> None:
    """Writes the minimal record (a file holding it alone) as a conformance case: xfen certify
    grades it against the implementation and writes the disagreement (--save-cases), classified
    by the suite's own classifier."""
    program = _program_command(project, target)
    command = [str(_xfen(project)), "certify", "--impl", program]
    if target == PROGRAM_TARGET:
        for option, variable in (("--accept-spelling", "XFEN_FUZZ_ACCEPT_SPELLING"),
                                 ("--accept-layout", "XFEN_FUZZ_ACCEPT_LAYOUT"), ("--supports", "XFEN_FUZZ_SUPPORTS")):
            if os.environ.get(variable):
                command += [option, os.environ[variable]]
        if not os.environ.get("XFEN_FUZZ_ACCEPT_SPELLING"):
            # Undeclared, the target learnt a spelling and held every answer to it: so is the case.
            learnt = _learnt_spelling(project, target, minimal)
            if learnt:
                command += ["--accept-spelling", learnt]
    else:
        # A plug-in declares its own spelling: the case is graded, and written, under it.
        declared = subprocess.run([program, "--declarations"], capture_output=True, text=True, check=True)
        command += declared.stdout.split()
    with tempfile.TemporaryDirectory() as scratch:
        # Named as the artifact, run from its folder: the case's note names the file it came from.
        name = minimal.name
        inputs, written = Path(scratch) / name, Path(scratch) / "cases.jsonl"
        inputs.write_bytes(minimal.read_bytes() + b"\n")
        result = subprocess.run([*command, "--inputs", name, "--save-cases", str(written)],
                                cwd=scratch, capture_output=True, text=True, errors="replace")
        if result.returncode not in (0, 1) or not written.is_file():
            raise UsageError(f"xfen certify could not save the case (exit status {result.returncode}):\n"
                             f"{result.stdout[-2000:]}{result.stderr[-2000:]}")
        saved = [line for line in written.read_text().splitlines() if line.strip()]
    if saved:  # appended: one file gathers the cases of several findings
        with open(cases, "a", encoding="utf-8") as out:
            out.write("".join(line + "\n" for line in saved))
    else:
        raise UsageError(f"xfen certify graded the record a pass against {command[3]}: no case to save "
                         "(its answer depends on what the program was asked before, or on the spelling "
                         "the fuzz target learnt)")
    print(f"conformance case added to {cases}:")
    for line in saved:
        print(f"  {line}")


@dataclass
class Minimised:
    """The smallest input found that fails `target` the same way as the original (`finding`)."""
    target: str
    finding: Finding
    data: bytes


def shrink_finding(project: Project, item: Input, named: str | None, seconds: int, runs: int,
                   oracle_only: bool = False) -> Minimised:
    started = time.monotonic()
    # Every candidate starts the program anew: a shorter first batch to learn its spelling from
    # (200 records tell the spellings apart in every run of the results matrix).
    os.environ.setdefault("XFEN_FUZZ_SPELLING_RECORDS", "200")
    target, finding = choose_target(project, item, named)
    if oracle_only and target not in ORACLE_TARGETS:
        raise UsageError(f"--save-cases is for the external and plugin targets: a finding of {target} is xfen's own bug")
    print(f"=== {item.name} ({len(item.data)} bytes) fails {target}: {finding.signature}")

    def fails_the_same(data: bytes) -> bool:
        found = check(project, [target], Input(item.name, data))[target]
        if found and finding.kind in _DOES_NOT_FINISH:
            return found.kind in _DOES_NOT_FINISH
        return bool(found) and found.signature == finding.signature

    best = item.data
    if finding.kind not in (*_DOES_NOT_FINISH, "leak"):
        shrunk = _libfuzzer_minimize(project, target, best, max(1, seconds // 2), runs)
        if shrunk is not None and len(shrunk) < len(best) and fails_the_same(shrunk):
            best = shrunk
            print(f"libFuzzer -minimize_crash: {len(item.data)} -> {len(best)} bytes")
        else:
            print("libFuzzer -minimize_crash: no smaller input that fails the same way")
    before = len(best)
    best = shrink(best, fails_the_same, started + seconds)
    print(f"byte removal: {before} -> {len(best)} bytes")

    if not fails_the_same(best):  # the final check, whatever the stages did
        raise UsageError(f"the minimised input no longer fails {target} the same way; nothing was written")
    return Minimised(target, finding, best)


def keep_other_implementations_finding(project: Project, item: Input, minimal: Minimised,
                                       save_cases: Path | None) -> Path:
    """Writes a minimal finding of an oracle target to artifacts/TARGET/minimized-<sha1> and, with
    `save_cases`, appends it to that file as a conformance case; returns where it was written."""
    destination = project.artifacts(minimal.target) / f"minimized-{hashlib.sha1(minimal.data).hexdigest()[:12]}"
    destination.parent.mkdir(parents=True, exist_ok=True)
    destination.write_bytes(minimal.data)
    print(f"minimised: {len(item.data)} -> {len(minimal.data)} bytes: {escaped(minimal.data)}")
    for line in minimal.finding.describe():
        print(f"  {line}")
    print(f"written: {project.relative(destination)} (the other implementation's bug: not a regression of xfen's)")
    if save_cases:
        save_as_case(project, minimal.target, destination, save_cases)
    else:
        print(f"next: --save-cases FILE.jsonl writes it as a conformance case")
    return destination


def minimize(project: Project, item: Input, named: str | None, seconds: int, runs: int,
             save_cases: Path | None = None) -> int:
    minimal = shrink_finding(project, item, named, seconds, runs, oracle_only=save_cases is not None)
    if minimal.target in ORACLE_TARGETS:
        keep_other_implementations_finding(project, item, minimal, save_cases)
        return 0
    target, finding, best = minimal.target, minimal.finding, minimal.data
    destination, added = add_regression(project, target, best, finding)
    print(f"minimised: {len(item.data)} -> {len(best)} bytes: {escaped(best)}")
    for line in finding.describe():
        print(f"  {line}")
    state = "written" if added else "already there"
    print(f"{state}: {project.relative(destination)} (noted in corpus/regressions/README.md)")
    # The replay tests of the asan preset: a release build may read a byte too far unnoticed.
    print(f"next: fix the bug; until then `ctest --preset asan -R fuzz_replay` fails naming this file, "
          f"and `scripts/xfen-fuzz reproduce {project.relative(destination)}` shows the finding")
    return 0
