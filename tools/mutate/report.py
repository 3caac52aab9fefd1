"""Scores, the summary table and the JSON Lines results.

Score convention: a timeout counts as killed (the mutant made the suite hang: a test would fail
on its time limit); a mutant that does not compile is left out (no test could run); a survivor
declared equivalent (it cannot change behaviour) is left out and listed apart.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import IO, Iterable

from runner import Result


@dataclasses.dataclass
class Score:
    killed: int        # timeouts included
    survived: int      # not declared equivalent
    timeout: int
    did_not_compile: int
    equivalent: int    # survivors declared equivalent

    @property
    def scored(self) -> int:
        return self.killed + self.survived

    def line(self, suite: str) -> str:
        percent = 100.0 * self.killed / self.scored if self.scored else 100.0
        return (f"mutation score ({suite}): {self.killed}/{self.scored} killed ({percent:.1f}%), "
                f"{self.survived} survived, {self.timeout} timeout, "
                f"{self.did_not_compile} did not compile, {self.equivalent} equivalent")


def score(results: Iterable[Result], equivalent: set[str]) -> Score:
    counts = Counter()
    for result in results:
        if result.outcome == "survived" and is_equivalent(result, equivalent):
            counts["equivalent"] += 1
        else:
            counts[result.outcome] += 1
    return Score(counts["killed"] + counts["timeout"], counts["survived"], counts["timeout"],
                 counts["did-not-compile"], counts["equivalent"])


def is_declared(mutant, equivalent: set[str]) -> bool:
    """Whether the equivalent file names the mutant, by key or by id."""
    return mutant.key in equivalent or mutant.id in equivalent


def is_equivalent(result: Result, equivalent: set[str]) -> bool:
    return is_declared(result.mutant, equivalent)


NOT_RUN = "declared equivalent, not run"


def set_aside_equivalent(mutants: list, equivalent: set[str]) -> tuple[list, list[Result]]:
    """--skip-equivalent: the mutants to run, and a survivor for each declared one, taken at its
    declaration. A survivor that cannot be killed runs the whole suite, the slowest of runs; a
    declaration gone stale is then found only by a run that does not skip."""
    return [m for m in mutants if not is_declared(m, equivalent)], \
        [Result(m, "survived", 0.0, NOT_RUN) for m in mutants if is_declared(m, equivalent)]


def record(result: Result, suite: str, equivalent: set[str]) -> dict:
    m = result.mutant
    return {"id": m.id, "key": m.key, "suite": suite, "file": m.file, "line": m.line,
            "kind": m.kind, "before": m.original, "after": m.replacement,
            "outcome": result.outcome, "equivalent": is_equivalent(result, equivalent),
            "seconds": round(result.seconds, 2), "detail": result.detail, "mode": result.mode}


def write_row(out: IO[str], result: Result, equivalent: set[str]) -> None:
    m = result.mutant
    outcome = result.outcome + (" (equivalent)" if is_equivalent(result, equivalent) else "")
    out.write(f"{m.id}  {m.file + ':' + str(m.line):<28} {m.kind:<11} {outcome:<26} "
              f"{result.seconds:6.1f}s  {m.change()}\n")
    out.flush()


def write_survivors(out: IO[str], results: Iterable[Result], equivalent: set[str]) -> None:
    survivors = [r for r in results if r.outcome == "survived" and not is_equivalent(r, equivalent)]
    if not survivors:
        return
    out.write(f"\nsurvivors ({len(survivors)}):\n")
    for r in survivors:
        out.write(f"  {r.mutant.id} {r.mutant.file}:{r.mutant.line} {r.mutant.kind}: "
                  f"{r.mutant.change()}  [{r.mutant.key}]\n")


def load_equivalent(path) -> dict[str, str]:
    """`KEY-or-ID reason...` per line; blank lines and # comments ignored. A reason is required."""
    declared = {}
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
        if not line:
            continue
        key, _, reason = line.partition(" ")
        if not reason.strip():
            raise SystemExit(f"{path}:{number}: '{key}' is declared equivalent without a reason")
        declared[key] = reason.strip()
    return declared


def dump(out: IO[str], data: dict) -> None:
    out.write(json.dumps(data, ensure_ascii=False) + "\n")
    out.flush()


def markdown_from_results(path, equivalent: set[str]) -> str:
    """The score line and the survivors of a results file (also of a run stopped part way), as
    Markdown for docs/MUTATION.md."""
    records = [json.loads(line) for line in open(path, encoding="utf-8")]
    mutants = [r for r in records if "outcome" in r]
    counts = Counter()
    for r in mutants:
        declared = r["key"] in equivalent or r["id"] in equivalent
        counts["equivalent" if r["outcome"] == "survived" and declared else r["outcome"]] += 1
    suite = mutants[0]["suite"] if mutants else "?"
    final = Score(counts["killed"] + counts["timeout"], counts["survived"], counts["timeout"],
                  counts["did-not-compile"], counts["equivalent"])
    lines = [final.line(suite), ""]
    for r in mutants:
        if r["outcome"] == "survived" and not (r["key"] in equivalent or r["id"] in equivalent):
            change = f"{' '.join(r['before'].split())} → {' '.join(r['after'].split())}"
            lines.append(f"- `{r['file']}:{r['line']}` {r['kind']}: `{change}` ({r['id']}, `{r['key']}`)")
    return "\n".join(lines)
