#!/usr/bin/env python3
"""Every relative link of the documentation resolves, and the README stays a front page.

Checks each relative Markdown link and image (`[text](target)`, `![alt](target)`, reference
definitions `[label]: target`, and `href="…"`/`src="…"` in inline HTML) of README.md,
docs/**/*.md, fuzz/README.md, bench/*.md and the README.md files under corpus/, tests/, examples/
and tools/ (node_modules left out): the target file or folder exists inside the tree, and a
`#fragment` names a heading of the target Markdown file (or of a folder's README.md) by GitHub's
rule: the heading's text lower-cased, punctuation but `-` and `_` dropped, each space a `-`, and
`-1`, `-2`, … on repeats. Links inside code spans and fenced blocks are not links. External links
(a scheme such as https: or mailto:) are not fetched. README.md may be at most 15,360 bytes.

Prints one line per broken link, `FILE:LINE: TARGET: why`, and a closing count. Then, unless
--no-self-check, it plants broken links and an oversized README in a scratch tree and fails unless
every one of them, and nothing else, is reported.

Usage: docs_links_test.py [--no-self-check] SOURCE_DIR
"""
import argparse
import pathlib
import re
import sys
import tempfile
import unicodedata
import urllib.parse

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools" / "docs"))
import markdown  # noqa: E402  (tools/docs/markdown.py: fenced code blocks)

README_LIMIT = 15 * 1024  # bytes

# Which Markdown files are checked: glob patterns relative to the tree's root.
PATTERNS = ("README.md", "docs/**/*.md", "fuzz/README.md", "bench/*.md", "corpus/**/README.md",
            "tests/**/README.md", "examples/**/README.md", "tools/**/README.md")

CODE_SPAN = re.compile(r"(`+)(?:.+?)(?<!`)\1(?!`)")
# [text](target "title") and ![alt](target): text may hold one level of brackets.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HTML_ATTRIBUTE = re.compile(r"<[A-Za-z][^>]*?\b(?:href|src)\s*=\s*\"([^\"]*)\"")
HTML_ANCHOR = re.compile(r"<[A-Za-z][^>]*?\b(?:id|name)\s*=\s*\"([^\"]*)\"")
ATX_HEADING = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
SETEXT_UNDERLINE = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
LINE_FRAGMENT = re.compile(r"^L\d+(C\d+)?(-L\d+(C\d+)?)?$")


def markdown_files(root):
    found = set()
    for pattern in PATTERNS:
        for path in root.glob(pattern):
            relative = path.relative_to(root)
            if path.is_file() and "node_modules" not in relative.parts:
                found.add(path)
    return sorted(found)


def prose_lines(text):
    """(line number, line) of the lines outside fenced code blocks."""
    for number, line, where, _ in markdown.walk(text):
        if where == "text":
            yield number, line


def links(text):
    """(line number, target) of every link, image, reference definition and HTML href/src."""
    for number, line in prose_lines(text):
        line = CODE_SPAN.sub(lambda span: " " * len(span.group(0)), line)
        for pattern in (INLINE_LINK, REFERENCE, HTML_ATTRIBUTE):
            for match in pattern.finditer(line):
                target = match.group(1)
                if target.startswith("<") and target.endswith(">"):
                    target = target[1:-1]
                yield number, target


def slug(heading):
    """GitHub's anchor for a heading's text, before the -1, -2 of repeats."""
    text = re.sub(r"!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML
    text = text.lower()
    kept = []
    for char in text:
        category = unicodedata.category(char)
        if char in "-_ " or category[0] in "LN" or category in ("Mn", "Mc"):
            kept.append(char)
    return "".join(kept).replace(" ", "-")


def anchors(text):
    """Every fragment a Markdown file answers to: its headings' slugs and explicit HTML anchors."""
    found, seen = set(), {}
    previous = None  # the prose line before, for setext headings
    for number, line in prose_lines(text):
        heading = None
        atx = ATX_HEADING.match(line)
        if atx:
            heading = atx.group(2) or ""
        elif SETEXT_UNDERLINE.match(line) and previous is not None and previous[0] == number - 1 \
                and previous[1].strip() and not ATX_HEADING.match(previous[1]):
            heading = previous[1].strip()  # a paragraph line underlined with = or -
        if heading is not None:
            base = slug(heading.strip())
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        for match in HTML_ANCHOR.finditer(line):
            found.add(match.group(1))
        previous = (number, line)
    return found


class Checker:
    def __init__(self, root):
        self.root = root.resolve()
        self._anchors = {}

    def anchors_of(self, path):
        if path not in self._anchors:
            self._anchors[path] = anchors(path.read_text(encoding="utf-8"))
        return self._anchors[path]

    def problem(self, source, target):
        """Why a link target of the Markdown file `source` is broken, or None."""
        if SCHEME.match(target) or target.startswith("//"):
            return None  # external: not fetched
        path_part, _, fragment = target.partition("#")
        path_part = urllib.parse.unquote(path_part)
        fragment = urllib.parse.unquote(fragment)
        if not path_part:
            resolved = source
        elif path_part.startswith("/"):
            resolved = (self.root / path_part.lstrip("/")).resolve()
        else:
            resolved = (source.parent / path_part).resolve()
        if resolved != self.root and self.root not in resolved.parents:
            return "points outside the source tree"
        if not resolved.exists():
            return f"no such file or folder {resolved.relative_to(self.root).as_posix()}"
        if not fragment:
            return None
        page = resolved / "README.md" if resolved.is_dir() else resolved
        if page.suffix.lower() != ".md" or not page.is_file():
            if resolved.is_file() and LINE_FRAGMENT.match(fragment):
                return None  # a line of a source file, as GitHub shows it
            return f"#{fragment} on {resolved.relative_to(self.root).as_posix()}, which has no headings"
        if fragment not in self.anchors_of(page):
            return f"no heading of {page.relative_to(self.root).as_posix()} has the anchor #{fragment}"
        return None

    def run(self):
        """(broken link lines, links checked, files checked, README problem or None)."""
        broken, checked = [], 0
        files = markdown_files(self.root)
        for path in files:
            relative = path.relative_to(self.root).as_posix()
            for number, target in links(path.read_text(encoding="utf-8")):
                checked += 1
                why = self.problem(path.resolve(), target)
                if why:
                    broken.append(f"{relative}:{number}: {target}: {why}")
        readme = self.root / "README.md"
        size = readme.stat().st_size if readme.is_file() else None
        oversize = None
        if size is None:
            oversize = "README.md: missing"
        elif size > README_LIMIT:
            oversize = f"README.md: {size} bytes, over the {README_LIMIT:,} a front page may have"
        return broken, checked, len(files), oversize, size


def check(root):
    broken, checked, files, oversize, size = Checker(root).run()
    for line in broken:
        print(line)
    if oversize:
        print(oversize)
    print(f"{checked} links checked in {files} files: {len(broken)} broken; README.md "
          f"{size if size is not None else 'missing'} bytes (at most {README_LIMIT:,})")
    return not broken and not oversize


# A scratch tree with planted faults: each (file, target) the check must report, and nothing else.
PLANTED_TREE = {
    "README.md": (
        "# Front page\n\n"
        "[fine](docs/A.md#a-heading) [fine too](docs/A.md#a-heading-1) [folder](docs/)\n"
        "[gone](docs/Missing.md) and [wrong fragment](docs/A.md#no-such-heading)\n"
        "![picture](docs/images/none.png) [external](https://example.invalid/none.md)\n"
        "`[in a code span](docs/none.md)` [same page](#front-page) [repeat](#front-page-1)\n\n"
        "```\n[in a fenced block](docs/none.md)\n```\n\n"
        + "padding, so that the README is too long. " * 400 + "\n"),
    "docs/A.md": (
        "# A heading\n\n## A heading\n\n### The `xfen` command: Chess960 (8×8), R4.3!\n\n"
        "[self](#the-xfen-command-chess960-88-r43) [up](../README.md#front-page)\n"
        "[bad up](../README.md#nope) [out](../../outside.md) [ref][r] <a href=\"B.md\">html</a>\n\n"
        "[r]: ./A.md#a-heading\n"),
}
PLANTED_FAULTS = {
    ("README.md", "docs/Missing.md"),
    ("README.md", "docs/A.md#no-such-heading"),
    ("README.md", "docs/images/none.png"),
    ("README.md", "#front-page-1"),
    ("docs/A.md", "../README.md#nope"),
    ("docs/A.md", "../../outside.md"),
    ("docs/A.md", "B.md"),
}


def self_check():
    """True when the planted faults, and only they, are reported."""
    with tempfile.TemporaryDirectory() as scratch:
        root = pathlib.Path(scratch) / "tree"
        for name, text in PLANTED_TREE.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text, encoding="utf-8")
        broken, _, _, oversize, _ = Checker(root).run()
    reported = {(line.split(":", 1)[0], line.split(": ", 2)[1]) for line in broken}
    missed, false_alarms = PLANTED_FAULTS - reported, reported - PLANTED_FAULTS
    for file, target in sorted(missed):
        print(f"self-check: the planted broken link {file}: {target} was not reported")
    for file, target in sorted(false_alarms):
        print(f"self-check: {file}: {target} was reported, but it is fine")
    if not oversize:
        print("self-check: the oversized README was not reported")
    caught = len(PLANTED_FAULTS - missed) + (1 if oversize else 0)
    print(f"self-check: {caught} of {len(PLANTED_FAULTS) + 1} planted faults caught, "
          f"{len(false_alarms)} false alarm(s)")
    return not missed and not false_alarms and oversize is not None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("root", type=pathlib.Path, help="the source tree")
    parser.add_argument("--no-self-check", action="store_true",
                        help="only check the tree, without planting faults in a scratch tree")
    args = parser.parse_args()
    ok = check(args.root)
    if not args.no_self_check:
        ok = self_check() and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
