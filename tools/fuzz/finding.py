"""What a failing fuzz-target run found, read from its output: the kind of failure and a signature
that two runs of the same bug share, so that findings can be grouped and a minimised input can be
checked to fail the same way.

The signature of a broken law is the target and the law (without the writing style a dialect law
names, which minimisation may change). For a sanitizer or libFuzzer report it is the kind of error
and the top three frames of our own code (sanitizer, libFuzzer and C library frames skipped), as
OSS-Fuzz's crash state does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

FRAMES_IN_SIGNATURE = 3
FRAMES_SHOWN = 8

# Frames that say how the error was reported, not where it happened.
_NOISE_FRAME = re.compile(
    r"^(__sanitizer|__asan|__ubsan|__lsan|__interceptor|__interception|___interceptor|fuzzer::"
    r"|abort$|raise$|gsignal$|__GI_|__libc_|__assert|__pthread|pthread_kill|std::__glibcxx_assert_fail"
    r"|std::__replacement_assert|malloc$|calloc$|realloc$|free$|operator new|operator delete"
    r"|xfen::fuzz::law_broken|_start$|main$|__cxa_|std::terminate|__gnu_cxx::__verbose_terminate)")
_NOISE_MODULE = re.compile(r"\((/[^)]*/)?(libc\.so|libstdc\+\+\.so|libc\+\+|libgcc_s)")
# "#3 0x55 in f(int) /src/a.cpp:10:3", "#4 0x56 in g(long) /src/b.cpp" (no line: inlined),
# "#5 0x57 in main (/bin/x+0x1f) (BuildId: ab12)", "#6 0x58  (/lib/x.so+0x2)" (no name, two
# spaces: the signal frame between a timeout's alarm handler and the code it interrupted)
_FRAME = re.compile(r"^\s*#(\d+) 0x[0-9a-f]+(?: in (.*?))?"
                    r"(?:\s+(/\S+|\S+:\d+(?::\d+)?|\(\S+\+0x[0-9a-f]+\)))?(?: \(BuildId: [0-9a-f]+\))?$")
# A law of xfen's own, or (fuzz/oracle.cpp) another implementation's answer graded by xfen: the
# law is then the disagreement key, "wrong-position: en-passant", as certify groups them.
_LAW = re.compile(r"^=== xfen fuzz: (law broken|the implementation disagrees with xfen)")
_UB = re.compile(r"^(\S+:\d+:\d+): runtime error: (.*)$")
_SANITIZER_ERROR = re.compile(r"==\d+==\s*ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|MemorySanitizer|"
                              r"ThreadSanitizer): (\S+)")
_LEAK = re.compile(r"==\d+==\s*ERROR: LeakSanitizer: detected memory leaks")
_LIBFUZZER_ERROR = re.compile(r"==\d+==\s*ERROR: libFuzzer: (.*)$")
_STYLE_SUFFIX = re.compile(r"\s*\(castling=\S+ ep=\S+\)\s*$")


@dataclass(frozen=True)
class Frame:
    function: str
    location: str

    def __str__(self) -> str:
        return f"{self.function} {self.location}".strip()


@dataclass
class Finding:
    kind: str            # "law broken", "heap-buffer-overflow", "timeout", "leak", ...
    signature: str       # what two reports of the same bug share
    frames: list[Frame] = field(default_factory=list)  # our frames, innermost first
    details: list[str] = field(default_factory=list)  # the law's lines, or the error line

    def describe(self) -> list[str]:
        """The finding as a person reads it: the details, then the frames once."""
        lines = list(self.details)
        lines += [f"  #{i} {frame}" for i, frame in enumerate(self.frames[:FRAMES_SHOWN])]
        return lines


def function_name(frame_text: str) -> str:
    """'xfen::parse(std::string_view, ...) const' -> 'xfen::parse': parameter lists vary with the
    build (and the symbolizer), the name does not."""
    text = frame_text.strip()
    if text.endswith(" const"):
        text = text[: -len(" const")]
    if text.endswith(")"):
        depth = 0
        for index in range(len(text) - 1, -1, -1):
            if text[index] == ")":
                depth += 1
            elif text[index] == "(":
                depth -= 1
                if depth == 0:
                    # "(anonymous namespace)::f(...)": the parameters are the last balanced group.
                    text = text[:index]
                    break
    return text


def _stack_after(lines: list[str], start: int, root: str) -> list[Frame]:
    """Our frames of the first stack at or after line `start`."""
    frames: list[Frame] = []
    seen_stack = False
    for line in lines[start:]:
        match = _FRAME.match(line)
        if not match:
            if seen_stack:
                break
            continue
        seen_stack = True
        function, location = match.group(2) or "?", match.group(3) or ""
        if _NOISE_FRAME.match(function) or _NOISE_MODULE.search(location):
            continue
        if root and location.startswith(root + "/"):
            location = location[len(root) + 1:]
        frames.append(Frame(function_name(function), location))
    return frames


def _signature(kind: str, frames: list[Frame]) -> str:
    names = [frame.function for frame in frames[:FRAMES_IN_SIGNATURE]]
    return f"{kind} in {' < '.join(names)}" if names else kind


def read_finding(output: str, exit_code: int, root: str = "") -> Finding | None:
    """The finding a run's output reports, or None when the run passed (exit 0, no report)."""
    lines = output.splitlines()
    for index, line in enumerate(lines):
        if _LAW.match(line):
            details = [line]
            fields = {}
            for follow in lines[index + 1:index + 8]:
                key, _, value = follow.partition(":")
                if key in ("target", "law", "input", "expected", "actual", "xfen", "theirs", "verdict", "stderr"):
                    fields[key] = value.strip()
                    details.append(follow)
            law = _STYLE_SUFFIX.sub("", fields.get("law", "?"))
            kind = "law broken" if _LAW.match(line).group(1) == "law broken" else "disagreement"
            return Finding(kind, f"{kind} in {fields.get('target', '?')}: {law}",
                           _stack_after(lines, index, root), details)
    for index, line in enumerate(lines):
        match = _UB.match(line)
        if match:
            what = match.group(2)
            # The kind of error without its values: "index N out of bounds for type T".
            kind = "undefined behaviour: " + re.sub(r"0x[0-9a-f]+|-?\b\d+\b", "N",
                                                    re.sub(r"'[^']*'", "T", what.split(":", 1)[0]))
            location = match.group(1)
            if root and location.startswith(root + "/"):
                location = location[len(root) + 1:]
            frames = _stack_after(lines, index, root) or [Frame(location, "")]
            return Finding(kind, _signature(kind, frames), frames, [f"{location}: runtime error: {what}"])
        if _LEAK.search(line):
            return Finding("leak", _signature("leak", _stack_after(lines, index, root)),
                           _stack_after(lines, index, root), [line.split("ERROR: ", 1)[1]])
        match = _SANITIZER_ERROR.search(line)
        if match:
            kind = match.group(2)
            frames = _stack_after(lines, index, root)
            return Finding(kind, _signature(kind, frames), frames, [line.split("ERROR: ", 1)[1]])
        match = _LIBFUZZER_ERROR.search(line)
        if match:
            text = match.group(1)
            kind = re.sub(r"\s*(after|\().*$", "", text).strip() or "libFuzzer error"
            frames = _stack_after(lines, index, root)
            return Finding(kind, _signature(kind, frames), frames, [f"libFuzzer: {text}"])
    if exit_code == 0:
        return None
    kind = f"exit status {exit_code}" if exit_code > 0 else f"signal {-exit_code}"
    tail = [line for line in lines if line.strip()][-3:]
    return Finding(kind, kind, [], [f"no sanitizer or libFuzzer report; last lines of output:"] +
                   [f"  {line}" for line in tail])
