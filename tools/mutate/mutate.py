#!/usr/bin/python3
"""Mutation testing of the xfen core library: how many small faults does a test suite catch?

Usage (from scripts/mutate): mutate.py [--suite conformance|fast] [--list] [--sample N --seed S]
    [--only ID|KEY,...] [--equivalent FILE [--skip-equivalent]] [--fail-on-survivor]
    [--out FILE.jsonl]
See docs/MUTATION.md.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import fnmatch
import functools
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))

import report  # noqa: E402
import schemata  # noqa: E402
import schemata_runner  # noqa: E402
from mutants import Mutant, core_sources, find_mutants  # noqa: E402
from runner import Completed, Result, Step, TestOrder, Workspace, run_group, test_mutant  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
NOT_REACHED = "not reached at run time"
BUILD_DIR = "build-mutate"  # the mutate preset's binaryDir, inside the copy of the tree

# Not part of either suite: packaging and ClusterFuzzLite build the project again from scratch
# (minutes, and they test the build, not the library's behaviour); mutate_tool_test tests this tool
# and fuzz_tool_test scripts/xfen-fuzz, crash_report_test the crash notes, merge_profiles_test the
# coverage merge and clusterfuzzlite_workflows_test the workflows, on programs and files of their own.
# The certification tests drive other programs (seconds to a minute each) and judge xfen by xfen,
# which a mutant of the library changes on both sides; certify_grade_test stays in. The PGN
# commands' tests run the command on files (seconds each); the PGN reader's own tests stay in.
NOT_IN_FAST = ("package_test", "package_subdirectory_test", "package_shared_test", "clusterfuzzlite_test",
               "mutate_tool_test", "fuzz_tool_test", "crash_report_test", "merge_profiles_test",
               "clusterfuzzlite_workflows_test",
               "certify_runner_test", "certify_report_test", "certify_report_check",
               "certify_html_render_test", "certify_test", "certify_self_stream",
               "certify_self_per_case", "adapters_test", "pgn_lint_test", "pgn_canon_test",
               "api_test")


def suite_selection(suite: str) -> list[str]:
    """The ctest arguments that select a suite's entries. Its tests then run one at a time,
    cheapest first (runner.TestOrder), so cli_test (seconds) comes last."""
    if suite == "conformance":
        return ["-R", "^conformance_test$"]
    return ["-E", "|".join(f"^{name}$" for name in NOT_IN_FAST)]


def suite_targets(suite: str) -> list[str]:
    return ["conformance_test"] if suite == "conformance" else []  # [] builds everything


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="scripts/mutate", description=__doc__.splitlines()[0])
    parser.add_argument("--suite", choices=("conformance", "fast"), default="fast")
    parser.add_argument("--list", action="store_true", help="print the mutants; build nothing")
    parser.add_argument("--seed", type=int, default=1, help="picks the --sample (default 1)")
    parser.add_argument("--sample", type=int, metavar="N", help="a fixed, seeded sample of N mutants")
    parser.add_argument("--only", metavar="ID,...", help="only these mutant ids or keys")
    parser.add_argument("--files", metavar="GLOB,...",
                        help="only mutants of these files, e.g. 'src/*' (public headers rebuild "
                             "every test, minutes a mutant)")
    parser.add_argument("--equivalent", type=Path, metavar="FILE", action="append", default=[],
                        help="mutants declared equivalent: 'KEY-or-ID reason' per line; may be "
                             "given more than once")
    parser.add_argument("--skip-equivalent", action="store_true",
                        help="do not run the mutants declared equivalent: count them as they are "
                             "declared (a stale declaration is then not found)")
    parser.add_argument("--fail-on-survivor", action="store_true",
                        help="exit 1 when a mutant not declared equivalent survives")
    parser.add_argument("--out", type=Path, metavar="FILE", help="JSON Lines results")
    parser.add_argument("--report", type=Path, metavar="FILE",
                        help="print the score and survivors of a results file as Markdown; run nothing")
    parser.add_argument("--work-dir", type=Path, default=REPO / "build-mutate",
                        help="the copy of the tree and its build (default build-mutate/)")
    parser.add_argument("--jobs", type=int, default=2, help="build and ctest parallelism (default 2)")
    parser.add_argument("--property-cases", type=int, default=2000,
                        help="XFEN_PROPERTY_CASES for the property tests (default 2000)")
    parser.add_argument("--timeout-factor", type=float, default=10.0,
                        help="a mutant's suite times out after this many times the unmutated "
                             "suite's time (default 10)")
    parser.add_argument("--min-timeout", type=float, default=20.0, help="seconds (default 20)")
    parser.add_argument("--mode", choices=("schemata", "classic"), default="schemata",
                        help="schemata (default): every mutant compiled in once behind a switch; "
                             "classic: one build per mutant")
    parser.add_argument("--confirm", choices=("unreached", "all", "none"), default="unreached",
                        help="which schemata survivors are built the classic way: those no run-time "
                             "code reached (default), all, or none")
    parser.add_argument("--build-timeout", type=float, default=1800.0, help="seconds (default 1800)")
    return parser.parse_args(argv)


def select(mutants: list[Mutant], args) -> list[Mutant]:
    if args.files:
        patterns = args.files.split(",")
        mutants = [m for m in mutants if any(fnmatch.fnmatch(m.file, p) for p in patterns)]
    if args.only:
        wanted = set(args.only.split(","))
        chosen = [m for m in mutants if m.id in wanted or m.key in wanted]
        unknown = wanted - {m.id for m in chosen} - {m.key for m in chosen}
        if unknown:
            raise SystemExit(f"mutate: no such mutant: {', '.join(sorted(unknown))}")
        mutants = chosen
    if args.sample is not None and args.sample < len(mutants):
        picked = set(random.Random(args.seed).sample(range(len(mutants)), args.sample))
        mutants = [m for n, m in enumerate(mutants) if n in picked]
    return mutants


def tree_files() -> list[str]:
    """The files a build of the real tree would see: tracked and untracked, not ignored ones."""
    listing = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard"], check=True, capture_output=True, text=True)
    return sorted({name for name in listing.stdout.split("\0") if name and (REPO / name).is_file()})


class CMakeProject:
    """A copy of the tree, configured with the mutate preset, and its suite."""

    def __init__(self, workspace: Workspace, suite: str, jobs: int, property_cases: int,
                 cxx_flags: str = ""):
        self.tree = workspace.tree
        self.build_dir = self.tree / BUILD_DIR
        self.suite = suite
        self.jobs = jobs
        self.cxx_flags = cxx_flags
        self.env = dict(os.environ, XFEN_PROPERTY_CASES=str(property_cases))
        self.env.pop("RC_PARAMS", None)  # the fixed seed of the ctest entries, whatever the caller's
        self.env.pop("XFEN_MUTANT", None)

    def configure(self) -> None:
        # cmake --build re-runs the configuration when a CMakeLists.txt changed, but not when the
        # preset did: its cache variables only reach an existing cache through --preset. So the
        # preset and the flags it was configured with are kept beside the cache.
        configured_with = f"{self.cxx_flags}\n{(self.tree / 'CMakePresets.json').read_text()}"
        stamp = self.build_dir / "mutate-configured-with.txt"
        if (self.build_dir / "CMakeCache.txt").exists() and stamp.exists() and \
                stamp.read_text() == configured_with:
            return
        generator = ["-G", "Ninja"] if shutil.which("ninja") else []
        flags = [f"-DCMAKE_CXX_FLAGS={self.cxx_flags}"] if self.cxx_flags else []
        subprocess.run(["cmake", "--preset", "mutate", *generator, *flags], cwd=self.tree, check=True,
                       stdout=subprocess.DEVNULL)
        stamp.write_text(configured_with)

    def build(self, timeout: float, keep_going: bool = False) -> Completed:
        targets = [arg for t in suite_targets(self.suite) for arg in ("--target", t)]
        # keep going: one build names every line the compiler rejects (ninja -k 0, make -k)
        native = ["--", "-k", "0"] if keep_going and (self.build_dir / "build.ninja").exists() else \
            ["--", "-k"] if keep_going else []
        return run_group(["cmake", "--build", str(self.build_dir), "-j", str(self.jobs), *targets,
                          *native], self.tree, timeout, self.env)

    def ctest(self, selection: list[str], timeout: float, *extra: str) -> Completed:
        return run_group(["ctest", "--test-dir", str(self.build_dir), "-j", str(self.jobs),
                          "--timeout", str(int(timeout) + 1), *extra, *selection],
                         self.tree, timeout, self.env)

    def test_one_command(self, name: str, timeout: float) -> list[str]:
        return ["ctest", "--test-dir", str(self.build_dir), "-R", f"^{re.escape(name)}$",
                "--timeout", str(int(timeout) + 1)]

    def test_one(self, name: str, timeout: float) -> Completed:
        return run_group(self.test_one_command(name, timeout), self.tree, timeout, self.env)

    def test_names(self) -> list[str]:
        listed = self.ctest(suite_selection(self.suite), 60, "-N").output
        return [line.split(":", 1)[1].strip() for line in listed.splitlines()
                if line.strip().startswith("Test") and "#" in line]

    def test_products(self) -> dict[str, list[str]] | None:
        """What each ctest entry runs from the build: the files under the build directory that
        its command names, as Ninja targets (paths relative to the build directory). None when
        the generator is not Ninja, whose targets are not paths."""
        if not (self.build_dir / "build.ninja").exists():
            return None
        listed = run_group(["ctest", "--test-dir", str(self.build_dir), "--show-only=json-v1"],
                           self.tree, 60, self.env)
        products = {}
        for test in json.loads(listed.output)["tests"]:
            paths = [Path(arg) for arg in test.get("command", [])]
            products[test["name"]] = [str(path.relative_to(self.build_dir)) for path in paths
                                      if path.is_relative_to(self.build_dir) and not path.is_dir()]
        return products

    def build_products(self, products: list[str], timeout: float) -> Completed:
        if not products:
            return Completed(0, "")
        targets = [arg for product in products for arg in ("--target", product)]
        return run_group(["cmake", "--build", str(self.build_dir), "-j", str(self.jobs), *targets],
                         self.tree, timeout, self.env)


def prepare(args, workspace: Workspace, baseline: dict[str, float] | None = None
            ) -> tuple[Callable[[], list[Step]], TestOrder]:
    """Copies the tree, builds it unmutated and times the suite test by test, which must pass;
    with the `baseline` of the schemata phase (the same sources, every switch off), it does
    neither, and each mutant builds only what its tests run. Returns the steps of a mutant's suite
    (one test each, built just before it runs) in the order of the TestOrder it also returns:
    cheapest first, the latest killer in front."""
    left = workspace.interrupted_mutant()
    if left:
        print(f"mutate: a previous run was stopped with mutant {left} applied; the copy is "
              f"restored from the source tree", file=sys.stderr)
    copied = workspace.sync(REPO, tree_files(), keep=[BUILD_DIR])
    project = CMakeProject(workspace, args.suite, args.jobs, args.property_cases)
    project.configure()
    names = project.test_names()
    if not names:
        raise SystemExit(f"mutate: suite {args.suite} has no tests in {project.build_dir}")
    timed = "timed in the schemata phase" if baseline is not None else "timed here"
    if baseline is None:
        started = time.monotonic()
        built = project.build(args.build_timeout)
        if built.returncode != 0:
            sys.stderr.write(built.output[-4000:])
            raise SystemExit("mutate: the unmutated tree does not build")
        print(f"classic: unmutated build {time.monotonic() - started:.0f} s ({copied} files updated in the copy)")
        baseline = {}
        for name in names:
            started = time.monotonic()
            tested = project.test_one(name, 3600)
            baseline[name] = time.monotonic() - started
            if tested.returncode != 0:
                sys.stderr.write(tested.output[-4000:])
                raise SystemExit(f"mutate: {name} fails with no mutant on; fix it before measuring mutants")
    timeouts = {name: max(args.min_timeout, args.timeout_factor * seconds)
                for name, seconds in baseline.items()}
    order = TestOrder(baseline)
    products = project.test_products()
    print(f"classic: suite {args.suite}: {len(names)} ctest entries ({', '.join(names)}); unmutated "
          f"{sum(baseline.values()):.1f} s test by test ({timed}); "
          + ("each mutant builds and runs them one at a time" if products is not None else
             "each mutant builds everything (not Ninja: targets are not paths)"))

    def steps() -> list[Step]:
        # A test the build directory's ctest list does not know yet (added since the work
        # directory was configured) builds everything, which configures it again.
        return [Step(name,
                     build=functools.partial(project.build_products, products[name])
                     if products is not None and name in products else project.build,
                     test=functools.partial(project.test_one, name),
                     timeout=timeouts[name])
                for name in order.current()]
    return steps, order


def run_schemata(args, root: Path, all_mutants: list[Mutant], mutants: list[Mutant],
                 equivalent: set[str], emit) -> tuple[list[Mutant], dict[str, float]]:
    """Every mutant compiled in once (schemata_runner); `emit` gets each result it settles.
    Returns the mutants that must run the classic way (those the schemata cannot hold and the
    survivors that need_confirming), and the unmutated suite's seconds, test by test."""
    workspace = Workspace(root / "schemata")
    switch = workspace.tree / schemata_runner.SWITCH_HEADER
    project = CMakeProject(workspace, args.suite, args.jobs, args.property_cases, f"-w -include {switch}")
    files = tree_files()
    sources = core_sources(REPO)

    def write(rewritten: dict[str, str]) -> None:
        workspace.sync(REPO, files, keep=[BUILD_DIR], overrides=rewritten)
        project.configure()

    started = time.monotonic()
    excluded, failure = schemata_runner.build_schemata(
        sources, all_mutants, write, lambda: project.build(args.build_timeout, keep_going=True), print)
    if failure:
        sys.stderr.write(failure[-4000:])
        raise SystemExit("mutate: the schemata build fails on a line no mutant explains")
    print(f"schemata: build {time.monotonic() - started:.0f} s; {len(excluded)} of {len(all_mutants)} "
          f"mutants cannot be compiled in and run the classic way")

    processes = schemata_runner.Processes()
    names = project.test_names()
    if not names:
        raise SystemExit(f"mutate: suite {args.suite} has no tests in {project.build_dir}")
    # The unmutated suite, timed test by test (--jobs at a time), also records which switches
    # run-time code asks: one trace file per test, as processes appending to one could interleave.
    traces = workspace.root / "reached"
    shutil.rmtree(traces, ignore_errors=True)
    traces.mkdir(parents=True)

    def run_unmutated(name: str) -> tuple[float, Completed]:
        begun = time.monotonic()
        ran = processes.run(project.test_one_command(name, 3600), project.tree, 3600,
                            dict(project.env, XFEN_MUTANT_TRACE=str(traces / f"{name}.txt")))
        return time.monotonic() - begun, ran

    baseline = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        try:
            for name, (seconds, ran) in zip(names, pool.map(run_unmutated, names)):
                baseline[name] = seconds
                if ran.returncode != 0:
                    sys.stderr.write(ran.output[-4000:])
                    raise SystemExit(f"mutate: {name} fails with no mutant on; fix it before "
                                     "measuring mutants")
        except BaseException:
            processes.stop_all()
            raise
    reached = {int(line) for trace in traces.glob("*.txt") for line in trace.read_text().split()}
    timeouts = {name: max(args.min_timeout, args.timeout_factor * seconds)
                for name, seconds in baseline.items()}
    print(f"schemata: suite {args.suite}: {len(names)} ctest entries, unmutated "
          f"{sum(baseline.values()):.1f} s test by test, {args.jobs} at a time; "
          f"{len(reached)} switches reached")

    def run_test(name: str, mutant: Mutant) -> Completed:
        env = dict(project.env, XFEN_MUTANT=str(schemata.number(mutant)))
        return processes.run(project.test_one_command(name, timeouts[name]), project.tree,
                             timeouts[name], env)

    switched = [m for m in mutants if m.id not in excluded]
    # A switch no run-time code asks cannot change what the suite sees: survived, unrun. (Code
    # the compiler evaluates asks none; the classic build decides those.)
    unreached = [Result(m, "survived", 0.0, NOT_REACHED, "schemata")
                 for m in switched if schemata.number(m) not in reached]
    for result in unreached:
        emit(result)
    running = [m for m in switched if schemata.number(m) in reached]
    print(f"schemata: running {len(running)} mutants, {args.jobs} at a time "
          f"({len(unreached)} not reached at run time)")
    results = unreached + schemata_runner.run_mutants(
        running, schemata_runner.TestOrder(baseline), run_test, timeouts, args.jobs, emit, processes)
    return [m for m in mutants if m.id in excluded] + \
        [r.mutant for r in results if r.outcome == "survived" and needs_confirming(r, args, equivalent)], \
        baseline


def needs_confirming(result: Result, args, equivalent: set[str]) -> bool:
    """Whether a schemata survivor is built the classic way (--confirm). A switch no run-time code
    reached says nothing about its mutant: the code may be what the compiler evaluates, which the
    switch cannot change. A reached one ran, mutated, under every test; only a compile-time use of
    the same code (a scalar constant, a template argument) could still tell it apart, which
    --confirm all checks. Declared equivalents are out of the score either way."""
    if report.is_equivalent(result, equivalent) or args.confirm == "none":
        return False
    return args.confirm == "all" or result.detail == NOT_REACHED


def main(argv=None) -> int:
    args = parse_arguments(argv)
    all_mutants = find_mutants(core_sources(REPO))
    mutants = select(all_mutants, args)
    equivalent = {key: reason for path in args.equivalent
                  for key, reason in report.load_equivalent(path).items()}
    if args.report:
        print(report.markdown_from_results(args.report, set(equivalent)))
        return 0
    if args.list:
        for m in mutants:
            print(f"{m.id}  {m.file}:{m.line}  {m.kind}  {m.key}  {m.change()}")
        print(f"{len(mutants)} of {len(all_mutants)} mutants")
        return 0

    workspace = Workspace(args.work_dir.resolve())
    workspace.lock()
    # A stop (kill, ^C) still runs the `finally` that restores the mutated file in the copy.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started = time.monotonic()
    out = open(args.out, "w", encoding="utf-8") if args.out else None
    print(f"running {len(mutants)} of {len(all_mutants)} mutants, suite {args.suite}, mode {args.mode}")
    results: dict[str, Result] = {}

    def emit(result: Result) -> None:
        if result.outcome == "survived" and result.mode == "schemata" and \
                needs_confirming(result, args, set(equivalent)):
            return  # not final: the classic build decides
        results[result.mutant.id] = result
        report.write_row(sys.stdout, result, set(equivalent))
        if out:
            report.dump(out, report.record(result, args.suite, set(equivalent)))

    to_run = mutants
    if args.skip_equivalent:
        to_run, declared = report.set_aside_equivalent(mutants, set(equivalent))
        for result in declared:
            emit(result)
    try:
        classic, baseline = to_run, None
        if args.mode == "schemata" and to_run:
            classic, baseline = run_schemata(args, workspace.root, all_mutants, to_run,
                                             set(equivalent), emit)
        if classic:
            steps, order = prepare(args, workspace, baseline)
            print(f"classic: running {len(classic)} mutants, one build each")
            for mutant in classic:
                emit(test_mutant(workspace, mutant, steps, args.build_timeout, order.killed_by))
    finally:
        elapsed = time.monotonic() - started
        done = [results[m.id] for m in mutants if m.id in results]
        final = report.score(done, set(equivalent))
        report.write_survivors(sys.stdout, done, set(equivalent))
        stale = [r.mutant.key for r in done
                 if r.outcome != "survived" and report.is_equivalent(r, set(equivalent))]
        for key in stale:
            print(f"warning: {key} is declared equivalent but did not survive")
        complete = "" if len(done) == len(mutants) else f" (stopped: {len(done)} of {len(mutants)} run)"
        print(f"run time: {elapsed / 60:.1f} min{complete}")
        print(final.line(args.suite))
        if out:
            report.dump(out, {"summary": final.line(args.suite), "suite": args.suite,
                              "mode": args.mode, "mutants": len(done), "selected": len(mutants),
                              "seconds": round(elapsed), "killed": final.killed,
                              "survived": final.survived, "timeout": final.timeout,
                              "did_not_compile": final.did_not_compile,
                              "equivalent": final.equivalent})
            out.close()
    return 1 if args.fail_on_survivor and final.survived else 0


if __name__ == "__main__":
    sys.exit(main())
