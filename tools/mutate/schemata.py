"""Mutant schemata: every mutant of a file written into it at once, each behind a runtime switch
(`xfen_mutation::on(n)`, tools/mutate/mutant_switch.hpp), so that one build serves all mutants
and a mutant costs only its test run.

Each mutant's text is rewritten so that with the switch off it is the original code, and with it
on it is exactly the classic mutant (the same grouping, the same short-circuit evaluation):

  comparison  a < b      ->  a < site(n) < b             (the switch header does the rest)
  logical     L && R     ->  ((L) && (on(n) || (R))) || (on(n) && (R))
              L || R     ->  ((L) || (!on(n) && (R))) && (!on(n) || (R))
  condition   if (c)     ->  if ((on(n) ? static_cast<bool>(!(c)) : static_cast<bool>(c)))
  statement   s;         ->  { if (!on(n)) { s; } }
  constant, colour, side, boolean: x  ->  (on(n) ? y : x)

Mutants nest (a comparison inside a condition inside a statement); the rewrite works from the
inside out. Each outermost rewrite is put on one line, with the newlines it spanned after it, so
line numbers outside it do not move and a compiler error in it names its first line. What does
not compile (a switch where the language wants a constant, a declaration as a condition) is found
by building: the mutants on the lines the compiler names are left out, and run the classic way.
"""

from __future__ import annotations

import dataclasses
import re

from mutants import Mutant, mask_non_code, segments

_TIE_ORDER = {"declaration": 0, "statement": 1, "condition": 2, "logical": 3}  # outer first when spans are equal


@dataclasses.dataclass
class _Node:
    key: str    # the mutant's id, or a declaration's key
    kind: str   # a mutant kind, or "declaration"
    start: int  # the rewritten span (a logical operator: both operands; a declaration: its initialiser)
    end: int
    mutant: Mutant | None = None
    wrap: str = ""  # a declaration's initialiser: the text before and after it
    children: list["_Node"] = dataclasses.field(default_factory=list)


def number(mutant: Mutant) -> int:
    """The switch value of a mutant: its id without the M (M0042 -> 42)."""
    return int(mutant.id.lstrip("M"))


def _is_colon(masked: str, i: int) -> bool:
    return masked[i] == ":" and masked[i - 1 : i] != ":" and masked[i + 1 : i + 2] != ":"


def _is_assignment(masked: str, i: int) -> bool:
    return (masked[i] == "=" and masked[i + 1 : i + 2] != "=" and masked[i - 1 : i] not in ("=", "!", "<", ">"))


def _scan(masked: str, i: int, step: int, stop) -> int:
    """From i, one character at a time in the direction of `step`, the first offset outside
    brackets where an operand ends: a separator (; , ? : or an assignment), `stop(i)`, or a
    bracket that closes the one the operand is in."""
    inner, outer = ("([{", ")]}") if step > 0 else (")]}", "([{")
    depth = 0
    while 0 <= i < len(masked):
        c = masked[i]
        if c in inner:
            depth += 1
        elif c in outer:
            if depth == 0:
                return i
            depth -= 1
        elif depth == 0 and (c in ";,?" or _is_colon(masked, i) or _is_assignment(masked, i) or stop(i)):
            return i
        i += step
    return i


def logical_operands(masked: str, code: str, op_start: int, op_end: int) -> tuple[int, int]:
    """The span of `L op R` around the && or || at [op_start, op_end): C++ precedence, found on
    the masked text, trimmed on `code` (literals are blank in the masked text, not white space).
    `&&` binds tighter than `||`; both group to the left, so the left operand takes in earlier
    operators of the same kind and the right one stops at the next."""
    op = masked[op_start:op_end]
    left = _scan(masked, op_start - 1, -1, lambda i: (op == "&&" and masked[i - 1 : i + 1] == "||") or (
        masked[i].isspace() and re.search(r"\b(return|co_return|co_yield|throw)\s*$",
                                          masked[max(0, i - 12) : i + 1]) is not None)) + 1
    right = _scan(masked, op_end, 1, lambda i: masked[i : i + 2] == "||" or
                  (op == "&&" and masked[i : i + 2] == "&&"))
    while code[left].isspace():
        left += 1
    while code[right - 1].isspace():
        right -= 1
    return left, right


def _forest(nodes: list[_Node]) -> tuple[list[_Node], list[_Node]]:
    """The rewrites nested by their spans; those whose span crosses another's are left out."""
    nodes = sorted(nodes, key=lambda node: (node.start, -node.end, _TIE_ORDER.get(node.kind, 4)))
    roots: list[_Node] = []
    stack: list[_Node] = []
    left_out = []
    for node in nodes:
        while stack and stack[-1].end <= node.start:
            stack.pop()
        parent = stack[-1] if stack else None
        if parent and (node.end > parent.end or _crosses_operator(parent, node)):
            left_out.append(node)
            continue
        (parent.children if parent else roots).append(node)
        stack.append(node)
    return roots, left_out


def _crosses_operator(parent: _Node, child: _Node) -> bool:
    m = parent.mutant
    return parent.kind == "logical" and child.start < m.end and child.end > m.start


def _render(text: str, start: int, end: int, children: list[_Node]) -> str:
    out, at = [], start
    for child in children:
        if child.start < start or child.end > end:
            continue
        out.append(text[at : child.start])
        out.append(_rewrite(text, child))
        at = child.end
    out.append(text[at:end])
    return "".join(out)


def _rewrite(text: str, node: _Node) -> str:
    if node.kind == "declaration":
        before, after = node.wrap.split("@")
        return before + _render(text, node.start, node.end, node.children) + after
    m, n = node.mutant, number(node.mutant)
    on = f"::xfen_mutation::on({n})"
    if m.kind == "logical":
        left = _render(text, node.start, m.start, node.children).strip()
        right = _render(text, m.end, node.end, node.children).strip()
        if m.original == "&&":
            return f"(({left}) && ({on} || ({right}))) || ({on} && ({right}))"
        return f"(({left}) || (!{on} && ({right}))) && (!{on} || ({right}))"
    inner = _render(text, node.start, node.end, node.children)
    if m.kind == "comparison":
        return f"{m.original} ::xfen_mutation::site({n}) {m.original}"
    if m.kind == "statement":
        return f"{{ if (!{on}) {{ {inner} }} }}"
    if m.kind == "condition":
        # The classic mutant is !(c), or c without its leading ! (mutants.py); the same here,
        # on the text with the nested rewrites in it.
        mutated = inner[1:] if m.replacement == m.original[1:] else f"!({inner})"
        return f"({on} ? static_cast<bool>({mutated}) : static_cast<bool>({inner}))"
    return f"({on} ? {m.replacement} : {inner})"  # constant, colour, side, boolean: one token


# `constexpr` variables: an optional template head, specifiers, the type, the name, then = or {.
_CONSTEXPR_VARIABLE = re.compile(
    r"\s*(template\s*<[^;{]*?>\s*)?((static|inline|const)\s+)*(?P<keyword>constexpr)\s+"
    r"(?P<type>[^=;{]*?)(?P<name>[A-Za-z_]\w*)\s*(?P<init>=(?!=)|\{)")
_NOT_A_NAME = {"noexcept", "const", "override", "final", "default", "delete"}
# Numbers at namespace scope size arrays and count loops at compile time: they stay constants.
_SCALAR = re.compile(r"(auto|bool|char|int|unsigned|long|short|std::size_t|std::u?int\d+_t)")


def _needed_as_constant(text: str, masked: str, name: str, after: int) -> bool:
    """Whether the code after a constant needs it as one: a template argument (an array size), a
    static_assert (blank in the masked text, so looked for in the text), another constexpr."""
    return (re.search(r"[<,]\s*%s\s*[>,]" % re.escape(name), masked[after : after + 4000]) is not None
            or re.search(r"(static_assert\s*\(|\bconstexpr\b[^;]*=)[^;]*\b%s\b" % re.escape(name),
                         text[after:]) is not None)


@dataclasses.dataclass
class _Declaration:
    key: str           # path:line:run-time, for excluding it like a mutant
    keyword: int       # offset of its `constexpr`
    replacement: str   # what the keyword becomes (same length: offsets stay)
    node: _Node | None  # the wrapped initialiser (namespace scope), or none (a local)
    first_line: int
    last_line: int


def _run_time_declarations(path: str, text: str, masked: str, mutants: list[Mutant],
                           excluded: set[str]) -> list[_Declaration]:
    """The compiler's evaluations that would hide mutants from their switches, turned into
    run-time ones. A `constexpr` table at namespace scope (its initialiser calls a function or is
    a braced list) becomes `const`, initialised through a non-constexpr identity at program
    start; a local one holding a mutant becomes a plain variable. (The compiler evaluates the
    initialiser of a constant, and `on` is false there.) A use that needs a constant then fails
    to compile, and the declaration, named by the compiler, stays as it was."""
    found = []
    for begin, end, context in segments(masked):
        match = _CONSTEXPR_VARIABLE.match(masked, begin)
        if context == "class" or not match or match.end() > end:
            continue
        declared = masked[match.start("type") : match.end("name")]
        if match.group("name") in _NOT_A_NAME or declared.count("(") != declared.count(")") or \
                match.group("type").rstrip().endswith(")") or match.group("init") != "=":
            continue
        init_start, init_end = match.end(), end - 1
        while masked[init_start].isspace():
            init_start += 1
        while masked[init_end - 1].isspace():
            init_end -= 1
        holds_mutant = any(init_start <= m.start < init_end for m in mutants)
        calls = "(" in masked[init_start:init_end]
        first_line = text.count("\n", 0, begin + len(masked[begin:]) - len(masked[begin:].lstrip())) + 1
        key = f"{path}:{first_line}:run-time"
        type_text = " ".join(text[match.start("type") : match.start("name")].split())
        if key in excluded or _needed_as_constant(text, masked, match.group("name"), end):
            continue
        last_line = text.count("\n", 0, end) + 1
        if context == "code" and holds_mutant:
            found.append(_Declaration(key, match.start("keyword"), " " * 9, None, first_line, last_line))
        elif context == "namespace" and (holds_mutant or calls) and not _SCALAR.fullmatch(type_text):
            # `T{...}` as an expression also deduces T's arguments (std::array{...}).
            braced = masked[init_start] == "{"
            node = _Node(key, "declaration", init_start, init_end,
                         wrap=f"::xfen_mutation::run_time({type_text if braced else ''}@)")
            found.append(_Declaration(key, match.start("keyword"), "const    ", node, first_line, last_line))
    return found


def rewrite_file(path: str, text: str, mutants: list[Mutant], excluded: set[str]
                 ) -> tuple[str, list[str], dict[int, list[str]]]:
    """The file with `mutants` compiled in, except the keys in `excluded` (mutant ids and
    declaration keys); the keys left out (crossing spans); and, per line of the result, the keys
    rewritten on it (to map a compiler error back to them)."""
    masked = mask_non_code(text)
    code = mask_non_code(text, comments_only=True)  # comments would swallow the joined lines
    mutants = [m for m in mutants if m.id not in excluded]
    declarations = _run_time_declarations(path, text, masked, mutants, excluded)
    nodes = [_Node(m.id, m.kind, *(logical_operands(masked, code, m.start, m.end)
                                   if m.kind == "logical" else (m.start, m.end)), mutant=m)
             for m in mutants]
    roots, left_out = _forest(nodes + [d.node for d in declarations if d.node])
    for d in declarations:
        code = code[: d.keyword] + d.replacement + code[d.keyword + 9 :]
    code = re.sub(r"\bconsteval\b", "constexpr", code)  # the same length: offsets stay
    out, at, by_line = [], 0, {}
    for root in roots:
        out.append(code[at : root.start])
        flat = " ".join(_rewrite(code, root).split("\n"))
        out.append(flat + "\n" * text.count("\n", root.start, root.end))
        at = root.end
        line = text.count("\n", 0, root.start) + 1
        by_line.setdefault(line, []).extend(_all_keys(root))
    out.append(code[at:])
    for d in declarations:
        for line in range(d.first_line, d.last_line + 1):
            by_line.setdefault(line, []).append(d.key)
    return "".join(out), [node.key for node in left_out], by_line


def _all_keys(node: _Node) -> list[str]:
    return [node.key] + [key for child in node.children for key in _all_keys(child)]


def error_lines(compiler_output: str, path_suffix: str) -> set[int]:
    """The lines of one file that a compiler's output names (errors and their 'required from')."""
    pattern = re.compile(r"(?:^|\s)(\S*%s):(\d+):(?:\d+:)?" % re.escape(path_suffix), re.M)
    return {int(match.group(2)) for match in pattern.finditer(compiler_output)}
