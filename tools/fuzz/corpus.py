"""The tracked seed corpora and folders of findings: `merge` (what grows coverage, into the tracked
seeds, explicitly), `prune` (the smallest set that keeps every feature) and `dedup` (a folder of
artifacts as distinct findings)."""

from __future__ import annotations

import hashlib
import io
import tarfile
import tempfile
import zipfile
from pathlib import Path

from finding import Finding
from fuzzing import merge_into
from inputs import Input, files_of
from libfuzzer import coverage_of
from project import Project, UsageError
from report import print_finding
from reproduce import check


def _require_clean(project: Project, target: str, scratch: Path) -> tuple[int, int]:
    """The target must pass its seeds and every regression input before its seeds change: a
    binary with a bug in it would keep the inputs that reach the bug. Returns their coverage."""
    folders = [folder for folder in (project.seed_corpus(target), project.regressions) if folder.is_dir()]
    try:
        return coverage_of(project.binary(target), folders, project.replay_flags(target), scratch)
    except RuntimeError as error:
        raise UsageError(f"fuzz_{target} fails on its own seeds or on corpus/regressions, so its corpus is "
                         f"left alone; fix the bug first (scripts/xfen-fuzz reproduce corpus/{target} "
                         f"corpus/regressions shows which input). Its output ends:\n{str(error)[-1500:]}") from None


def _unpack_tar(archive: tarfile.TarFile, folder: Path, shown_as: str) -> None:
    """The regular files of a tar, flattened into folder: ClusterFuzzLite uploads a corpus as one
    tar of the corpus folder inside the artifact's zip (infra/cifuzz/filestore/github_actions)."""
    for member in archive.getmembers():
        if not member.isfile():
            continue
        source = archive.extractfile(member)
        if source is None:
            raise UsageError(f"{shown_as}: cannot read {member.name} from the tar")
        (folder / _flat_name(folder, Path(member.name).name)).write_bytes(source.read())


def _flat_name(folder: Path, name: str) -> str:
    """name, or name.N when folders of the archive held two files of that name."""
    if not (folder / name).exists():
        return name
    index = 1
    while (folder / f"{name}.{index}").exists():
        index += 1
    return f"{name}.{index}"


def _unpack_zip(path: Path, folder: Path) -> None:
    with zipfile.ZipFile(path) as archive:
        for member in archive.infolist():
            if member.is_dir():
                continue
            data = archive.read(member)
            shown_as = f"{path}:{member.filename}"
            if member.filename.endswith((".tar", ".tar.gz", ".tgz")):
                try:
                    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                        _unpack_tar(tar, folder, shown_as)
                except tarfile.TarError as error:
                    raise UsageError(f"{shown_as}: not a readable tar ({error})") from None
            else:  # flattened: ClusterFuzzLite zips nest no meaning in folders
                (folder / _flat_name(folder, Path(member.filename).name)).write_bytes(data)


def _sources(paths: list[str], scratch: Path) -> list[Path]:
    """Folders of inputs from the arguments: folders as they are; a .zip (a seed corpus, or a
    ClusterFuzzLite corpus artifact holding a tar) or a .tar (that artifact unzipped) unpacked."""
    folders = []
    for index, name in enumerate(paths):
        path = Path(name)
        if path.is_dir():
            folders.append(path.resolve())
            continue
        unpacked = scratch / f"archive-{index}"
        unpacked.mkdir(parents=True)
        if path.is_file() and path.suffix == ".zip":
            try:
                _unpack_zip(path, unpacked)
            except zipfile.BadZipFile as error:
                raise UsageError(f"{name}: not a readable zip ({error})") from None
        elif path.is_file() and path.name.endswith((".tar", ".tar.gz", ".tgz")):
            try:
                with tarfile.open(path) as tar:
                    _unpack_tar(tar, unpacked, name)
            except tarfile.TarError as error:
                raise UsageError(f"{name}: not a readable tar ({error})") from None
        else:
            raise UsageError(f"{name}: neither a folder nor a .zip or .tar of inputs")
        folders.append(unpacked)
    return folders


def merge_command(project: Project, target: str, paths: list[str]) -> int:
    project.build_targets([target])
    seeds = project.seed_corpus(target)
    with tempfile.TemporaryDirectory(prefix=f"xfen-merge-{target}-") as scratch_name:
        scratch = Path(scratch_name)
        sources = _sources(paths, scratch) if paths else [project.working_corpus(target)]
        sources = [source for source in sources if source.is_dir() and files_of(source)]
        if not sources:
            print(f"merge: nothing to merge into corpus/{target}/ (the working corpus is empty: "
                  f"scripts/xfen-fuzz run {target} fills it)")
            return 0
        edges_before, features_before = _require_clean(project, target, scratch)
        count_before = len(files_of(seeds)) if seeds.is_dir() else 0
        added = merge_into(project, target, seeds, sources, scratch)
        edges, features = coverage_of(project.binary(target), [seeds, project.regressions],
                                      project.replay_flags(target), scratch)
    print(f"corpus/{target}: {count_before} -> {count_before + added} inputs; with corpus/regressions "
          f"{edges_before} -> {edges} edges, {features_before} -> {features} features")
    print("nothing added: no input reaches a feature the seeds lack" if added == 0 else
          f"review and commit: git add corpus/{target}")
    return 0


def prune_command(project: Project, targets: list[str]) -> int:
    project.build_targets(targets)
    for target in targets:
        seeds = project.seed_corpus(target)
        if not seeds.is_dir() or not files_of(seeds):
            print(f"corpus/{target}: no seeds, nothing to prune")
            continue
        with tempfile.TemporaryDirectory(prefix=f"xfen-prune-{target}-") as scratch_name:
            scratch = Path(scratch_name)
            _require_clean(project, target, scratch)
            flags = project.replay_flags(target)
            edges, features = coverage_of(project.binary(target), [seeds], flags, scratch)
            minimal = scratch / "minimal"
            merge_into(project, target, minimal, [seeds], scratch)
            kept = {hashlib.sha1(path.read_bytes()).hexdigest() for path in files_of(minimal)}
            before = files_of(seeds)
            seen: set[str] = set()
            for path in before:  # keeps the seeds' own names (hand-made seeds have telling ones)
                digest = hashlib.sha1(path.read_bytes()).hexdigest()
                if digest not in kept or digest in seen:
                    path.unlink()
                seen.add(digest)
            edges_after, features_after = coverage_of(project.binary(target), [seeds], flags, scratch)
        print(f"corpus/{target}: {len(before)} -> {len(files_of(seeds))} inputs; {edges} -> {edges_after} "
              f"edges, {features} -> {features_after} features")
        if features_after < features:
            raise UsageError(f"pruning corpus/{target} lost features; restore it with git checkout corpus/{target}")
    return 0


def dedup_command(project: Project, folder: Path, named: str | None) -> int:
    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder (dedup groups a folder of inputs, e.g. artifacts/parse)")
    files = files_of(folder)
    if not files:
        raise UsageError(f"{folder}: the folder holds no input files")
    if named:
        targets = project.expand_targets([named])
    elif folder.resolve().name in project.targets():
        targets = [folder.resolve().name]
    else:
        targets = project.targets()
    project.build_targets(targets, plain=True)
    groups: dict[str, tuple[Finding, list[Path], list[str]]] = {}
    passing: list[Path] = []
    for path in files:
        results = check(project, targets, Input(str(path), path.read_bytes(), path))
        failing = {target: finding for target, finding in results.items() if finding}
        if not failing:
            passing.append(path)
        for target, finding in failing.items():
            group = groups.setdefault(finding.signature, (finding, [], []))
            if path not in group[1]:
                group[1].append(path)
            if target not in group[2]:
                group[2].append(target)
    for finding, paths, targets_hit in sorted(groups.values(), key=lambda group: -len(group[1])):
        print_finding(finding, "", inputs=paths, targets=targets_hit, project=project)
    if passing:
        print(f"no longer fails ({len(passing)} input(s)): {', '.join(project.relative(path) for path in passing[:5])}"
              f"{' ...' if len(passing) > 5 else ''}")
    print(f"dedup: {len(files)} input(s) in {project.relative(folder)}: {len(groups)} distinct finding(s), "
          f"{len(passing)} passing")
    return 1 if groups else 0
