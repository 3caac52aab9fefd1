#!/usr/bin/env python3
"""Fails when a file of the library includes a file of a higher layer.

The layers are the list between the `layers: begin` and `layers: end` markers of
docs/ARCHITECTURE.md, one
or more files (or a folder, ending in /) a line, lowest first. A file may include files of its own
line or of lines above. A .cpp file stands where its header (the same name in include/xfen/ or beside
it) stands; every file of a listed folder stands on the folder's line. A file of include/ or src/
that no line places is an error too, so that a new file is placed on purpose.

Usage: include_order_test.py SOURCE_DIR
"""
import pathlib
import re
import sys

# The page that holds the layers list, in the source tree.
LAYERS_FILE = "docs/ARCHITECTURE.md"
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.MULTILINE)


def read_layers(readme):
    text = readme.read_text(encoding="utf-8")
    match = re.search(r"<!-- layers: begin -->(.*?)<!-- layers: end -->", text, re.DOTALL)
    if not match:
        sys.exit(f"{readme}: no layers list between <!-- layers: begin --> and <!-- layers: end -->")
    lines = []
    for line in match.group(1).splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "```")):
            lines.append(line.split())
    return lines


class Layers:
    def __init__(self, root, lines):
        self.root = root
        self.files = {}    # relative path -> position (its line's index)
        self.folders = {}  # relative folder with trailing / -> position
        for position, entries in enumerate(lines):
            for entry in entries:
                target = self.folders if entry.endswith("/") else self.files
                if entry in target:
                    sys.exit(f"{LAYERS_FILE} layers: {entry} is listed twice")
                target[entry] = position
        self.entries = [" ".join(entries) for entries in lines]
        self.listed = [entry for entries in lines for entry in entries]

    def position(self, relative):
        if relative in self.files:
            return self.files[relative]
        for folder, position in self.folders.items():
            if relative.startswith(folder):
                return position
        path = pathlib.PurePosixPath(relative)
        if path.suffix == ".cpp":
            for header in (path.with_suffix(".hpp"),
                           pathlib.PurePosixPath("include/xfen") / (path.stem + ".hpp")):
                if str(header) in self.files:
                    return self.files[str(header)]
        return None

    def resolve(self, including, name):
        """The listed file an #include names, or None for a header from elsewhere (std, deps)."""
        for candidate in (pathlib.PurePosixPath(including).parent / name,
                          pathlib.PurePosixPath("include") / name,
                          pathlib.PurePosixPath("src") / name):  # "certify/run/runner.hpp"
            if (self.root / candidate).is_file():
                return str(candidate)
        return None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = pathlib.Path(sys.argv[1])
    layers = Layers(root, read_layers(root / LAYERS_FILE))
    missing = [entry for entry in layers.listed if not (root / entry).exists()]
    for entry in missing:
        print(f"{LAYERS_FILE} layers: {entry} does not exist")
    problems = []
    checked = 0
    for path in sorted([*root.glob("include/**/*.hpp"), *root.glob("src/**/*.[ch]pp")]):
        relative = path.relative_to(root).as_posix()
        own = layers.position(relative)
        if own is None:
            problems.append(f"{relative}: not placed in the layers list of {LAYERS_FILE}")
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = layers.resolve(relative, match.group(1))
            if target is None:
                continue
            checked += 1
            theirs = layers.position(target)
            if theirs is None:
                problems.append(f"{relative}:{number}: includes {target}, which no layer places")
            elif theirs > own:
                problems.append(f"{relative}:{number}: includes {target} ({layers.entries[theirs]}), "
                                f"a higher layer than its own ({layers.entries[own]})")
    for problem in problems:
        print(problem)
    print(f"{checked} includes checked: {len(problems)} point up or are unplaced, "
          f"{len(missing)} listed files missing")
    return 1 if problems or missing else 0


if __name__ == "__main__":
    sys.exit(main())
