#!/usr/bin/env python3
"""The ClusterFuzzLite workflows (.github/workflows/cflite_*.yml), read as GitHub and
ClusterFuzzLite would run them (there is no GitHub here):

- ArtifactNames: no workflow run uploads one artifact name twice. ClusterFuzzLite names a
  target's corpus cifuzz-corpus-<target> and its crashes crashes-<target> whatever the sanitizer
  (oss-fuzz infra/cifuzz/clusterfuzz_deployment.py, _get_corpus_name; filestore/github_actions),
  its builds cifuzz-build-<sanitizer>-<commit> and its coverage report cifuzz-coverage-latest; its
  upload.js uses @actions/artifact 2, which refuses a second upload of a name within a run (409)
  and ClusterFuzzLite ignores the failure. A sanitizer matrix over batch fuzzing lost one
  sanitizer's corpus every night.
- PullRequestPaths: every pull-request workflow triggers on every file and folder the fuzz targets
  are built from (fuzz/CMakeLists.txt writes them to BUILD/fuzz/fuzz_sources.txt); the generator
  library in testing/ was left out.
- TargetCounts: a number of targets a workflow's comments state is the number of targets
  (BUILD/fuzz/fuzz_targets.txt); they said 7 where there were 8.
- Sanitizers: the workflows use only sanitizers built and checked here.
- OssFuzzProject: oss-fuzz/ as OSS-Fuzz's presubmit and new-project guide ask: project.yaml's keys
  and values, a Dockerfile that clones the repository named in main_repo, and the build script
  that runs the repository's own.

Usage: clusterfuzzlite_workflows_test.py SOURCE_DIR BUILD_FUZZ_DIR [unittest arguments]
"""
from __future__ import annotations

import fnmatch
import re
import sys
import unittest
from pathlib import Path

import yaml

SOURCE_DIR = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
BUILD_FUZZ_DIR = Path(sys.argv[2]).resolve() if len(sys.argv) > 2 else SOURCE_DIR / "build" / "fuzz"
WORKFLOWS = SOURCE_DIR / ".github" / "workflows"
ACTION = re.compile(r"google/clusterfuzzlite/actions/(\w+)@")
EXPRESSION = re.compile(r"\$\{\{\s*(inputs|matrix)\.([\w-]+)\s*\}\}")

# What run_fuzzers uploads in each mode, by kind (oss-fuzz infra/cifuzz/run_fuzzers.py: batch and
# prune upload the corpus; every fuzzing mode uploads its crashes; coverage its report).
UPLOADS_BY_MODE = {
    "batch": ("cifuzz-corpus-<target>", "crashes-<target>"),
    "prune": ("cifuzz-corpus-<target>", "crashes-<target>"),
    "code-change": ("crashes-<target>",),
    "coverage": ("cifuzz-coverage-latest",),
}


def load(path: Path) -> dict:
    workflow = yaml.safe_load(path.read_text())
    # YAML 1.1 reads the key `on` as True.
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    return workflow


def substitute(value: object, variables: dict[str, dict[str, object]]) -> object:
    """value with ${{ inputs.x }} and ${{ matrix.x }} replaced (a whole-value expression keeps the
    variable's type)."""
    if not isinstance(value, str):
        return value
    whole = EXPRESSION.fullmatch(value.strip())
    if whole:
        return variables.get(whole.group(1), {}).get(whole.group(2), value)
    return EXPRESSION.sub(lambda m: str(variables.get(m.group(1), {}).get(m.group(2), m.group(0))), value)


def matrix_combinations(job: dict) -> list[dict[str, object]]:
    matrix = (job.get("strategy") or {}).get("matrix") or {}
    combinations: list[dict[str, object]] = [{}]
    for key, values in matrix.items():
        if key in ("include", "exclude"):
            continue
        combinations = [{**combination, key: value} for combination in combinations for value in values]
    return combinations


def uploads_of_run(path: Path, inputs: dict[str, object] | None = None) -> list[tuple[str, str]]:
    """(artifact name, where) for each upload one run of the workflow makes: its jobs, each matrix
    combination, and the reusable workflows it calls, with their inputs."""
    uploads = []
    for job_name, job in (load(path).get("jobs") or {}).items():
        for combination in matrix_combinations(job):
            variables = {"inputs": inputs or {}, "matrix": combination}
            where = f"{path.name}: job {job_name} {combination or ''}".strip()
            called = job.get("uses", "")
            if called.startswith("./.github/workflows/"):
                with_inputs = {key: substitute(value, variables) for key, value in (job.get("with") or {}).items()}
                uploads += [(name, f"{where} -> {place}")
                            for name, place in uploads_of_run(SOURCE_DIR / called[2:], with_inputs)]
                continue
            for step in job.get("steps") or []:
                action = ACTION.match(step.get("uses", ""))
                if not action:
                    continue
                settings = {key: substitute(value, variables) for key, value in (step.get("with") or {}).items()}
                sanitizer = settings.get("sanitizer", "address")
                if action.group(1) == "build_fuzzers" and str(settings.get("upload-build", "false")).lower() == "true":
                    uploads.append((f"cifuzz-build-{sanitizer}-<commit>", where))
                if action.group(1) == "run_fuzzers":
                    mode = settings.get("mode", "code-change")
                    if mode not in UPLOADS_BY_MODE:
                        raise AssertionError(f"{where}: run_fuzzers mode {mode!r} is not one this test knows")
                    uploads += [(name, f"{where} ({mode}, {sanitizer})") for name in UPLOADS_BY_MODE[mode]]
    return uploads


def triggered_workflows() -> list[Path]:
    """The workflows GitHub starts by itself (not those only called by others)."""
    return [path for path in sorted(WORKFLOWS.glob("*.yml"))
            if set(load(path).get("on") or {}) - {"workflow_call"}]


def path_matches(path: str, pattern: str) -> bool:
    """GitHub's paths filter: '**' any characters, '*' any but '/'."""
    regex = "".join(".*" if part == "**" else "[^/]*" if part == "*" else re.escape(part)
                    for part in re.split(r"(\*\*|\*)", pattern))
    return re.fullmatch(regex, path) is not None


class ArtifactNames(unittest.TestCase):
    def test_no_run_uploads_a_name_twice(self) -> None:
        runs = triggered_workflows()
        self.assertTrue(any("run_fuzzers" in path.read_text() or "uses: ./" in path.read_text() for path in runs),
                        "no workflow runs ClusterFuzzLite")
        for path in runs:
            with self.subTest(workflow=path.name):
                seen: dict[str, str] = {}
                for name, where in uploads_of_run(path):
                    self.assertNotIn(name, seen, f"{name} uploaded twice in one run: by {seen.get(name)} and by {where}")
                    seen[name] = where

    def test_every_sanitizer_is_batch_fuzzed_and_fuzzed_on_pull_requests(self) -> None:
        modes: dict[str, set[str]] = {}
        for path in triggered_workflows():
            for name, where in uploads_of_run(path):
                found = re.search(r"\((batch|code-change), (\w+)\)$", where)
                if found:
                    modes.setdefault(found.group(1), set()).add(found.group(2))
        self.assertLessEqual({"address", "undefined"}, modes.get("batch", set()))
        self.assertEqual(modes.get("code-change"), modes.get("batch"))


class Sanitizers(unittest.TestCase):
    # What tests/clusterfuzzlite_test.sh and scripts/fuzz-builds.sh build and check here.
    CHECKED = {"address", "undefined", "memory", "coverage"}

    def test_workflows_use_only_sanitizers_checked_here(self) -> None:
        for path in triggered_workflows():
            for name, where in uploads_of_run(path):
                found = re.search(r", (\S+)\)$", where)
                if found:
                    with self.subTest(where=where):
                        self.assertIn(found.group(1), self.CHECKED)


class OssFuzzProject(unittest.TestCase):
    """oss-fuzz/ against what OSS-Fuzz's presubmit (infra/presubmit.py, ProjectYamlChecker) and its
    new-project guide ask of projects/<name>/."""
    FOLDER = SOURCE_DIR / "oss-fuzz"
    KEYS = {"architectures", "auto_ccs", "blackbox", "builds_per_day", "coverage_extra_args", "disabled",
            "disable_remediation", "disable_remediation_pre_review", "fuzzing_engines", "help_url",
            "homepage", "language", "labels", "main_repo", "primary_contact", "run_tests", "sanitizers",
            "selective_unpack", "vendor_ccs", "view_restrictions", "file_github_issue", "indexer",
            "base_os_version"}

    def test_project_yaml_passes_the_presubmit_rules(self) -> None:
        project = yaml.safe_load((self.FOLDER / "project.yaml").read_text())
        self.assertLessEqual(set(project), self.KEYS)
        self.assertIn("main_repo", project)
        self.assertEqual(project["language"], "c++")
        for address in [project["primary_contact"], *project.get("auto_ccs", [])]:
            self.assertTrue("@" in address and "." in address, address)
        self.assertLessEqual(set(project["sanitizers"]), {"address", "memory", "undefined"})
        self.assertLessEqual(set(project["fuzzing_engines"]), {"libfuzzer", "afl", "honggfuzz", "centipede"})
        self.assertIn("libfuzzer", project["fuzzing_engines"])  # "libfuzzer is required by OSS-Fuzz"
        # What the maintainer fills in is marked, not invented.
        for key in ("homepage", "main_repo", "primary_contact"):
            self.assertIn("FILL_IN", project[key], key)

    def test_the_image_clones_the_repository_and_builds_with_its_script(self) -> None:
        dockerfile = (self.FOLDER / "Dockerfile").read_text()
        self.assertRegex(dockerfile, r"(?m)^FROM gcr\.io/oss-fuzz-base/base-builder\b")
        clone = re.search(r"(?m)^RUN git clone (?:--depth 1 )?(\S+) (\S+)$", dockerfile)
        self.assertIsNotNone(clone, "the Dockerfile must clone the repository")
        main_repo = yaml.safe_load((self.FOLDER / "project.yaml").read_text())["main_repo"]
        self.assertEqual(clone.group(1), main_repo)
        self.assertRegex(dockerfile, rf"(?m)^WORKDIR {re.escape(clone.group(2))}$")
        self.assertNotRegex(dockerfile, r"(?m)^COPY \.", "OSS-Fuzz has no build context but this folder")
        self.assertRegex(dockerfile, r"(?m)^COPY build\.sh \$SRC/$")
        self.assertIn('"$SRC/xfen/.clusterfuzzlite/build.sh"', (self.FOLDER / "build.sh").read_text())


class PullRequestPaths(unittest.TestCase):
    def test_pull_requests_trigger_on_everything_the_targets_are_built_from(self) -> None:
        sources = [line for line in (BUILD_FUZZ_DIR / "fuzz_sources.txt").read_text().splitlines() if line]
        self.assertIn("testing/generate/", sources)
        pull_request_workflows = [path for path in triggered_workflows() if "pull_request" in load(path)["on"]]
        self.assertTrue(pull_request_workflows, "no workflow runs on pull requests")
        for path in pull_request_workflows:
            patterns = (load(path)["on"]["pull_request"] or {}).get("paths") or []
            with self.subTest(workflow=path.name):
                # A folder stands for a file in it (its headers).
                missing = [source for source in sources
                           if not any(path_matches(source + ("x" if source.endswith("/") else ""), pattern)
                                      for pattern in patterns)]
                self.assertEqual(missing, [], f"{path.name}: paths do not cover what the fuzz targets are built from")


class TargetCounts(unittest.TestCase):
    def test_counts_in_comments_are_the_number_of_targets(self) -> None:
        targets = [line for line in (BUILD_FUZZ_DIR / "fuzz_targets.txt").read_text().splitlines() if line]
        count = re.compile(r"\b(\d+) (?:fuzz )?targets\b|\bthe (\d+) in fuzz/")
        for path in sorted(WORKFLOWS.glob("cflite_*.yml")) + [SOURCE_DIR / ".clusterfuzzlite" / "build.sh"]:
            for number, line in enumerate(path.read_text().splitlines(), 1):
                for match in count.finditer(line if line.lstrip().startswith("#") else ""):
                    with self.subTest(where=f"{path.name}:{number}"):
                        self.assertEqual(int(match.group(1) or match.group(2)), len(targets), line)


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0], *sys.argv[3:]])
