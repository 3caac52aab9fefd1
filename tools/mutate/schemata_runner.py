"""Runs mutants compiled in as schemata (schemata.py): one build, then each mutant is the suite run
with XFEN_MUTANT set, two or more at once.

A mutant's suite runs test by test and stops at the first failure. The tests are tried cheapest
first, and a test that kills a mutant moves to the front: neighbouring mutants (the same function)
tend to die by the same test, so most cost one short test run.
"""

from __future__ import annotations

import concurrent.futures
import os
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable, Sequence

import schemata
from mutants import Mutant
from runner import Completed, Result, TestOrder, finish_group, start_group

SWITCH_HEADER = Path("tools/mutate/mutant_switch.hpp")


class Processes:
    """The test processes running now, so that a stopped run can take them all down."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running: set[subprocess.Popen] = set()
        self.stopping = False

    def run(self, command: Sequence[str], cwd: Path, timeout: float, env: dict) -> Completed:
        with self._lock:
            if self.stopping:
                raise KeyboardInterrupt
            process = start_group(command, cwd, env)
            self._running.add(process)
        try:
            return finish_group(process, timeout)
        finally:
            with self._lock:
                self._running.discard(process)

    def stop_all(self) -> None:
        with self._lock:
            self.stopping = True
            for process in self._running:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def rewrite_sources(sources: dict[str, str], mutants: list[Mutant], excluded: set[str]):
    """The sources with every mutant and run-time declaration not in `excluded` compiled in; the
    keys left out by the rewriter; and, per file, the keys on each line of the result."""
    by_file: dict[str, list[Mutant]] = {}
    for m in mutants:
        by_file.setdefault(m.file, []).append(m)
    rewritten, left_out, lines = {}, set(), {}
    for path, text in sources.items():
        rewritten[path], crossing, lines[path] = schemata.rewrite_file(
            path, text, by_file.get(path, []), excluded)
        left_out |= set(crossing)
    return rewritten, left_out, lines


def build_schemata(sources: dict[str, str], mutants: list[Mutant],
                   write: Callable[[dict[str, str]], None], build: Callable[[], Completed],
                   log: Callable[[str], None], rounds: int = 8) -> tuple[set[str], str]:
    """Writes and builds the schemata; on compiler errors, leaves out what is on the lines they
    name (mutants, run-time declarations) and builds again. Returns the ids of the mutants left
    out (to run the classic way) and, if it could not build, the compiler's output."""
    excluded: set[str] = set()
    ids = {m.id for m in mutants}
    for _ in range(rounds):
        rewritten, left_out, lines = rewrite_sources(sources, mutants, excluded)
        excluded |= left_out
        write(rewritten)
        built = build()
        if built.returncode == 0:
            return excluded & ids, ""
        if built.returncode is None:
            return excluded & ids, built.output
        blamed, named = set(), set()
        for path, by_line in lines.items():
            for line in schemata.error_lines(built.output, path):
                named.add(path)
                blamed |= set(by_line.get(line, []))
        if blamed - ids:  # a run-time declaration that fails also fails what uses it: undo it first
            blamed -= ids
        if not blamed:  # an error away from any rewritten line: a whole file runs the classic way
            blamed = {m.id for m in mutants if m.file in named} - excluded
        if not blamed:
            return excluded & ids, built.output
        log(f"schemata: the compiler rejects {len(blamed & ids)} mutants and "
            f"{len(blamed - ids)} run-time declarations; those mutants run the classic way")
        excluded |= blamed
    return excluded & ids, "schemata: the build still fails after leaving mutants out"


def run_mutants(mutants: list[Mutant], order: TestOrder, run_test: Callable[[str, Mutant], Completed],
                timeouts: dict[str, float], jobs: int, report: Callable[[Result], None],
                processes: Processes) -> list[Result]:
    """Each mutant's tests in `order` until one fails; `jobs` mutants at a time. Results are in
    the order of `mutants`; `report` sees each as it finishes."""

    def one(mutant: Mutant) -> Result:
        started = time.monotonic()
        for name in order.current():
            ran = run_test(name, mutant)
            if ran.returncode is None:
                return Result(mutant, "timeout", time.monotonic() - started,
                              f"{name} ran over {timeouts[name]:.0f} s", "schemata")
            if ran.returncode != 0:
                order.killed_by(name)
                return Result(mutant, "killed", time.monotonic() - started, name, "schemata")
        return Result(mutant, "survived", time.monotonic() - started, "", "schemata")

    results: dict[str, Result] = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(one, m): m for m in mutants}
        try:
            for future in concurrent.futures.as_completed(futures):
                result = future.result()
                results[result.mutant.id] = result
                report(result)
        except BaseException:
            processes.stop_all()
            for future in futures:
                future.cancel()
            raise
    return [results[m.id] for m in mutants]
