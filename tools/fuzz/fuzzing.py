"""`run` and `ci`: fuzzing a target, reading what it found, and keeping what it learnt.

Every run reads the tracked seeds (corpus/TARGET, corpus/regressions) without writing to them:
libFuzzer writes new inputs only to the first folder it is given, a scratch folder here. `run`
then merges them into the target's working corpus, outside the tracked tree (`merge` moves what
grows coverage into the tracked seeds, explicitly); `ci` throws them away.
"""

from __future__ import annotations

import collections
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from finding import Finding
from inputs import files_of
from libfuzzer import Stats, environment, read_stats, run, run_input
from project import Project
from report import print_finding

_ARTIFACT_PREFIXES = ("crash-", "leak-", "timeout-", "oom-", "slow-unit-")
_ECHOED = ("INITED", "pulse", "DONE", " job: ")
# A run of hours, or a target that prints, must not fill the disk: the log keeps its start and
# its last lines.
_LOG_HEAD_BYTES = 16 * 1024 * 1024
_LOG_TAIL_LINES = 2000


@dataclass
class Outcome:
    target: str
    exit_code: int
    stats: Stats
    log: Path
    interrupted: bool = False  # by Ctrl-C: libFuzzer stops cleanly, with its own exit status
    findings: dict[str, tuple[Finding, list[Path]]] = field(default_factory=dict)

    @property
    def failed(self) -> bool:
        return bool(self.findings) or (self.exit_code != 0 and not self.interrupted)


def fuzz_once(project: Project, target: str, seconds: int, jobs: int, scratch: Path, artifacts: Path,
              extra: list[str], echo: bool) -> Outcome:
    """Fuzzes one target into `scratch/new`, artifacts into `artifacts`, and groups what it found."""
    new = scratch / "new"
    new.mkdir(parents=True, exist_ok=True)
    artifacts.mkdir(parents=True, exist_ok=True)
    before = {path.name for path in artifacts.iterdir()}
    flags = project.fuzzing_flags(target, max_total_time=str(seconds), print_final_stats="1",
                                  artifact_prefix=f"{artifacts}/")
    if jobs > 1:
        flags.append(f"-fork={jobs}")
    folders = [new] + [folder for folder in (project.working_corpus(target), *project.seed_folders(target),
                                             project.regressions) if folder.is_dir()]
    command = [str(project.binary(target)), *flags, *extra, *map(str, folders)]
    log = scratch / "fuzz.log"
    exit_code, interrupted = _stream(command, scratch, log, echo, prefix=f"  {target}: ")
    output = log.read_text(errors="replace")
    # New files, and those the log names: an input found again has the name it had the first time.
    named = {Path(match) for match in re.findall(r"Test unit written to (\S+)", output)}
    found = sorted(path for path in artifacts.iterdir()
                   if (path.name not in before or path in named) and path.name.startswith(_ARTIFACT_PREFIXES))
    outcome = Outcome(target, exit_code, read_stats(output), log, interrupted)
    for path in found:
        _, finding = run_input(project.binary(target), project.replay_flags(target), path, project.root)
        if finding:
            outcome.findings.setdefault(finding.signature, (finding, []))[1].append(path)
    return outcome


def _stream(command: list[str], cwd: Path, log: Path, echo: bool, prefix: str) -> tuple[int, bool]:
    """Runs libFuzzer with its output going to `log`, echoing its progress lines when asked; returns
    its exit status and whether Ctrl-C stopped it. Ctrl-C reaches libFuzzer too (same process
    group), which stops and prints its final figures."""
    interrupted = False
    written = 0
    tail: collections.deque[str] = collections.deque(maxlen=_LOG_TAIL_LINES)
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   env=environment(), text=True, errors="replace")

        def keep(line: str) -> None:
            nonlocal written
            if written < _LOG_HEAD_BYTES:
                out.write(line)
                written += len(line)
            else:
                tail.append(line)

        try:
            for line in process.stdout:
                keep(line)
                if echo and line.startswith("#") and any(marker in line for marker in _ECHOED):
                    print(prefix + line.rstrip(), flush=True)
        except KeyboardInterrupt:
            interrupted = True
            print(f"{prefix}interrupted; waiting for libFuzzer to stop", flush=True)
            # Again, to libFuzzer itself: a Ctrl-C that reached it between its fork and its exec
            # was lost (it still had Python's handler, which only notes the signal), and it would
            # fuzz on while this waits for its end (a CI run: 120 s, then the test's timeout).
            if process.poll() is None:
                process.send_signal(signal.SIGINT)
            for line in process.stdout.read().splitlines(keepends=True):
                keep(line)
        if tail:  # the end holds the report and the final figures
            out.write(f"... (output past {_LOG_HEAD_BYTES} bytes left out but for its last lines)\n")
            out.writelines(tail)
        return process.wait(), interrupted


def _own_lines(outcome: Outcome) -> list[str]:
    """The lines the target itself wrote about stopping (`fuzz_TARGET: …`), when it ended with the
    usage-error status 2."""
    if outcome.exit_code != 2:
        return []
    prefix = f"fuzz_{outcome.target}: "
    with open(outcome.log, encoding="utf-8", errors="replace") as log:
        return [line.rstrip() for line in log if line.startswith(prefix)]


def stopped_for_usage(outcome: Outcome) -> bool:
    """The target ended itself with a usage error (exit 2, no input kept): not a finding."""
    return outcome.exit_code == 2 and not outcome.findings and not outcome.interrupted


def report(project: Project, outcome: Outcome) -> None:
    """Each distinct finding once, with how many artifacts show it and how to go on."""
    if not outcome.failed:
        return
    if not outcome.findings:
        # A target that stops itself says why (an oracle target whose program shows no single
        # spelling, exit 2: a declaration fixes it): its own lines, not only the log's name.
        for line in _own_lines(outcome):
            print(f"  {line}")
        print(f"  {outcome.target}: libFuzzer exited with status {outcome.exit_code} and wrote no input "
              f"that fails again; its log: {project.relative(outcome.log)}")
        return
    count = sum(len(paths) for _, paths in outcome.findings.values())
    print(f"  {outcome.target}: {len(outcome.findings)} distinct finding(s) in {count} artifact(s)")
    for finding, paths in outcome.findings.values():
        print_finding(finding, inputs=paths, project=project)


def merge_into(project: Project, target: str, destination: Path, sources: list[Path], scratch: Path) -> int:
    """libFuzzer -merge=1: copies into `destination` each input of `sources` that reaches a feature
    the inputs already there do not. Returns how many files it added."""
    destination.mkdir(parents=True, exist_ok=True)
    before = len(files_of(destination))
    merge_tmp = scratch / "merge-tmp"
    merge_tmp.mkdir(exist_ok=True)
    env = environment()
    env["TMPDIR"] = str(merge_tmp)
    result = run([str(project.binary(target)), "-merge=1", *project.replay_flags(target),
                  f"-artifact_prefix={scratch}/merge-", str(destination), *map(str, sources)],
                 scratch, 3600, env)
    if result.exit_code != 0:
        raise RuntimeError(f"the merge into {destination} failed:\n{result.output[-3000:]}")
    return len(files_of(destination)) - before


def run_command(project: Project, targets: list[str], seconds: int, jobs: int, keep: bool,
                extra: list[str]) -> int:
    project.build_targets(targets)
    failed = []
    usage_errors = []  # targets that stopped themselves asking for a setting (exit 2)
    for target in targets:
        working = project.working_corpus(target)
        print(f"=== fuzzing {target} {f'for {seconds} s' if seconds else 'until Ctrl-C'}, {jobs} job(s); working corpus "
              f"{project.relative(working)} ({len(files_of(working)) if working.is_dir() else 0} inputs) "
              f"+ {' + '.join(project.relative(folder) for folder in project.seed_folders(target))} + corpus/regressions")
        with tempfile.TemporaryDirectory(prefix=f"xfen-fuzz-{target}-") as scratch_name:
            scratch = Path(scratch_name)
            outcome = fuzz_once(project, target, seconds, jobs, scratch, project.artifacts(target), extra,
                                echo=True)
            working.mkdir(parents=True, exist_ok=True)
            last_log = working.parent / f"{target}-last-run.log"
            shutil.copy(outcome.log, last_log)
            outcome.log = last_log
            print(f"  {target}: {outcome.stats.exec_per_second} exec/s, {outcome.stats.edges} edges, "
                  f"{outcome.stats.runs} runs")
            if outcome.failed:
                (usage_errors if stopped_for_usage(outcome) else failed).append(target)
                report(project, outcome)
                print(f"  {target}: the working corpus is left as it was (inputs from a failing run are not kept)")
            elif keep:
                added = merge_into(project, target, working, [scratch / "new"], scratch)
                print(f"  {target}: working corpus +{added} inputs (now {len(files_of(working))}); "
                      f"`scripts/xfen-fuzz merge {target}` moves what grows coverage into corpus/{target}/")
            if outcome.interrupted:
                break  # Ctrl-C stops the whole run, after keeping what this target learnt
    stopped = f", {len(usage_errors)} stopped asking for a setting: {', '.join(usage_errors)}" if usage_errors else ""
    print(f"run: {len(targets)} target(s), {len(failed)} with findings{': ' + ', '.join(failed) if failed else ''}"
          f"{stopped}")
    return 1 if failed else 2 if usage_errors else 0


def ci_command(project: Project, targets: list[str], seconds: int, parallel: int) -> int:
    """Every target for `seconds` on the tracked seeds, nothing kept but the artifacts of a
    failure (libFuzzer writes none otherwise); `parallel` targets at a time (one core each)."""
    project.build_targets(targets)
    started = time.monotonic()
    outcomes: dict[str, Outcome] = {}
    with tempfile.TemporaryDirectory(prefix="xfen-fuzz-ci-") as scratch_name:
        pending = list(targets)
        lock = threading.Lock()

        def worker() -> None:
            while True:
                with lock:
                    if not pending:
                        return
                    target = pending.pop(0)
                scratch = Path(scratch_name) / target
                outcome = fuzz_once(project, target, seconds, 1, scratch, project.artifacts(target), [],
                                    echo=False)
                with lock:
                    outcomes[target] = outcome
                    _print_ci_line(project, outcome)

        threads = [threading.Thread(target=worker) for _ in range(max(1, parallel))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    failed = [target for target in targets if outcomes[target].failed]
    print(f"fuzz: {len(targets)} target(s), {seconds} s each, {parallel} at a time, "
          f"{time.monotonic() - started:.0f} s in all; {len(failed)} failed{': ' + ', '.join(failed) if failed else ''}")
    return 1 if failed else 0


def _print_ci_line(project: Project, outcome: Outcome) -> None:
    stats = outcome.stats
    if not outcome.failed:
        print(f"fuzz {outcome.target}: {stats.exec_per_second} exec/s, {stats.edges} edges (cov), "
              f"{stats.runs} runs", flush=True)
        return
    print(f"fuzz {outcome.target}: FAILED (libFuzzer exit status {outcome.exit_code}) after {stats.runs} runs")
    report(project, outcome)
    if not outcome.findings:
        print(outcome.log.read_text(errors="replace")[-3000:])
