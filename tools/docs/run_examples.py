#!/usr/bin/env python3
"""Runs the shell sessions of Markdown files and prints what each command prints now.

Every fenced block holding lines that begin with `$ ` is a session: each such line (with its `\\`
continuation lines) is a command, run in one bash shell per file, in a scratch folder that sees
the source tree's corpus/, tests/, examples/, scripts/ and build/ and a command `xfen` that is
XFEN (default: build/xfen). Timings ("in 0.04 s") are masked, so that two runs can be diffed:

  tools/docs/run_examples.py --xfen /tmp/xfen-before README.md > before.txt
  tools/docs/run_examples.py README.md docs/*.md > after.txt && diff before.txt after.txt

Commands that install or fetch (scripts/install-*) are listed, not run.
"""
import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

import markdown  # tools/docs/markdown.py: fenced code blocks

TIMING = re.compile(r"\b\d+(\.\d+)? (s|ms|seconds)\b")


def sessions(text):
    """The commands of the blocks' `$ ` lines, each with its continuation lines."""
    commands = []
    for _, line, where, _ in markdown.walk(text):
        if where != "code":
            continue
        if line.startswith("$ "):
            commands.append(line[2:])
        elif commands and commands[-1].endswith("\\"):
            commands[-1] += "\n" + line
    return commands


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="+", type=pathlib.Path)
    parser.add_argument("--xfen", default="build/xfen")
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parents[2])
    args = parser.parse_args()
    xfen = pathlib.Path(args.xfen).resolve() if "/" in args.xfen else pathlib.Path(args.xfen)
    for markdown in args.files:
        commands = sessions(markdown.read_text(encoding="utf-8"))
        if not commands:
            continue
        with tempfile.TemporaryDirectory() as scratch:
            scratch = pathlib.Path(scratch)
            for name in ("corpus", "tests", "examples", "scripts"):
                (scratch / name).symlink_to(args.root / name)
            (scratch / "build").mkdir()
            for entry in (args.root / "build").iterdir():
                (scratch / "build" / entry.name).symlink_to(entry)
            (scratch / "build" / "xfen").unlink(missing_ok=True)
            (scratch / "build" / "xfen").symlink_to(xfen)
            (scratch / "bin").mkdir()
            (scratch / "bin" / "xfen").symlink_to(xfen)
            script = []
            for command in commands:
                shown = command.replace("\n", "\n  ")
                if command.startswith("scripts/install"):
                    script.append(f"echo '$ {shown} (not run)'")
                    continue
                script.append(f"printf '%s\\n' {quote('$ ' + command)}")
                script.append(f"{command} 2>&1")
            env = dict(os.environ, PATH=f"{scratch / 'bin'}:{os.environ['PATH']}")
            ran = subprocess.run(["bash", "-c", "\n".join(script)], cwd=scratch, env=env,
                                 capture_output=True, text=True, errors="backslashreplace")
            print(f"### {markdown}")
            print(TIMING.sub("<time>", ran.stdout + ran.stderr), end="")
    return 0


def quote(text):
    return "'" + text.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    sys.exit(main())
