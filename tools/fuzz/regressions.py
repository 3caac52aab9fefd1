"""corpus/regressions/: every input a fuzz target ever failed on, minimised, named by its hash,
each with one line in the folder's README.md saying what it caught. ctest replays every file
through every target in every build (fuzz_replay_*), so a bug once found stays fixed."""

from __future__ import annotations

import datetime
import hashlib
from pathlib import Path

from finding import Finding
from project import Project

NOTES_HEADING = "## What each input caught"


def add_regression(project: Project, target: str, data: bytes, finding: Finding) -> tuple[Path, bool]:
    """Writes the input as corpus/regressions/TARGET-<sha1 prefix> and notes it; (path, whether it
    was new)."""
    project.regressions.mkdir(parents=True, exist_ok=True)
    destination = project.regressions / f"{target}-{hashlib.sha1(data).hexdigest()[:12]}"
    if destination.is_file() and destination.read_bytes() == data:
        return destination, False
    destination.write_bytes(data)
    notes = project.regressions / "README.md"
    text = notes.read_text() if notes.is_file() else ""
    if NOTES_HEADING not in text:
        text = text.rstrip("\n") + ("\n\n" if text else "") + NOTES_HEADING
    text = text.rstrip("\n") + ("\n\n" if text.rstrip("\n").endswith(NOTES_HEADING) else "\n")
    today = datetime.date.today().isoformat()
    text += f"- `{destination.name}` ({today}, {len(data)} bytes): {finding.signature}\n"
    notes.write_text(text)
    return destination, True
