#!/usr/bin/env python3
"""Shows that every section of an old README lives on: in the README, in docs/ or next to its code.

Reads README.md as it was at --old-rev and lists each of its headings and each of its fenced code
blocks with where it is now: a Markdown file of the working tree (tracked, or new and not ignored)
holding the same heading (any level; link targets aside) or a fenced block with exactly the same
text. Before comparing, the old text's paths of files renamed since --old-rev (`git diff -M
--name-status OLD_REV`, so `git mv` counts before a commit) are replaced by their new paths. Exit
status 1 when a heading or a block lives nowhere; the closest block is then named, to show what
changed.

--prose also lists the old README's lines outside code blocks (paragraphs, list items, table rows)
that no Markdown file holds word for word: text reworded in the move, for a reviewer to read. It
does not change the exit status.

  tools/docs/sections_moved.py --old-rev HEAD          # before the commit that shrinks the README
  tools/docs/sections_moved.py                         # after it: the last README over 15 KB

Default --old-rev: the newest commit whose README.md is over 15,360 bytes.
"""
import argparse
import difflib
import pathlib
import re
import subprocess
import sys

import markdown  # tools/docs/markdown.py: fenced code blocks

FRONT_PAGE_LIMIT = 15 * 1024
HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
LINK = re.compile(r"(!?\[(?:[^\[\]]|\[[^\[\]]*\])*\])\([^)\s]*(?:\s+\"[^\"]*\")?\)")


def git(root, *args):
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                          check=True).stdout


def default_old_rev(root):
    """The newest commit whose README.md is longer than a front page may be."""
    for commit in git(root, "log", "--format=%H", "--", "README.md").split():
        try:
            size = int(git(root, "cat-file", "-s", f"{commit}:README.md"))
        except subprocess.CalledProcessError:
            continue  # the commit deleted it
        if size > FRONT_PAGE_LIMIT:
            return commit
    sys.exit("no commit has a README.md over 15,360 bytes: give --old-rev")


def renames(root, old_rev):
    """(old path, new path) of every file renamed between old_rev and the working tree."""
    pairs = []
    for line in git(root, "diff", "-M", "--name-status", old_rev).splitlines():
        fields = line.split("\t")
        if fields[0].startswith("R") and len(fields) == 3:
            pairs.append((fields[1], fields[2]))
    return sorted(pairs, key=lambda pair: -len(pair[0]))  # longest first: no partial replacement


def parse(text):
    """Headings (line, level, text) outside code blocks, and blocks (first line, info, body)."""
    headings, blocks = [], []
    for number, line, where, info in markdown.walk(text):
        if where == "open":
            first, body = number, []
        elif where == "code":
            body.append(line)
        elif where == "close":
            blocks.append((first, info, "\n".join(body)))
        elif heading := HEADING.match(line):
            headings.append((number, len(heading.group(1)), heading.group(2)))
    return headings, blocks


def prose(text):
    """(line number, line) of the non-blank lines outside code blocks, headings and HTML comments."""
    for number, line, where, _ in markdown.walk(text):
        if where == "text" and line.strip() and not HEADING.match(line) and not line.startswith("<!--"):
            yield number, line


def without_link_targets(text):
    """`[text](target)` as `[text]()`: a link that moved with its page keeps its words."""
    return LINK.sub(r"\1()", text)


def markdown_files(root):
    listed = git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--",
                 "*.md").split("\0")
    return sorted({name for name in listed if name and (root / name).is_file()})


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old-rev", help="the commit whose README.md is the old one")
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parents[2])
    parser.add_argument("--prose", action="store_true",
                        help="also list the old prose lines that no Markdown file holds verbatim")
    args = parser.parse_args()
    root = args.root.resolve()
    old_rev = args.old_rev or default_old_rev(root)
    old_text = git(root, "show", f"{old_rev}:README.md")
    moved = renames(root, old_rev)
    normalised = old_text
    for before, after in moved:
        normalised = normalised.replace(before, after)

    # Every heading and block of every Markdown file of the tree as it is now.
    headings_now, blocks_now, lines_now = {}, [], set()
    for name in markdown_files(root):
        text = (root / name).read_text(encoding="utf-8")
        headings, blocks = parse(text)
        for number, _, heading in headings:
            headings_now.setdefault(without_link_targets(heading).strip(), []).append(f"{name}:{number}")
        blocks_now.extend((name, number, info, body) for number, info, body in blocks)
        lines_now.update(without_link_targets(line).strip() for line in text.split("\n"))

    old_size = len(old_text.encode("utf-8"))
    print(f"{old_rev}:README.md: {old_size} bytes; README.md now: "
          f"{(root / 'README.md').stat().st_size} bytes")
    for before, after in moved:
        if before in old_text:
            print(f"renamed since, and so read as its new path: {before} -> {after}")
    lost = 0

    headings, blocks = parse(normalised)
    print(f"\n{len(headings)} headings:")
    for number, level, heading in headings:
        homes = headings_now.get(without_link_targets(heading).strip())
        where = ", ".join(homes) if homes else "LOST"
        lost += not homes
        print(f"  {'#' * level} {heading}  [old line {number}]  ->  {where}")

    print(f"\n{len(blocks)} fenced code blocks:")
    for number, info, body in blocks:
        homes = [f"{name}:{line}" for name, line, _, now in blocks_now if now == body]
        first = body.split("\n", 1)[0]
        label = f"```{info} at old line {number}, {body.count(chr(10)) + 1} lines, {first[:50]!r}"
        if homes:
            print(f"  {label}  ->  {', '.join(homes)}")
            continue
        lost += 1
        closest = max(blocks_now, key=lambda b: difflib.SequenceMatcher(None, b[3], body).ratio(),
                      default=None)
        if closest:
            ratio = difflib.SequenceMatcher(None, closest[3], body).ratio()
            print(f"  {label}  ->  LOST (closest: {closest[0]}:{closest[1]}, {ratio:.0%} alike)")
        else:
            print(f"  {label}  ->  LOST")

    if args.prose:
        missing = [(number, line) for number, line in prose(normalised)
                   if without_link_targets(line).strip() not in lines_now]
        total = sum(1 for _ in prose(normalised))
        print(f"\nprose lines not found word for word ({len(missing)} of {total}; link targets aside):")
        for number, line in missing:
            print(f"  old line {number}: {line}")

    print(f"\n{len(headings)} headings and {len(blocks)} code blocks of {old_rev}:README.md: "
          + ("every one lives on" if not lost else f"{lost} LOST"))
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
