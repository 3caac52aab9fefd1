#!/usr/bin/env python3
"""The library as a user's compiler meets it (SPEC R16, issue 11).

1. Every file tests/api/discarded_*.cpp and bad_*.cpp must fail to compile with the user's
   strict flags, for the reason it names (a [[nodiscard]] result dropped; a square literal that
   is no square), and tests/api/results_kept.cpp, the same calls done right, must compile.
2. Every ```cpp block of README.md's section "The library" is a whole program: it compiles with
   -Wall -Wextra -Wpedantic -Wconversion -Wshadow -Werror, links with the library, runs, and prints
   what the ```text block right after it says.

Usage: api_test.py CXX SOURCE_DIR BINARY_INCLUDE_DIR LIBRARY COMPILE_FLAGS LINK_FLAGS
(the build's own flags, each one argument, so that sanitizer and coverage builds link)
"""
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

STRICT = ["-std=c++20", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion", "-Wshadow", "-Werror"]
# What each kind of file must fail with: the compilers' own words, g++ and clang++ alike.
REASONS = {"discarded_": "nodiscard", "bad_": "constant expression"}


def compile_only(cxx, includes, extra, source):
    return subprocess.run([cxx, *STRICT, *extra, *includes, "-fsyntax-only", str(source)],
                          capture_output=True, text=True, check=False)


def readme_programs(readme):
    section = readme.split("\n## The library\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```cpp\n(.*?)```\n(?:\n```text\n(.*?)```)?", section, flags=re.S)


def main():
    cxx, source_dir, binary_include, library, compile_flags, link_flags = sys.argv[1:]
    extra = shlex.split(compile_flags)
    link = shlex.split(link_flags)
    source_dir = Path(source_dir)
    includes = [f"-I{source_dir / 'include'}", f"-I{binary_include}"]
    failures = []
    api = source_dir / "tests" / "api"
    for source in sorted(api.glob("*.cpp")):
        result = compile_only(cxx, includes, extra, source)
        reason = next((r for prefix, r in REASONS.items() if source.name.startswith(prefix)), None)
        if reason is None:
            if result.returncode != 0:
                failures.append(f"{source.name} must compile:\n{result.stderr}")
        elif result.returncode == 0:
            failures.append(f"{source.name} compiled; it must not")
        elif reason not in result.stderr:
            failures.append(f"{source.name} failed, but not for '{reason}':\n{result.stderr}")
    programs = readme_programs((source_dir / "README.md").read_text(encoding="utf-8"))
    if not programs:
        failures.append("README.md's section 'The library' has no ```cpp program")
    with tempfile.TemporaryDirectory() as scratch:
        for number, (program, expected) in enumerate(programs, 1):
            source = Path(scratch) / f"readme_{number}.cpp"
            binary = Path(scratch) / f"readme_{number}"
            source.write_text(program, encoding="utf-8")
            built = subprocess.run([cxx, *STRICT, *extra, *includes, str(source), library, *link,
                                    "-o", str(binary)], capture_output=True, text=True, check=False)
            if built.returncode != 0:
                failures.append(f"README program {number} does not compile:\n{built.stderr}")
                continue
            ran = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60,
                                 check=False)
            if ran.returncode != 0:
                failures.append(f"README program {number} exits {ran.returncode}:\n{ran.stderr}")
            elif expected and ran.stdout != expected:
                failures.append(f"README program {number} prints\n{ran.stdout}\nnot what the "
                                f"README shows:\n{expected}")
    for failure in failures:
        print(failure)
    count = len(list(api.glob("*.cpp")))
    print(f"{count} API files and {len(programs)} README programs: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
