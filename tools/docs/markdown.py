"""Fenced code blocks of Markdown (CommonMark's rule), for the tools that read the documentation:
tests/docs_links_test.py, tools/docs/sections_moved.py and tools/docs/run_examples.py."""
import re

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def walk(text):
    """(line number, line, where, info) for each line of `text`: `where` is "text" outside fenced
    code blocks, "open" and "close" for a block's fence lines, "code" inside; `info` is the
    opening fence's info string ("sh", "text", ...) on the lines of a block, "" elsewhere. A block
    closes at a fence of its character at least as long, with nothing after it."""
    fence, info = None, ""
    for number, line in enumerate(text.split("\n"), 1):
        match = FENCE.match(line)
        if fence is None:
            if match:
                fence, info = match.group(1), match.group(2).strip()
                yield number, line, "open", info
            else:
                yield number, line, "text", ""
        elif match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence) \
                and not match.group(2).strip():
            yield number, line, "close", info
            fence, info = None, ""
        else:
            yield number, line, "code", info
