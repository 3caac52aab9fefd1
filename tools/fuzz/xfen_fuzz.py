#!/usr/bin/python3
"""xfen's fuzzing workflows, one command: fuzz, reproduce, minimise, group, and look after the
corpora of the libFuzzer targets in fuzz/.

Exit status: 0 nothing failed, 1 something failed (a finding, an input that fails), 2 a usage
or build error (the message says what to do).
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus import dedup_command, merge_command, prune_command  # noqa: E402
from fuzzing import ci_command, run_command  # noqa: E402
from inputs import collect, files_of  # noqa: E402
from minimize import NotFailing, minimize  # noqa: E402
from programs import programs_command  # noqa: E402
from project import Project, UsageError  # noqa: E402
from reproduce import reproduce  # noqa: E402

# One process per core: on this 2-core machine -fork=2 ran 31% more inputs than one process in
# 5 minutes of `parse` and reached more features (bench/RESULTS.md, "Fuzzing figures", --jobs).
DEFAULT_JOBS = os.cpu_count() or 1


def _positive(text: str) -> int:
    value = int(text) if text.isdigit() else 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, not '{text}'")
    return value


def _seconds(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number of seconds, not '{text}'")
    return int(text)


def _targets_argument(command: argparse.ArgumentParser) -> None:
    command.add_argument("targets", nargs="*", metavar="TARGET", help="targets, or 'all' (the default)")


# The program `external` fuzzes, and what it declares: passed to the target in its environment
# (fuzz/external.cpp reads them), with the values of `xfen certify`'s options of the same names.
_PROGRAM_SETTINGS = {"impl": "XFEN_FUZZ_IMPL", "accept_spelling": "XFEN_FUZZ_ACCEPT_SPELLING",
                     "accept_layout": "XFEN_FUZZ_ACCEPT_LAYOUT", "supports": "XFEN_FUZZ_SUPPORTS"}


def _program_arguments(command: argparse.ArgumentParser) -> None:
    group = command.add_argument_group("the program the external target fuzzes (as xfen certify's options)")
    group.add_argument("--impl", metavar="COMMAND", help="its command, run with /bin/sh -c")
    group.add_argument("--accept-spelling", metavar="LIST", help="declare the spelling, e.g. shredder,ep-legal: every answer is held to it (default: learnt from a first batch and fixed for the run)")
    group.add_argument("--accept-layout", metavar="LIST", help="epd, board")
    group.add_argument("--supports", metavar="TAGS", help="capability tags, e.g. 8x8,chess960")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="scripts/xfen-fuzz", description=__doc__.split("\n\n")[0],
                                  epilog=__doc__.split("\n\n")[1])
    top.add_argument("--build-dir", type=Path, help="the fuzz preset's build (default build-fuzz/)")
    top.add_argument("--plain-build-dir", type=Path,
                     help="the fuzz-plain preset's build, used to reproduce and minimise (default build-fuzz-plain/)")
    top.add_argument("--no-build", action="store_true", help="use the binaries already built")
    top.add_argument("--root", type=Path, help=argparse.SUPPRESS)  # the tool's own tests
    commands = top.add_subparsers(dest="command", metavar="COMMAND", required=True)

    run = commands.add_parser("run", help="fuzz targets; keep new inputs in the working corpus",
                              description="Fuzzes each target in turn from its working corpus (build-fuzz/"
                              "working-corpus/TARGET), corpus/TARGET and corpus/regressions. The tracked "
                              "seeds are only read. Findings go to artifacts/TARGET/ and are reported "
                              "grouped; without findings the new inputs are merged (-merge=1) into the "
                              "working corpus. Flags after '--' go to libFuzzer as they are.")
    _targets_argument(run)
    run.add_argument("--time", type=_seconds, default=60, metavar="S",
                     help="seconds per target (default 60; 0 runs until Ctrl-C)")
    run.add_argument("--jobs", type=_positive, default=DEFAULT_JOBS, metavar="N",
                     help=f"fuzzing processes per target, libFuzzer -fork=N (default {DEFAULT_JOBS})")
    run.add_argument("--no-merge", action="store_true", help="keep nothing this run learns")
    _program_arguments(run)

    repro = commands.add_parser("reproduce", help="run inputs through every target, whole",
                                description="Runs each input through every target (or --target), whole: "
                                "no max_len, nothing truncated. Prints the input escaped and each distinct "
                                "finding once. A path that does not exist is an error; base64 is read "
                                "only from --base64 or a 'Base64:' prefix.")
    repro.add_argument("inputs", nargs="*", metavar="FILE", help="files, or folders of files")
    repro.add_argument("--base64", action="append", default=[], metavar="DATA", help="an input as base64")
    repro.add_argument("--target", action="append", default=[], help="only this target (repeatable)")
    _program_arguments(repro)

    mini = commands.add_parser("minimize", help="shrink a failing input into corpus/regressions/",
                               description="Shrinks FILE while it fails the same way (same law, or same "
                               "kind of error in the same top frames), then writes it to "
                               "corpus/regressions/TARGET-<sha1> with a note of what it caught. A finding of "
                               "the external or plugin target (another implementation disagrees with xfen) "
                               "is the other implementation's bug: it goes to artifacts/TARGET/minimized-<sha1>, "
                               "and --save-cases writes it as a conformance case (xfen certify --inputs "
                               "--save-cases).")
    mini.add_argument("input", metavar="FILE")
    mini.add_argument("--target", help="the target to minimise against (default: the folder's name, "
                                       "artifacts/TARGET/..., else the first target it fails)")
    mini.add_argument("--time", type=_positive, default=120, metavar="S", help="at most S seconds (default 120)")
    mini.add_argument("--runs", type=_positive, default=100000, metavar="N",
                      help="libFuzzer runs per -minimize_crash step (default 100000)")
    mini.add_argument("--save-cases", type=Path, metavar="FILE.jsonl",
                      help="external and plugin: write the minimal record as a conformance case")
    _program_arguments(mini)

    programs = commands.add_parser("programs", help="the external target against every real program",
                                   description="Fuzzes each run of examples/adapters/programs.json (installed "
                                   "by scripts/install-adapters.sh) with the external target, going on past "
                                   "findings; minimises each distinct finding, writes it as a conformance case "
                                   "(OUT/NAME.cases.jsonl) and a table of them all (OUT/summary.md).")
    programs.add_argument("--time", type=_positive, default=60, metavar="S", help="seconds per program (default 60)")
    programs.add_argument("--only", nargs="+", default=[], metavar="NAME", help="only these runs")
    programs.add_argument("--out", type=Path, default=Path("build/fuzz-programs"), metavar="DIR",
                          help="where the findings go (default build/fuzz-programs)")
    programs.add_argument("--minimize-time", type=_positive, default=60, metavar="S",
                          help="seconds at most to minimise one finding (default 60)")

    dedup = commands.add_parser("dedup", help="group a folder of artifacts into distinct findings")
    dedup.add_argument("folder", type=Path, metavar="DIR")
    dedup.add_argument("--target", help="only this target (default: the folder's name if it is a target, else all)")

    merge = commands.add_parser("merge", help="add what grows coverage to the tracked seeds",
                                description="Adds to corpus/TARGET each input of the sources (default: the "
                                "working corpus) that reaches a feature the seeds do not (libFuzzer -merge=1). "
                                "Refused while the target fails on its seeds or corpus/regressions.")
    merge.add_argument("target", metavar="TARGET")
    merge.add_argument("sources", nargs="*", metavar="DIR|ZIP|TAR",
                       help="folders, .zip files of inputs (a seed corpus, or a ClusterFuzzLite corpus "
                       "artifact as downloaded: a zip holding one tar) or .tar files of inputs")

    prune = commands.add_parser("prune", help="shrink the tracked seeds to a minimal set, same coverage")
    _targets_argument(prune)

    ci = commands.add_parser("ci", help="every target for a while on the seeds; fail on any finding",
                             description="Fuzzes every target for S seconds on its tracked seeds (nothing "
                             "is kept but the artifacts of a failure) and prints one line per target.")
    ci.add_argument("--time", type=_positive, default=30, metavar="S", help="seconds per target (default 30)")
    ci.add_argument("--parallel", type=_positive, default=os.cpu_count() or 1, metavar="N",
                    help="targets fuzzed at once, one core each (default: the number of cores)")

    coverage = commands.add_parser("coverage", help="source coverage of what the corpora reach",
                                   description="Replays every target's seeds, working corpus and "
                                   "corpus/regressions in the coverage build and reports the core "
                                   "library's line and branch coverage (HTML in build-coverage/"
                                   "fuzz-coverage-html/).")
    _targets_argument(coverage)

    commands.add_parser("list", help="the targets, their options and corpora")

    options = commands.add_parser("options", help="a target's libFuzzer flags, one a line (for scripts)",
                                  description="Prints the flags of fuzz/TARGET.options' [libfuzzer] "
                                  "section, one per line, the dictionary as a path: what every "
                                  "fuzzing run here passes.")
    options.add_argument("target", metavar="TARGET")
    return top


def list_command(project: Project) -> int:
    for target in project.targets():
        options = project.options(target)
        seeds = project.seed_corpus(target)
        working = project.working_corpus(target)
        artifacts = project.artifacts(target)
        counts = [len(files_of(folder)) if folder.is_dir() else 0 for folder in (seeds, working, artifacts)]
        print(f"{target:<13} max_len {options.get('max_len', 'default'):>5}, timeout "
              f"{options.get('timeout', 'default')} s; seeds {counts[0]}, working corpus {counts[1]}, "
              f"artifacts {counts[2]}")
    return 0


def coverage_command(project: Project, targets: list[str]) -> int:
    selected = project.expand_targets(targets)
    script = project.root / "scripts" / "coverage.sh"
    return subprocess.run(["bash", str(script), "--scope", "core", "--fuzz-corpora",
                           str(project.build_dir / "working-corpus"), "--fuzz-targets", ",".join(selected)],
                          cwd=project.root).returncode


def main(argv: list[str]) -> int:
    # Everything after `--` is libFuzzer's (`run parse -- -max_len=512`), kept from argparse.
    split = argv.index("--") if "--" in argv else len(argv)
    arguments, extra = parser().parse_args(argv[:split]), argv[split + 1:]
    if extra and arguments.command != "run":
        print(f"xfen-fuzz {arguments.command}: libFuzzer flags after '--' are for `run` only", file=sys.stderr)
        return 2
    for option, variable in _PROGRAM_SETTINGS.items():
        if getattr(arguments, option, None) is not None:
            os.environ[variable] = getattr(arguments, option)
    if getattr(arguments, "impl", None):
        # The targets run in scratch folders: a command relative to where it was given still works.
        os.environ["XFEN_FUZZ_IMPL"] = f"cd {shlex.quote(os.getcwd())} && {arguments.impl}"
        os.environ["XFEN_FUZZ_IMPL_GIVEN"] = arguments.impl  # what the commands it prints repeat
    project = Project(arguments.root or Path(__file__).resolve().parents[2], arguments.build_dir,
                      arguments.plain_build_dir, build=not arguments.no_build)
    try:
        if arguments.command == "run":
            return run_command(project, project.expand_targets(arguments.targets), arguments.time,
                               arguments.jobs, not arguments.no_merge, extra)
        if arguments.command == "reproduce":
            inputs = collect(arguments.inputs, arguments.base64)
            if not inputs:
                raise UsageError("no input given: name files or folders, or --base64 DATA")
            return reproduce(project, project.expand_targets(arguments.target), inputs)
        if arguments.command == "minimize":
            items = collect([arguments.input], [])
            if len(items) != 1:
                raise UsageError(f"{arguments.input} is a folder of {len(items)} inputs: minimise one file "
                                 f"(scripts/xfen-fuzz dedup {arguments.input} picks one per finding)")
            return minimize(project, items[0], arguments.target, arguments.time, arguments.runs,
                            arguments.save_cases)
        if arguments.command == "programs":
            return programs_command(project, arguments.time, arguments.only, arguments.out.resolve(),
                                    arguments.minimize_time)
        if arguments.command == "dedup":
            return dedup_command(project, arguments.folder, arguments.target)
        if arguments.command == "merge":
            return merge_command(project, project.expand_targets([arguments.target])[0], arguments.sources)
        if arguments.command == "prune":
            return prune_command(project, project.expand_targets(arguments.targets))
        if arguments.command == "ci":
            return ci_command(project, project.targets(), arguments.time, arguments.parallel)
        if arguments.command == "coverage":
            return coverage_command(project, arguments.targets)
        if arguments.command == "options":
            if not (project.root / "fuzz" / f"{arguments.target}.cpp").is_file():
                raise UsageError(f"no fuzz target fuzz/{arguments.target}.cpp")
            print("\n".join(project.fuzzing_flags(arguments.target)))
            return 0
        return list_command(project)
    except NotFailing as error:
        print(f"xfen-fuzz {arguments.command}: {error}", file=sys.stderr)
        return 1
    except UsageError as error:
        print(f"xfen-fuzz {arguments.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"xfen-fuzz {arguments.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
