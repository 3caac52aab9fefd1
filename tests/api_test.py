#!/usr/bin/env python3
"""The library as a user's compiler meets it (SPEC R16, issue 11).

1. Every file tests/api/discarded_*.cpp and bad_*.cpp must fail to compile with the user's
   strict flags, for the reason it names (a [[nodiscard]] result dropped; a square literal that
   is no square), and tests/api/results_kept.cpp, the same calls done right, must compile.
2. Every ```cpp block of the section "The library" of docs/LIBRARY.md (the library's page) and of
   README.md (its short program) is a whole program: it compiles with
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


# The Markdown files whose section "The library" holds programs, each a path in the source tree.
PROGRAM_FILES = ("docs/LIBRARY.md", "README.md")


def library_section(text):
    """The section headed "The library" (at any level), up to the next heading of its level or
    above; headings inside fenced blocks (#include lines) are not headings. None if it is missing."""
    lines, level, section, fenced = text.split("\n"), None, [], False
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        heading = None if fenced else re.match(r"(#{1,6}) (.*)", line)
        if heading and level is not None and len(heading.group(1)) <= level:
            break
        if heading and level is None and heading.group(2).strip() == "The library":
            level = len(heading.group(1))
        elif level is not None:
            section.append(line)
    return None if level is None else "\n".join(section) + "\n"


def library_programs(text):
    section = library_section(text)
    if section is None:
        return None
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
    programs = []  # (name, program, expected output or "")
    for markdown in PROGRAM_FILES:
        found = library_programs((source_dir / markdown).read_text(encoding="utf-8"))
        if found is None:
            failures.append(f"{markdown} has no section 'The library'")
        elif not found:
            failures.append(f"{markdown}'s section 'The library' has no ```cpp program")
        else:
            programs.extend((f"{markdown} program {number}", program, expected)
                            for number, (program, expected) in enumerate(found, 1))
    with tempfile.TemporaryDirectory() as scratch:
        for index, (name, program, expected) in enumerate(programs, 1):
            source = Path(scratch) / f"program_{index}.cpp"
            binary = Path(scratch) / f"program_{index}"
            source.write_text(program, encoding="utf-8")
            built = subprocess.run([cxx, *STRICT, *extra, *includes, str(source), library, *link,
                                    "-o", str(binary)], capture_output=True, text=True, check=False)
            if built.returncode != 0:
                failures.append(f"{name} does not compile:\n{built.stderr}")
                continue
            ran = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60,
                                 check=False)
            if ran.returncode != 0:
                failures.append(f"{name} exits {ran.returncode}:\n{ran.stderr}")
            elif expected and ran.stdout != expected:
                failures.append(f"{name} prints\n{ran.stdout}\nnot what the "
                                f"page shows:\n{expected}")
    for failure in failures:
        print(failure)
    count = len(list(api.glob("*.cpp")))
    print(f"{count} API files and {len(programs)} programs of {', '.join(PROGRAM_FILES)}: "
          f"{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
