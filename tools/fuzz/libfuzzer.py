"""Running libFuzzer binaries: the sanitizer settings every run gets, one input at a time with a
hard time limit and bounded output, and the figures of a fuzzing run."""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from finding import Finding, read_finding

# Full stacks, abort() (a broken law) reported with its stack, leaks detected, the first report
# final, and three-frame dedup tokens: libFuzzer's -minimize_crash compares them, so a shrunk input
# that fails somewhere else is not taken for the same bug.
_SANITIZER_OPTIONS = {
    "ASAN_OPTIONS": "print_stacktrace=1:handle_abort=1:detect_leaks=1:symbolize=1:abort_on_error=0:"
                    "dedup_token_length=3",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1:handle_abort=1:symbolize=1:dedup_token_length=3",
}
OUTPUT_LIMIT = 4 * 1024 * 1024  # a flooding target is cut here, never held whole
GRACE_SECONDS = 30              # beyond the target's own -timeout, for start-up and the report


def environment() -> dict[str, str]:
    """The sanitizer options above, with the user's own settings taking precedence."""
    env = dict(os.environ)
    for name, ours in _SANITIZER_OPTIONS.items():
        env[name] = f"{ours}:{env[name]}" if env.get(name) else ours
    return env


@dataclass
class Run:
    exit_code: int
    output: str
    timed_out: bool = False


def run(command: list[str], cwd: Path, limit_seconds: float, env: dict[str, str] | None = None) -> Run:
    """Runs a command with its output (stdout and stderr together) in a temporary file, so that a
    flood costs disk up to OUTPUT_LIMIT, not memory; kills it after limit_seconds."""
    with tempfile.TemporaryFile() as log:
        process = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                   env=env or environment(), start_new_session=True)
        timed_out = False
        try:
            process.wait(timeout=limit_seconds)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, 9)
            process.wait()
        log.seek(0)
        text = log.read(OUTPUT_LIMIT).decode("utf-8", "replace")
    return Run(process.returncode, text, timed_out)


def run_input(binary: Path, flags: list[str], input_path: Path, root: Path) -> tuple[Run, Finding | None]:
    """Runs one input through a target: its result and the finding, if it failed."""
    timeout = next((int(flag.split("=", 1)[1]) for flag in flags if flag.startswith("-timeout=")), 25)
    with tempfile.TemporaryDirectory() as scratch:  # libFuzzer may write crash-* files into cwd
        result = run([str(binary), *flags, str(input_path)], Path(scratch), timeout + GRACE_SECONDS)
    if result.timed_out:
        return result, Finding("hang", "hang", [], [f"killed after {timeout + GRACE_SECONDS} s: "
                                                    "libFuzzer's own -timeout did not stop it"])
    return result, read_finding(result.output, result.exit_code, str(root))


@dataclass
class Stats:
    runs: str = "?"
    exec_per_second: str = "?"
    edges: str = "?"
    features: str = "?"


def read_stats(output: str) -> Stats:
    """The figures of a run: in fork mode the last of the parent's status lines ('#N: cov: C
    ft: F corp: K exec/s E ...'; the children's own lines are about one job each), else
    -print_final_stats=1's figures and the last 'cov: C ft: F'."""
    fork = re.findall(r"^#(\d+): cov: (\d+) ft: (\d+) corp: \d+ exec/s (\d+)", output, re.M)
    if fork:
        runs, edges, features, speed = fork[-1]
        return Stats(runs, speed, edges, features)
    stats = Stats()
    for key, attribute in (("number_of_executed_units", "runs"), ("average_exec_per_sec", "exec_per_second")):
        values = re.findall(rf"^stat::{key}:\s*(\d+)", output, re.M)
        if values:
            setattr(stats, attribute, values[-1])
    coverage = re.findall(r"cov: (\d+) ft: (\d+)", output)
    if coverage:
        stats.edges, stats.features = coverage[-1]
    return stats


def coverage_of(binary: Path, folders: list[Path], flags: list[str], cwd: Path) -> tuple[int, int]:
    """(edges, features) that the inputs of the folders reach together: libFuzzer -runs=0 reads
    them all and prints its INITED line. Fails when an input crashes the target."""
    result = run([str(binary), "-runs=0", *flags, *[str(folder) for folder in folders]], cwd, 3600)
    match = re.search(r"INITED cov: (\d+) ft: (\d+)", result.output)
    if result.exit_code != 0 or not match:
        raise RuntimeError(result.output[-4000:])
    return int(match.group(1)), int(match.group(2))
