"""`minimize`: shrinks a failing input, checks that the result fails the same way, and files it in
corpus/regressions/ (only the minimised input, never the original beside it).

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

import tempfile
import time
from pathlib import Path
from typing import Callable

from finding import Finding
from inputs import Input, escaped
from libfuzzer import GRACE_SECONDS, run
from project import Project, UsageError
from regressions import add_regression
from reproduce import check


_DOES_NOT_FINISH = ("timeout", "hang")  # finding.py's kind for libFuzzer's timeout; libfuzzer.py's kill


def choose_target(project: Project, item: Input, named: str | None) -> tuple[str, Finding]:
    """The named target; else the one whose folder holds the input (libFuzzer wrote it to
    artifacts/TARGET/), if it fails there; else the first target it fails."""
    known = project.targets()
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


def minimize(project: Project, item: Input, named: str | None, seconds: int, runs: int) -> int:
    started = time.monotonic()
    target, finding = choose_target(project, item, named)
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
