"""Finds the mutation points of C++ sources: which text to replace, by what, and a stable key.

The sources are read as text, not parsed: comments, string and character literals, preprocessor
lines and static_assert declarations are first blanked out (same length, newlines kept), so that
every pattern below can only match code, and every offset still points into the real file.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

KINDS = ("comparison", "constant", "condition", "statement", "logical", "colour", "side", "boolean")


@dataclasses.dataclass(frozen=True)
class Mutant:
    id: str          # M0001..., in run order; changes when sources change
    key: str         # file:kind:hash of the line's text and the change; survives unrelated edits
    file: str        # path relative to the source root
    line: int        # 1-based line of the first replaced byte
    kind: str
    start: int       # byte offsets of the replaced text in the file
    end: int
    original: str
    replacement: str

    def change(self) -> str:
        """The change on one line, for reports."""
        return f"{one_line(self.original)} → {one_line(self.replacement)}"

    def apply(self, text: str) -> str:
        return text[: self.start] + self.replacement + text[self.end :]


def one_line(text: str, limit: int = 70) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


# --- blanking what is not code -------------------------------------------------------------------

def _blank(text: str) -> str:
    return re.sub(r"[^\n]", " ", text)


def mask_non_code(text: str, comments_only: bool = False) -> str:
    """The text with comments, literals, preprocessor lines and static_asserts turned to spaces
    (with `comments_only`, only the comments: the rest is still recognised, so that a `//` in a
    string is not taken for one)."""
    out = []
    i, n = 0, len(text)
    at_line_start = True  # only white space so far on this line
    while i < n:
        c = text[i]
        if at_line_start and c == "#":
            end = i
            while True:  # a directive runs on over backslash-newlines
                newline = text.find("\n", end)
                if newline == -1:
                    end = n
                    break
                if text[newline - 1] == "\\":
                    end = newline + 1
                    continue
                end = newline
                break
            out.append(text[i:end] if comments_only else _blank(text[i:end]))
            i = end
            continue
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end == -1 else end
            out.append(_blank(text[i:end]))
            i = end
            continue
        if text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end == -1 else end + 2
            out.append(_blank(text[i:end]))
            i = end
            continue
        raw = re.match(r'R"([^(\s]*)\(', text[i:])
        if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            close = text.find(")" + raw.group(1) + '"', i + raw.end())
            end = n if close == -1 else close + len(raw.group(1)) + 2
            out.append(text[i:end] if comments_only else _blank(text[i:end]))
            i = end
            continue
        if c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):  # 1'000 is a number
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            end = min(j + 1, n)
            out.append(text[i:end] if comments_only else _blank(text[i:end]))
            i = end
            continue
        out.append(c)
        if c == "\n":
            at_line_start = True
        elif not c.isspace():
            at_line_start = False
        i += 1
    masked = "".join(out)
    if comments_only:
        return masked
    # static_assert declarations check the code; mutating them only breaks the build.
    for match in re.finditer(r"\bstatic_assert\b", masked):
        close = _matching(masked, masked.find("(", match.end()), "(", ")")
        masked = masked[: match.start()] + _blank(masked[match.start() : close + 1]) + masked[close + 1 :]
    return masked


def _matching(text: str, open_at: int, opening: str, closing: str) -> int:
    """Offset of the bracket closing the one at open_at (or the end of the text)."""
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == opening:
            depth += 1
        elif text[i] == closing:
            depth -= 1
            if depth == 0:
                return i
    return len(text) - 1


def _array_size_spans(masked: str) -> list[tuple[int, int]]:
    """The template argument lists of std::array: their sizes are declarations' array sizes."""
    spans = []
    for match in re.finditer(r"\barray\s*<", masked):
        depth, parens, i = 0, 0, match.end() - 1
        while i < len(masked):
            c = masked[i]
            if c == "(":
                parens += 1
            elif c == ")":
                parens -= 1
            elif parens == 0 and c == "<":
                depth += 1
            elif parens == 0 and c == ">":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        spans.append((match.end(), i))
    return spans


# --- the kinds of mutation ---------------------------------------------------------------------------

_COMPARISON_FLIPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
_SWAPS = {
    "colour": ("Color::white", "Color::black"),
    "side": ("CastlingSide::h_side", "CastlingSide::a_side"),
    "boolean": ("true", "false"),
}
_INTEGER = re.compile(r"(?<![\w.'])(0[xX][0-9a-fA-F]+|\d+)([uUlL]*)(?![\w.'])")
_DECLARATION_WORDS = {
    "const", "constexpr", "consteval", "constinit", "static", "inline", "auto", "unsigned",
    "signed", "int", "char", "bool", "double", "float", "long", "short", "void", "extern",
    "thread_local", "volatile", "mutable", "typename", "struct", "class", "enum", "union",
    "using", "typedef", "template", "friend", "namespace", "return", "break", "continue", "goto",
    "throw", "co_return", "case", "default", "delete", "new",
}


def _comparisons(masked):
    for match in re.finditer(r"(?<=\s)(<=|>=|==|!=|<|>)(?=\s)", masked):
        yield "comparison", match.start(), match.end(), _COMPARISON_FLIPS[match.group(1)]


def _logicals(masked):
    for match in re.finditer(r"(?<=\s)(&&|\|\|)(?=\s)", masked):
        yield "logical", match.start(), match.end(), "||" if match.group(1) == "&&" else "&&"


def _swaps(masked):
    for kind, (a, b) in _SWAPS.items():
        for match in re.finditer(r"\b(%s|%s)\b" % (re.escape(a), re.escape(b)), masked):
            yield kind, match.start(), match.end(), b if match.group(1) == a else a


def _constants(masked):
    excluded = _array_size_spans(masked)
    for match in _INTEGER.finditer(masked):
        if any(begin <= match.start() < end for begin, end in excluded):
            continue
        digits, suffix = match.group(1), match.group(2)
        value = int(digits, 0)
        hexadecimal = digits[:2].lower() == "0x"
        # One mutant a literal: the next value up (a bound off by one, a table shifted by one).
        changed = value + 1
        text = ("0x%0*x" % (len(digits) - 2, changed)) if hexadecimal else str(changed)
        yield "constant", match.start(), match.end(), text + suffix


def _conditions(masked, text):
    for match in re.finditer(r"\b(if|while)\s*\(", masked):
        open_at = match.end() - 1
        close = _matching(masked, open_at, "(", ")")
        inner_start = open_at + 1
        # `if (init; condition)`: only the condition is negated.
        depth = 0
        for i in range(open_at + 1, close):
            if masked[i] in "([{":
                depth += 1
            elif masked[i] in ")]}":
                depth -= 1
            elif masked[i] == ";" and depth == 0:
                inner_start = i + 1
        while masked[inner_start].isspace():
            inner_start += 1
        condition = text[inner_start:close]
        if re.fullmatch(r"[^&|?<>=!]*(==|!=)[^&|?<>=!]*", masked[inner_start:close]):
            continue  # the same mutant as flipping its == or !=
        simple_not = condition.startswith("!") and not re.search(r"&&|\|\||\?", masked[inner_start:close])
        negated = condition[1:] if simple_not else "!(" + condition + ")"
        yield "condition", inner_start, close, negated


def _statement_start(masked: str, begin: int, end: int) -> int | None:
    """Where the expression statement in masked[begin:end] starts (after any control header or
    label), or None when it is a declaration, a return, a jump or nothing."""
    i = begin
    while True:
        while i < end and masked[i].isspace():
            i += 1
        rest = masked[i:end]
        header = re.match(r"(if\s+constexpr|if|for|while|switch)\s*\(", rest)
        if header:
            i = _matching(masked, i + header.end() - 1, "(", ")") + 1
            continue
        label = re.match(r"(else\b|do\b|(public|private|protected)\s*:(?!:)|case\b[^:;]*?:(?!:)|default\s*:)",
                         rest)
        if label:
            i += label.end()
            continue
        break
    statement = masked[i:end].strip()
    if not statement:
        return None
    first_word = re.match(r"[A-Za-z_]\w*", statement)
    if first_word and first_word.group(0) in _DECLARATION_WORDS:
        return None
    # A type followed by a name (`Piece* row = ...`, `std::array<...> squares`): a declaration.
    if re.match(r"[A-Za-z_][\w:]*\s*(<[^;=()]*>)?[\s*&]+[A-Za-z_]\w*\s*(=|\{|;|\[|\(|$)", statement):
        return None
    if re.match(r"[A-Za-z_][\w:]*<", statement):
        return None
    if not re.search(r"(?<![=!<>])=(?!=)|\(|\+\+|--", statement):
        return None
    return i


def segments(masked: str):
    """The text split into statements and declarations: (begin, end, context) for each one that
    ends with `;` at masked[end - 1], split at ; { } outside parentheses and initialiser braces.
    The context is "code" in a function body, "class" in a class or enumeration body, and
    "namespace" elsewhere (at namespace and class scope are only declarations)."""
    depth = 0           # parentheses, brackets and initialiser braces
    braces = []         # per open brace: "initializer" (counted in depth), "scope" or "code"
    begin = 0
    for i, c in enumerate(masked):
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{":
            if depth > 0 or _opens_initializer(masked[begin:i]):
                depth += 1
                braces.append("initializer")
            else:
                braces.append(_opens_scope(masked[begin:i]) or "code")
                begin = i + 1
        elif c == "}":
            kind = braces.pop() if braces else "namespace"
            if kind == "initializer":
                depth -= 1
            else:
                begin = i + 1
        elif c == ";" and depth == 0:
            yield begin, i + 1, next((kind for kind in reversed(braces) if kind != "initializer"), "namespace")
            begin = i + 1


def _statements(masked):
    """Expression statements of function bodies."""
    for begin, end, context in segments(masked):
        start = _statement_start(masked, begin, end - 1) if context == "code" else None
        if start is not None:
            yield "statement", start, end, "{}"


def _opens_scope(before: str) -> str | None:
    """"namespace" or "class" when a `{` after this text opens such a body, else None."""
    match = re.match(r"((public|private|protected)\s*:\s*)?(template\s*<.*>\s*)?"
                     r"(namespace|extern|class|struct|enum|union)\b", before.strip(), re.S)
    if not match:
        return None
    return "namespace" if match.group(4) in ("namespace", "extern") else "class"


def _opens_initializer(before: str) -> bool:
    """Whether a `{` after this statement text starts a braced initialiser (not a block or a body)."""
    before = before.strip()
    if not before or re.match(r"(template\s*<.*>\s*)?(namespace|class|struct|enum|union)\b", before, re.S):
        return False
    if re.search(r"(\)|\belse|\bdo|\bnoexcept|\bconst|\boverride|\btry)$", before):
        return False
    return True


def find_mutants(files: dict[str, str]) -> list[Mutant]:
    """Every mutant of the given sources (path → text), in run order, numbered from M0001."""
    found = []
    for path in sorted(files, key=_run_order):
        text = files[path]
        masked = mask_non_code(text)
        points = [*_comparisons(masked), *_logicals(masked), *_swaps(masked), *_constants(masked),
                  *_conditions(masked, text), *_statements(masked)]
        points.sort(key=lambda p: (p[1], KINDS.index(p[0]), p[2], p[3]))
        lines = text.split("\n")
        seen: dict[tuple, int] = {}
        for kind, start, end, replacement in points:
            line = text.count("\n", 0, start) + 1
            original = text[start:end]
            identity = (lines[line - 1].strip(), kind, original, replacement)
            occurrence = seen.get(identity, 0)  # the same change on identical lines
            seen[identity] = occurrence + 1
            digest = hashlib.sha1("\x00".join(map(str, (*identity, occurrence))).encode()).hexdigest()
            found.append(Mutant("", f"{path}:{kind}:{digest[:10]}", path, line, kind, start, end,
                                original, replacement))
    return [dataclasses.replace(m, id=f"M{n:04d}") for n, m in enumerate(found, 1)]


def _run_order(path: str):
    # Library sources first, then private headers, then public ones: each public header mutant
    # rebuilds every test, so a run stopped early has covered the most mutants.
    group = 0 if path.endswith(".cpp") else 1 if path.startswith("src/") else 2
    return group, path


def core_sources(root: Path) -> dict[str, str]:
    """The core library: src/*.cpp, src/*.hpp and include/xfen/*.hpp (not the folders below src/)."""
    paths = [*root.glob("src/*.cpp"), *root.glob("src/*.hpp"), *root.glob("include/xfen/*.hpp")]
    return {p.relative_to(root).as_posix(): p.read_text() for p in paths}
