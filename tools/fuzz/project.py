"""Where xfen's fuzzing lives and how its targets are built: the source tree, the two libFuzzer
builds, the targets CMake registers, and each target's libFuzzer options.

Two builds, both clang + libFuzzer + ASan + UBSan:
  - `fuzz` (build-fuzz/): what `run` and `ci` fuzz with, structure-aware mutator included;
  - `fuzz-plain` (build-fuzz-plain/): the same targets without the mutator. Reproduction and
    minimisation use it: the mutator reads its input with the library, so during
    -minimize_crash it would crash on the very input being shrunk.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The targets that test another implementation with xfen as the oracle (fuzz/oracle.cpp): their
# seeds are records, the suite's and a sample of the position corpus, which the build writes
# (fuzz/CMakeLists.txt, record-seeds/). `external` fuzzes a program named by --impl (the
# environment's XFEN_FUZZ_IMPL): it is built, but listed among the targets (and so run by `ci`
# and `all`) only when a program was built into it.
ORACLE_TARGETS = ("external", "plugin", "plugin_planted", "plugin_ep_legal")
PROGRAM_TARGET = "external"
_SAME_SOURCE = {"plugin_planted": "plugin", "plugin_ep_legal": "plugin"}


class UsageError(Exception):
    """A mistake the user can fix; the message says what to do. Exit status 2."""


@dataclass
class Project:
    root: Path = ROOT
    build_dir: Path | None = None         # the `fuzz` preset's build
    plain_build_dir: Path | None = None   # the `fuzz-plain` preset's build
    build: bool = True                    # False: use the binaries as they are

    def __post_init__(self) -> None:
        self.root = Path(self.root).resolve()
        self.build_dir = Path(self.build_dir or os.environ.get("XFEN_FUZZ_BUILD_DIR") or self.root / "build-fuzz")
        self.plain_build_dir = Path(self.plain_build_dir or os.environ.get("XFEN_FUZZ_PLAIN_BUILD_DIR")
                                    or self.root / "build-fuzz-plain")

    # --- folders -------------------------------------------------------------------------------
    def seed_corpus(self, target: str) -> Path:
        return self.root / "corpus" / target

    def seed_folders(self, target: str) -> list[Path]:
        """The folders of seeds a target is fuzzed from, besides corpus/regressions."""
        folders = [self.seed_corpus(target)]
        if target in ORACLE_TARGETS:
            folders.append(self.build_dir / "fuzz" / "record-seeds")
        return [folder for folder in folders if folder.is_dir()]

    @property
    def regressions(self) -> Path:
        return self.root / "corpus" / "regressions"

    def artifacts(self, target: str) -> Path:
        return self.root / "artifacts" / target

    def working_corpus(self, target: str) -> Path:
        """Where `run` keeps what it learns: outside the tracked tree (build folders are ignored)."""
        return self.build_dir / "working-corpus" / target

    def relative(self, path: Path) -> str:
        try:
            return str(Path(path).resolve().relative_to(self.root))
        except ValueError:
            return str(path)

    # --- targets and binaries ------------------------------------------------------------------
    def _build_dir(self, plain: bool) -> Path:
        return self.plain_build_dir if plain else self.build_dir

    def targets(self) -> list[str]:
        """The targets fuzz/CMakeLists.txt registers (it writes their list when configured)."""
        self.configure(plain=False)
        listing = self.build_dir / "fuzz" / "fuzz_targets.txt"
        if not listing.is_file():
            raise UsageError(f"{listing} is missing: configure the fuzz preset (cmake --preset fuzz)")
        return [line.strip() for line in listing.read_text().splitlines() if line.strip()]

    def unlisted_targets(self) -> list[str]:
        """The targets built but not listed: run only when named (external, plugin_planted)."""
        listing = self.build_dir / "fuzz" / "fuzz_unlisted_targets.txt"
        return [line.strip() for line in listing.read_text().splitlines() if line.strip()] if listing.is_file() else []

    def expand_targets(self, names: list[str]) -> list[str]:
        known = self.targets()
        if not names or names == ["all"]:
            return known
        built = self.unlisted_targets()
        for name in names:
            if name in built and name != PROGRAM_TARGET:
                continue  # built but not listed: run only when named (plugin_planted, a fixture)
            if name == PROGRAM_TARGET and name not in known:
                if not os.environ.get("XFEN_FUZZ_IMPL"):
                    raise UsageError(f"{name} fuzzes a program of yours with xfen as the oracle: give --impl "
                                     "COMMAND (a program speaking docs/PROTOCOL.md's streaming protocol)")
                continue
            if name not in known:
                raise UsageError(f"unknown target '{name}' (targets: {', '.join(known)}; "
                                 "fuzz/CMakeLists.txt registers them)")
        return names

    def binary(self, target: str, plain: bool = False) -> Path:
        return self._build_dir(plain) / "fuzz" / f"fuzz_{target}"

    def configure(self, plain: bool) -> None:
        directory = self._build_dir(plain)
        if not self.build or (directory / "CMakeCache.txt").is_file():
            return
        require_libfuzzer()
        preset = "fuzz-plain" if plain else "fuzz"
        print(f"=== configuring the {preset} preset in {self.relative(directory)}", file=sys.stderr)
        _run_quietly(["cmake", "--preset", preset, "-B", str(directory)], self.root,
                     f"configuring the {preset} preset failed")

    def build_targets(self, targets: list[str], plain: bool = False) -> None:
        """Builds the targets' binaries (cmake --build keeps it incremental)."""
        self.build_programs([f"fuzz_{target}" for target in targets], plain)

    def build_programs(self, names: list[str], plain: bool = False) -> None:
        """Builds programs of the fuzz/ folder by their CMake names (fuzz_parse, xfen_plugin_adapter)."""
        directory = self._build_dir(plain)
        if not self.build:
            for name in names:
                if not (directory / "fuzz" / name).is_file():
                    raise UsageError(f"{directory / 'fuzz' / name} does not exist (built with --no-build)")
            return
        self.configure(plain)
        print(f"=== building {' '.join(name.removeprefix('fuzz_') for name in names)} in {self.relative(directory)}",
              file=sys.stderr)
        _run_quietly(["cmake", "--build", str(directory), f"-j{os.cpu_count() or 1}", "--target", *names],
                     self.root, f"building {' '.join(names)} in {directory} failed")

    # --- options -------------------------------------------------------------------------------
    def options(self, target: str) -> dict[str, str]:
        """fuzz/TARGET.options' [libfuzzer] section (the OSS-Fuzz format), dict resolved."""
        # A target built from another's source (fuzz/CMakeLists.txt, MAIN) has its options.
        path = self.root / "fuzz" / f"{_SAME_SOURCE.get(target, target)}.options"
        options: dict[str, str] = {}
        if not path.is_file():
            if (self.root / "fuzz" / "xfen.dict").is_file():
                options["dict"] = str(self.root / "fuzz" / "xfen.dict")
            return options
        section = ""
        for number, raw in enumerate(path.read_text().splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1].strip()
            elif section == "libfuzzer":
                key, equals, value = line.partition("=")
                if not equals:
                    raise UsageError(f"{path}:{number}: expected 'key = value', found '{raw}'")
                key, value = key.strip(), value.strip()
                if key == "dict" and not os.path.isabs(value):
                    value = str(self.root / "fuzz" / value)
                options[key] = value
        return options

    def fuzzing_flags(self, target: str, **overrides: str) -> list[str]:
        """Flags for fuzzing: the options file's, then the overrides (one flag each, never two
        contradicting ones)."""
        options = {**self.options(target), **overrides}
        return [f"-{key}={value}" for key, value in options.items()]

    def replay_flags(self, target: str) -> list[str]:
        """Flags for running given inputs: the timeout and memory limits only. max_len would make
        libFuzzer truncate a longer input (and pass), and a dictionary is of no use."""
        options = self.options(target)
        return [f"-{key}={options[key]}" for key in ("timeout", "rss_limit_mb", "malloc_limit_mb")
                if key in options]


def require_libfuzzer() -> None:
    if not shutil.which("clang++"):
        raise UsageError("clang++ not found: run scripts/install-deps.sh (Debian packages clang, libclang-rt-dev)")


def _run_quietly(command: list[str], cwd: Path, failure: str) -> None:
    completed = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if completed.returncode != 0:
        sys.stderr.write(completed.stdout[-20000:])
        raise UsageError(f"{failure} (output above)")
