#!/usr/bin/env python3
"""The class and the capability tags of every conformance case, and the suite's manifest.

Both are computed from what a case states (its input, profile, styles and expected outcome), by
the rules of corpus/conformance/README.md, with a small X-FEN reader of its own (it does not use
xfen's code): the README's tables say what each class and tag means, this file is how they are
assigned, and tests/conformance_schema_test.py checks that the stored ones still agree.

Usage: classify.py [--check] [SUITE_DIR]     (SUITE_DIR: corpus/conformance by default)
  writes "class" and "tags" into every case, right after "id", and writes manifest.json (its
  "version" is kept: bumping it is a human decision, see the README);
  --check writes nothing, lists each case whose stored class or tags differ, and exits 1 if any.
       classify.py --cases FILE.jsonl
  writes "class" and "tags" into every case of a file of cases that is not (yet) in the suite, each
  of the group its id names (`xfen certify --generate --save-cases` writes such files).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

SUITE = Path(__file__).resolve().parents[2] / "corpus" / "conformance"

# The group files, each with the SPEC rules it pins (the README's table of files).
GROUPS = {
    "record": ["R1"],
    "board": ["R2"],
    "side": ["R3"],
    "castling": ["R4", "R7.2", "R7.3"],
    "en-passant": ["R5", "R7.4"],
    "counters": ["R6"],
    "dialects": ["R8"],
    "lenient": ["R9"],
    "legality": ["R10"],
}
STYLE_TAGS = {("castling", "shredder"): "write-shredder", ("castling", "classic"): "write-classic",
              ("en_passant", "always"): "ep-always", ("en_passant", "legal"): "ep-legal"}
# The tag vocabulary and the classes, as the schema states them (its enums keep the README's order).
_DEFS = json.loads((SUITE / "schema.json").read_text(encoding="utf-8"))["$defs"]
VOCABULARY: list[str] = _DEFS["tag"]["enum"]
CLASSES: list[str] = _DEFS["class"]["enum"]
# The tags that name a capability a program may lack (a board width, a piece set, a castling
# notation), so that `xfen certify --supports` grades only the cases a program claims to play: the
# manifest lists them. They are given wherever the input shows the feature, even past an error.
CAPABILITIES = ["8x8", "10x8", "capablanca", "chess960", "shredder-input", "prefix-s", "prefix-m"]
LONG_LINE = 100  # bytes; the longest well-formed 8x8 record has 104, the longest 10x8 one 120
KEPT = 8  # warnings and legality findings an implementation is asked to keep at least (R9, R10)

PIECES = b"KQRBNPAC"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


class Unclassifiable(Exception):
    """A case that fits no class or more than one: a rule is missing, not to be guessed."""


def case_class(case: dict) -> str:
    # An illegal position is implementation-defined in any group and whatever the writing styles
    # (src/conformance/class_rules.cpp decides in that order): rejecting it is allowed, so neither
    # valid nor dialect may claim it.
    strict = case.get("profile", "strict") == "strict"
    default_styles = case.get("castling", "xfen") == "xfen" and case.get("en_passant", "xfen") == "xfen"
    read = "output" in case or "write_error" in case
    illegal = bool(case.get("legality"))
    fits = []
    if "error" in case:
        fits.append("invalid")
    if (not strict and read) or illegal:
        fits.append("implementation-defined")
    if strict and default_styles and "output" in case and not illegal:
        fits.append("valid")
    if strict and not default_styles and read and not illegal:
        fits.append("dialect")
    if len(fits) != 1:
        raise Unclassifiable(f"{case['id']}: fits {fits or 'no class'}")
    return fits[0]


# --- a small X-FEN reader: only what the tags need ---

def fields(data: bytes, lenient: bool) -> list[tuple[int, bytes]]:
    """(offset, bytes) of each field: split at single spaces, or leniently at runs of space, tab, CR,
    LF, VT and FF."""
    if lenient:
        return [(m.start(), m.group()) for m in re.finditer(rb"[^ \t\r\n\v\f]+", data)]
    result, start = [], 0
    for part in data.split(b" "):
        result.append((start, part))
        start += len(part) + 1
    return result


def rank_squares(rank: bytes, lenient: bool) -> list[int] | None:
    """The pieces of one rank, None for each empty square; None when the rank is malformed."""
    squares: list[int | None] = []
    for run in re.findall(rb"[0-9]+|.", rank, re.S):
        if run[:1].isdigit():
            if re.fullmatch(rb"[1-9]|10", run):
                squares += [None] * int(run)
            elif lenient:  # R9: the digits of a run that is not a count are summed
                squares += [None] * sum(int(d) for d in run.decode())
            else:
                return None
        elif run.upper() in PIECES:
            squares.append(run[0])
        else:
            return None
    return squares


def told_width(board: bytes, lenient: bool) -> int | None:
    """The board width the input shows: rank 8's, or else the one all other readable ranks agree on."""
    ranks = [rank_squares(rank, lenient) for rank in board.split(b"/")]
    if ranks[0] is not None:
        width = len(ranks[0])
    else:
        widths = {len(rank) for rank in ranks[1:] if rank is not None}
        width = widths.pop() if len(widths) == 1 else 0
    return width if width in (8, 10) else None


class Board:
    """A well-formed board: squares[(file, rank)], both from 0 (a1 is (0, 0))."""

    def __init__(self, width: int, squares: dict[tuple[int, int], int]):
        self.width, self.squares = width, squares

    @staticmethod
    def read(field: bytes, lenient: bool) -> Board | None:
        ranks = [rank_squares(rank, lenient) for rank in field.split(b"/")]
        if len(ranks) != 8 or None in ranks or len({len(r) for r in ranks}) != 1 or len(ranks[0]) not in (8, 10):
            return None
        return Board(len(ranks[0]), {(f, 7 - r): piece for r, rank in enumerate(ranks)
                                     for f, piece in enumerate(rank) if piece is not None})

    def files_of(self, piece: int, rank: int) -> list[int]:
        return [f for f in range(self.width) if self.squares.get((f, rank)) == piece]

    def attacked(self, square: tuple[int, int], white: bool) -> bool:
        """Whether a piece of that colour attacks the square (all eight kinds, sliders blocked)."""
        def piece(kind: bytes) -> int:
            return (kind if white else kind.lower())[0]

        def at(f: int, r: int) -> int | None:
            return self.squares.get((f, r)) if 0 <= f < self.width and 0 <= r < 8 else None

        f, r = square
        pawn_rank = r - 1 if white else r + 1
        if piece(b"P") in (at(f - 1, pawn_rank), at(f + 1, pawn_rank)):
            return True
        if any(at(f + df, r + dr) in (piece(b"N"), piece(b"A"), piece(b"C")) for df, dr in KNIGHT):
            return True
        if any(at(f + df, r + dr) == piece(b"K") for df, dr in ORTHOGONAL + DIAGONAL):
            return True
        for directions, sliders in ((ORTHOGONAL, b"RQC"), (DIAGONAL, b"BQA")):
            for df, dr in directions:
                x, y = f + df, r + dr
                while 0 <= x < self.width and 0 <= y < 8 and (x, y) not in self.squares:
                    x, y = x + df, y + dr
                if at(x, y) in {piece(bytes([kind])) for kind in sliders}:
                    return True
        return False

    def kings(self, white: bool) -> list[tuple[int, int]]:
        return [sq for sq, p in self.squares.items() if p == (ord("K") if white else ord("k"))]


def castling_tags(field: bytes, start: int, reached: int, board: Board) -> set[str]:
    tags = set()
    read = field[:max(0, reached - start + 1)]
    if b"s" in read:
        tags.add("prefix-s")
    if b"m" in read:
        tags.add("prefix-m")
    if re.search(rb"[A-Ja-j]", read):
        tags.add("shredder-input")
    if re.search(rb"[IJij]", read):
        tags.add("files-i-j")
    order = []  # (colour, side) of each token whose side is known, 0 = White h-side ... 3 = Black a-side
    for token in read:
        letter = bytes([token])
        if not (letter in b"KQkq" or re.fullmatch(rb"[A-Ja-j]", letter)):
            continue
        white = letter.isupper()
        back = 0 if white else 7
        kings = board.files_of(ord("K" if white else "k"), back)
        king = kings[0] if len(kings) == 1 else None
        rooks = board.files_of(ord("R" if white else "r"), back)
        if letter.upper() in b"KQ":
            h_side = letter.upper() == b"K"
            same_side = [f for f in rooks if king is not None and (f > king) == h_side]
            rook = (max if h_side else min)(same_side, default=None)
        else:
            rook = ord(letter.lower()) - ord("a")
            if king is None or rook not in rooks:
                continue
            h_side = rook > king
            same_side = [f for f in rooks if (f > king) == h_side]
        order.append((0 if white else 2) + (not h_side))
        if rook is None:
            continue
        if rook != (max if h_side else min)(same_side):
            tags.add("inner-rook")
        elif len(same_side) > 1:
            tags.add("outer-rook")
        if king != {8: 4, 10: 5}[board.width] or rook not in (0, board.width - 1):
            tags.add("chess960")
    if order != sorted(order):
        tags.add("token-order")
    return tags


def en_passant_tags(field: bytes, white_to_move: bool, board: Board) -> set[str]:
    if not re.fullmatch(rb"[a-z][1-8]", field):
        return set()
    tags = {"files-i-j"} if field[:1] in b"ij" else set()
    file, rank = field[0] - ord("a"), field[1] - ord("1")
    if file >= board.width:
        return tags
    step = 1 if white_to_move else -1  # from the square towards the pushed pawn is -step
    pawn_rank = rank - step
    pusher, capturer = (ord("p"), ord("P")) if white_to_move else (ord("P"), ord("p"))
    if (rank != (5 if white_to_move else 2) or board.squares.get((file, pawn_rank)) != pusher
            or (file, rank) in board.squares or (file, rank + step) in board.squares):
        return tags  # fails R5.2: an error, or dropped by lenient reading
    capturers = [f for f in (file - 1, file + 1)
                 if 0 <= f < board.width and board.squares.get((f, pawn_rank)) == capturer]
    tags.add("ep-capturer" if capturers else "ep-no-capturer")
    if file in (0, board.width - 1) or any(f in (0, board.width - 1) for f in capturers):
        tags.add("ep-edge-file")
    # Every king of the side to move counts (SPEC R8.3): one left in check makes a capture illegal.
    kings = board.kings(white_to_move)
    if capturers and kings:
        in_check = any(board.attacked(king, not white_to_move) for king in kings)
        illegal = False
        for f in capturers:
            after = Board(board.width, dict(board.squares))
            del after.squares[(f, pawn_rank)], after.squares[(file, pawn_rank)]
            after.squares[(file, rank)] = capturer
            illegal |= any(after.attacked(king, not white_to_move) for king in kings)
        if in_check or illegal:
            tags.add("ep-pinned")
    return tags


def case_tags(case: dict, group: str) -> list[str]:
    data = case["input"].encode("utf-8")
    lenient = case.get("profile") == "lenient"
    tags = {group}
    if lenient:
        tags.add("lenient")
    for (member, style), tag in STYLE_TAGS.items():
        if case.get(member) == style:
            tags.add(tag)
    if any(b < 0x20 or b > 0x7E for b in data):
        tags.add("bytes")
    if len(data) > LONG_LINE:
        tags.add("long-line")
    if max(len(case.get("warnings", [])), len(case.get("legality") or [])) > KEPT:
        tags.add("many-diagnostics")
    words = fields(data, lenient=True)
    width = told_width(words[0][1], lenient) if words else None
    if width:
        tags.add(f"{width}x8")
    parts = fields(data, lenient)
    if not parts or not parts[0][1]:
        return sorted(tags)
    # What reading gets to: everything, nothing after a structural error (R1.1 comes before any
    # field), or up to and including the byte of the error.
    error = case.get("error")
    reached = len(data) if error is None else -1 if error["code"].startswith("record.") else error["offset"]
    board_start, board_field = parts[0]
    # Capabilities first, from the whole input: a program without one cannot be graded on the
    # case, whatever error comes first.
    tags |= content_tags(parts, len(data), lenient) & set(CAPABILITIES)
    tags |= content_tags(parts, reached, lenient)
    return sorted(tags)


def content_tags(parts: list[tuple[int, bytes]], reached: int, lenient: bool) -> set[str]:
    """The tags of the fields' content, read up to and including byte `reached`."""
    tags = set()
    board_start, board_field = parts[0]
    if any(m.group() in (b"9", b"10") and board_start + m.start() <= reached
           for m in re.finditer(rb"[0-9]+", board_field)):
        tags.add("digits-9-10")
    if re.search(rb"[AaCc]", board_field[:max(0, reached - board_start + 1)]):
        tags.add("capablanca")
    board = Board.read(board_field, lenient)
    if board is None:
        return tags
    if len(parts) > 2 and parts[2][0] <= reached:
        tags |= castling_tags(parts[2][1], parts[2][0], reached, board)
    if len(parts) > 3 and parts[3][0] <= reached and parts[1][1] in (b"w", b"b"):
        tags |= en_passant_tags(parts[3][1], parts[1][1] == b"w", board)
    return tags


# --- the suite on disk ---

def read_suite(suite: Path) -> dict[str, list[dict]]:
    """Each group file's cases, in order (a file's name without .jsonl is its group)."""
    return {path.stem: [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
            for path in sorted(suite.glob("*.jsonl"))}


def with_class_and_tags(case: dict, group: str) -> dict:
    rest = {k: v for k, v in case.items() if k not in ("id", "class", "tags")}
    return {"id": case["id"], "class": case_class(case), "tags": case_tags(case, group), **rest}


def manifest(cases: dict[str, list[dict]], version: str) -> dict:
    every = [case for group in cases.values() for case in group]
    return {
        "suite": "xfen X-FEN conformance suite",
        "version": version,
        "spec": {"title": "X-FEN as xfen reads and writes it", "document": "docs/SPEC.md",
                 "rules": "R1-R10"},
        "schema": "schema.json",
        "files": [{"file": f"{group}.jsonl", "rules": GROUPS[group], "cases": len(group_cases)}
                  for group, group_cases in cases.items()],
        "cases": len(every),
        "classes": {name: sum(c["class"] == name for c in every) for name in CLASSES},
        "tags": {tag: sum(tag in c["tags"] for c in every) for tag in VOCABULARY},
        "capabilities": CAPABILITIES,
    }


def classify_file(path: Path) -> int:
    classified = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        case = json.loads(line)
        group = case["id"].split(".", 1)[0]
        if group not in GROUPS:
            print(f"{path}:{number}: id {case['id']!r} names no group of the suite ({', '.join(GROUPS)})",
                  file=sys.stderr)
            return 1
        try:
            classified.append(with_class_and_tags(case, group))
        except Unclassifiable as error:
            print(f"{path}:{number}: {error}", file=sys.stderr)
            return 1
    path.write_text("".join(json.dumps(c) + "\n" for c in classified), encoding="utf-8")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--cases"] and len(argv) == 2:
        return classify_file(Path(argv[1]))
    check = "--check" in argv
    paths = [a for a in argv if a != "--check"]
    suite = Path(paths[0]) if paths else SUITE
    cases = read_suite(suite)
    computed = {group: [with_class_and_tags(c, group) for c in group_cases] for group, group_cases in cases.items()}
    if check:
        stale = [f"{c['id']}: stored {c.get('class')} {c.get('tags')}, computed {n['class']} {n['tags']}"
                 for group in cases for c, n in zip(cases[group], computed[group])
                 if (c.get("class"), c.get("tags")) != (n["class"], n["tags"])]
        print("\n".join(stale) or "every stored class and tag agrees")
        return 1 if stale else 0
    for group, group_cases in computed.items():
        text = "".join(json.dumps(c) + "\n" for c in group_cases)
        (suite / f"{group}.jsonl").write_text(text, encoding="utf-8")
    manifest_path = suite / "manifest.json"
    version = json.loads(manifest_path.read_text())["version"] if manifest_path.exists() else "1.0.0"
    manifest_path.write_text(json.dumps(manifest(computed, version), indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
