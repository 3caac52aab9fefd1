"""Builds and tests one mutant at a time in a private copy of the source tree.

The real tree is never written to: the copy is brought up to date from it at the start of every
run (so a mutant left behind by a killed run is overwritten), and each mutant is restored in a
`finally`, then checked byte for byte. Only the file that changed is rewritten, so the build is
incremental: a library .cpp recompiles one object and relinks the shared library (the mutate
preset links tests against libxfen.so without relinking them); a public header recompiles all
that includes it.
"""

from __future__ import annotations

import dataclasses
import fcntl
import json
import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable, Sequence

from mutants import Mutant

OUTCOMES = ("killed", "survived", "timeout", "did-not-compile")


@dataclasses.dataclass
class Result:
    mutant: Mutant
    outcome: str
    seconds: float
    detail: str = ""
    mode: str = "classic"  # how it was decided: "schemata" (one build for all) or "classic"


@dataclasses.dataclass
class Completed:
    returncode: int | None  # None: timed out and killed
    output: str


def start_group(command: Sequence[str], cwd: Path, env: dict | None = None) -> subprocess.Popen:
    """A command in its own process group, its output (both streams) captured as text."""
    return subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, start_new_session=True, text=True,
                            errors="replace")


def finish_group(process: subprocess.Popen, timeout: float) -> Completed:
    """Waits for a start_group process; kills the whole group on timeout, so that no test
    process of a looping mutant outlives it, and when the run itself is stopped."""
    try:
        output, _ = process.communicate(timeout=timeout)
        return Completed(process.returncode, output)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return Completed(None, output)
    except BaseException:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        raise


def run_group(command: Sequence[str], cwd: Path, timeout: float, env: dict | None = None) -> Completed:
    return finish_group(start_group(command, cwd, env), timeout)


class Workspace:
    """A copy of the source tree under `root`/tree that mutants are written into."""

    def __init__(self, root: Path):
        self.root = root
        self.tree = root / "tree"
        self._marker = root / "applied-mutant.json"
        self._lock = None

    def lock(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self._lock = open(self.root / "lock", "w")
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SystemExit(f"mutate: {self.root} is in use by another run")

    def unlock(self) -> None:
        if self._lock:
            self._lock.close()
            self._lock = None

    def interrupted_mutant(self) -> str | None:
        """The mutant a previous run left applied (it was killed), if any."""
        return self._marker.read_text() if self._marker.exists() else None

    def sync(self, source: Path, files: Sequence[str], keep: Sequence[str],
             overrides: dict[str, str] | None = None) -> int:
        """Makes the copy equal to `files` of `source`, with the text of `overrides` in place of
        some: writes what differs (leaving the rest untouched, for incremental builds) and removes
        what is gone, except `keep`."""
        copied = 0
        overrides = overrides or {}
        wanted = set(files) | set(overrides)
        for name in sorted(wanted):
            src, dst = source / name, self.tree / name
            content = overrides[name].encode() if name in overrides else src.read_bytes()
            if dst.is_file() and dst.read_bytes() == content:
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(content)  # now, not the source's time: it differs from what was built
            copied += 1
        for path in sorted(self.tree.rglob("*"), reverse=True):
            name = path.relative_to(self.tree).as_posix()
            if any(name == k or name.startswith(k + "/") for k in keep):
                continue
            if path.is_file() and name not in wanted:
                path.unlink()
        if self._marker.exists():
            self._marker.unlink()
        return copied

    def run(self, mutant: Mutant, body: Callable[[], Result]) -> Result:
        """Writes the mutant, calls `body`, and restores the file whatever happens."""
        path = self.tree / mutant.file
        original = path.read_bytes()
        self._marker.write_text(json.dumps({"id": mutant.id, "key": mutant.key}))
        try:
            path.write_text(mutant.apply(original.decode()))
            return body()
        finally:
            path.write_bytes(original)
            if path.read_bytes() != original:
                raise SystemExit(f"mutate: could not restore {path}")
            self._marker.unlink()


class TestOrder:
    """The order in which a mutant's tests are tried: cheapest first, the latest killer in front."""

    def __init__(self, seconds: dict[str, float]):
        self._lock = threading.Lock()
        self._order = sorted(seconds, key=lambda name: seconds[name])

    def current(self) -> list[str]:
        with self._lock:
            return list(self._order)

    def killed_by(self, name: str) -> None:
        with self._lock:
            self._order.remove(name)
            self._order.insert(0, name)


@dataclasses.dataclass
class Step:
    """Part of a mutant's suite: what to build, then the test to run, each returning a Completed.
    A suite of several steps builds test by test, so a mutant killed by its first test never
    pays for the others' builds."""
    name: str
    build: Callable[[float], Completed]
    test: Callable[[float], Completed]
    timeout: float


def test_mutant(workspace: Workspace, mutant: Mutant, steps: Callable[[], Sequence[Step]],
                build_timeout: float, killed_by: Callable[[str], None] = lambda name: None) -> Result:
    """Builds and tests `mutant` step by step until a step fails; `killed_by` hears which killed it."""
    def body() -> Result:
        started = time.monotonic()
        for step in steps():
            built = step.build(build_timeout)
            if built.returncode != 0:
                detail = "build timed out" if built.returncode is None else first_error(built.output)
                return Result(mutant, "did-not-compile", time.monotonic() - started, detail)
            tested = step.test(step.timeout)
            if tested.returncode is None:
                return Result(mutant, "timeout", time.monotonic() - started,
                              f"{step.name} ran over {step.timeout:.0f} s")
            if tested.returncode != 0:
                killed_by(step.name)
                return Result(mutant, "killed", time.monotonic() - started,
                              failed_tests(tested.output) or step.name)
        return Result(mutant, "survived", time.monotonic() - started)
    return workspace.run(mutant, body)


def first_error(output: str) -> str:
    """The compiler's first error line, or the output's last line when no line says "error"."""
    lines = [line for line in output.splitlines() if "error" in line] or output.strip().splitlines()[-1:]
    return lines[0][:200] if lines else ""


def failed_tests(ctest_output: str) -> str:
    """The names of the failed ctest entries, e.g. 'conformance_test, cli_test'."""
    names = re.findall(r"^\s*\d+ - (\S+) \(", ctest_output, re.M)
    return ", ".join(dict.fromkeys(names))[:200]
