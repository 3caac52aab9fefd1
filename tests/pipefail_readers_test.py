#!/usr/bin/env python3
"""Fails when a shell script under `set -o pipefail` pipes into a reader that may stop early.

`producer | grep -q PATTERN` (or `| head`, `| grep -m N`) exits as soon as it has seen enough; a
producer that writes again afterwards dies of SIGPIPE, and with pipefail the pipeline fails on
a match. Bash's printf writes one line at a time, so `printf '%s\\n' "${list[@]}" | grep -qxF x`
failed once in CI on a name that is in the list (status 141) and passed on every other run: a race
no test run reproduces on demand, hence this check of the text. A line may opt out with the
comment `# pipefail: reader reads to the end`.

Usage: pipefail_readers_test.py SOURCE_DIR   (or --self-check)
"""
import pathlib
import re
import subprocess
import sys

EARLY_READER = re.compile(r"\|\s*(grep\s+-[A-Za-z]*[qm]|head\b)")
OPT_OUT = "# pipefail: reader reads to the end"


def shell_scripts(root):
    listed = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True)
    names = listed.stdout.split() if listed.returncode == 0 else [
        str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()]
    for name in names:
        path = root / name
        if not path.is_file():
            continue
        if name.endswith(".sh") or name == ".ci/run":
            yield name, path


def findings(name, text):
    if not re.search(r"set\s+(-[a-z]*\s+)*-?o\s+pipefail|set\s+-[a-z]*o\s+pipefail", text):
        return []
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = line.split(" #", 1)[0] if not line.lstrip().startswith("#") else ""
        if EARLY_READER.search(code) and OPT_OUT not in line:
            found.append(f"{name}:{number}: under pipefail, a reader that stops early: {line.strip()}")
    return found


def self_check():
    planted = "set -euo pipefail\nprintf '%s\\n' a b | grep -qxF a || exit 1\n"
    clean = "set -euo pipefail\n# printf | grep -q is fine in a comment\nx=$(printf a)\n"
    no_pipefail = "set -eu\nprintf a | grep -q a\n"
    assert findings("planted.sh", planted), "the planted early reader was not found"
    assert not findings("clean.sh", clean), "a comment was reported"
    assert not findings("plain.sh", no_pipefail), "a script without pipefail was reported"


def main():
    self_check()
    if sys.argv[1:] == ["--self-check"]:
        print("self-check passed")
        return 0
    root = pathlib.Path(sys.argv[1])
    problems = []
    count = 0
    for name, path in shell_scripts(root):
        count += 1
        problems += findings(name, path.read_text(encoding="utf-8", errors="replace"))
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} early reader(s) under pipefail in {count} scripts")
        return 1
    print(f"ok: {count} shell scripts, no early reader under pipefail")
    return 0


if __name__ == "__main__":
    sys.exit(main())
