#!/usr/bin/env python3
"""The conformance suite as a product (corpus/conformance/README.md): every case line against the
suite's schema.json, its manifest.json against the schema's $defs/manifest, both with a real JSON
Schema validator (Debian python3-jsonschema), and what a schema cannot say: ids unique and in the
file of their group, tags sorted, the manifest's counts equal to the files', every tag of the
vocabulary on some case and, but for the width tags, on an 8x8 and a 10x8 case, at least 600
cases, the README's tag table equal to the vocabulary, and each stored class and tag the one
tools/conformance/classify.py computes.

Each check is shown able to fail: BrokenCopiesAreCaught plants one fault in a copy of the suite and
requires the problem it must give.

Usage: conformance_schema_test.py [SUITE_DIR]   (corpus/conformance of this tree by default)
"""
import copy
import json
import re
import shutil
import sys
import tempfile
import unittest
from collections import Counter
from pathlib import Path

try:
    import jsonschema
except ImportError:
    sys.exit("conformance_schema_test needs the jsonschema module (Debian: python3-jsonschema; "
             "scripts/install-deps.sh installs it)")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "conformance"))
import classify  # noqa: E402

SUITE = ROOT / "corpus" / "conformance"
MINIMUM_CASES = 600
WIDTH_TAGS = {"8x8", "10x8"}


# (schema text, which validator, the instance as JSON) -> its schema errors, as text. Each planted
# fault changes one line of one copy of the suite: the other 700 cases were judged before.
_schema_errors: dict[tuple[str, str, str], list[str]] = {}


def problems(suite: Path) -> list[str]:
    """Everything wrong with the suite in that folder, each naming file:line where there is one."""
    found = []
    schema_text = (suite / "schema.json").read_text(encoding="utf-8")
    schema = json.loads(schema_text)
    jsonschema.Draft202012Validator.check_schema(schema)
    validators = {
        "case": jsonschema.Draft202012Validator(schema),
        "manifest": jsonschema.Draft202012Validator(
            {"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/manifest"})}
    vocabulary = schema["$defs"]["tag"]["enum"]

    def schema_problems(where: str, which: str, instance) -> None:
        key = (schema_text, which, json.dumps(instance, sort_keys=True))
        if key not in _schema_errors:
            _schema_errors[key] = []
            errors = validators[which].iter_errors(instance)
            for error in sorted(errors, key=lambda e: list(e.absolute_path)):
                path = "/".join(str(part) for part in error.absolute_path) or "(top)"
                message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
                _schema_errors[key].append(f"schema: at {path}: {error.validator}: {message}")
        found.extend(f"{where}: {error}" for error in _schema_errors[key])

    cases = {}  # file name -> its cases
    first_seen = {}  # id -> where
    for path in sorted(suite.glob("*.jsonl")):
        cases[path.name] = []
        text = path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            found.append(f"{path.name}: does not end with a line break")
        for number, line in enumerate(text.splitlines(), 1):
            where = f"{path.name}:{number}"
            try:
                case = json.loads(line)
            except json.JSONDecodeError as error:
                found.append(f"{where}: not JSON: {error}")
                continue
            schema_problems(where, "case", case)
            if not isinstance(case, dict):
                continue
            cases[path.name].append(case)
            case_id, tags = case.get("id"), case.get("tags")
            where = f"{where}: {case_id}"
            if case_id in first_seen:
                found.append(f"{where}: repeated id, first at {first_seen[case_id]}")
            first_seen.setdefault(case_id, where)
            if isinstance(case_id, str) and case_id.split(".")[0] != path.stem:
                found.append(f"{where}: the id's group is not the file's ({path.stem})")
            if isinstance(tags, list) and tags != sorted(tags, key=str):
                found.append(f"{where}: tags not sorted: {tags}")
            try:
                computed = (classify.case_class(case), classify.case_tags(case, path.stem))
            except (classify.Unclassifiable, KeyError, TypeError, AttributeError) as error:
                found.append(f"{where}: tools/conformance/classify.py cannot classify it: {error!r}")
                continue
            if (case.get("class"), tags) != computed:
                found.append(f"{where}: stored class and tags {case.get('class')} {tags} are not the "
                             f"computed {computed[0]} {computed[1]} (run tools/conformance/classify.py)")

    every = [case for file_cases in cases.values() for case in file_cases]
    if len(every) < MINIMUM_CASES:
        found.append(f"the suite has {len(every)} cases, fewer than {MINIMUM_CASES}")
    tag_widths = {tag: Counter() for tag in vocabulary}
    for case in every:
        tags = case.get("tags") if isinstance(case.get("tags"), list) else []
        for tag in tags:
            if tag in tag_widths:
                tag_widths[tag].update(width for width in WIDTH_TAGS if width in tags)
                tag_widths[tag]["any"] += 1
    for tag, widths in tag_widths.items():
        if not widths["any"]:
            found.append(f"tag {tag} is on no case")
        elif tag not in WIDTH_TAGS:
            found.extend(f"tag {tag} has no {width} case" for width in sorted(WIDTH_TAGS) if not widths[width])

    manifest_path = suite / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    schema_problems("manifest.json", "manifest", manifest)
    counted = {
        "files": sorted((name, len(file_cases)) for name, file_cases in cases.items()),
        "cases": len(every),
        "classes": {name: sum(c.get("class") == name for c in every) for name in schema["$defs"]["class"]["enum"]},
        "tags": {tag: widths["any"] for tag, widths in tag_widths.items() if widths["any"]},
    }
    stated = {
        "files": sorted((entry.get("file"), entry.get("cases")) for entry in manifest.get("files", [])),
        "cases": manifest.get("cases"),
        "classes": manifest.get("classes"),
        "tags": manifest.get("tags"),
    }
    for key, value in counted.items():
        if stated[key] != value:
            found.append(f"manifest.json: {key} says {stated[key]}, the files have {value}")

    readme = (suite / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Tags\n", 1)[-1].split("\n## ", 1)[0] if "\n## Tags\n" in readme else ""
    listed = re.findall(r"^\| `([^`]+)` \|", section, re.M)
    if sorted(listed) != sorted(vocabulary):
        found.append(f"README.md: the table of section Tags lists {listed}, the schema's vocabulary is {vocabulary}")
    return found


class SuiteTest(unittest.TestCase):
    def test_the_suite_has_no_problems(self):
        self.assertEqual(problems(SUITE), [])


class BrokenCopiesAreCaught(unittest.TestCase):
    """One planted fault per copy of the suite, and the problem that must name it."""

    def problems_of_copy(self, plant) -> list[str]:
        with tempfile.TemporaryDirectory() as folder:
            broken = Path(folder) / "conformance"
            shutil.copytree(SUITE, broken)
            plant(broken)
            return problems(broken)

    def assert_caught(self, plant, expected: str) -> None:
        found = self.problems_of_copy(plant)
        self.assertTrue(any(expected in problem for problem in found),
                        f"no problem contains {expected!r}; found: {found[:5]}")

    @staticmethod
    def edit_lines(suite: Path, name: str, edit) -> None:
        """Replace the lines of one file by edit(lines)."""
        path = suite / name
        path.write_text("".join(line + "\n" for line in edit(path.read_text(encoding="utf-8").splitlines())),
                        encoding="utf-8")

    @classmethod
    def edit_case(cls, suite: Path, case_id: str, edit) -> None:
        """Rewrite the case with that id as edit(case) returns it."""
        def rewrite(lines):
            return [json.dumps(edit(copy.deepcopy(case))) if case["id"] == case_id else line
                    for line, case in ((line, json.loads(line)) for line in lines)]
        cls.edit_lines(suite, case_id.split(".")[0] + ".jsonl", rewrite)

    @staticmethod
    def edit_manifest(suite: Path, edit) -> None:
        path = suite / "manifest.json"
        manifest = json.loads(path.read_text(encoding="utf-8"))
        edit(manifest)
        path.write_text(json.dumps(manifest), encoding="utf-8")

    def test_the_untouched_copy_has_no_problems(self):
        self.assertEqual(self.problems_of_copy(lambda suite: None), [])

    def test_schema_faults(self):
        def member(key, value):
            return lambda case: {**case, key: value}

        def without(key):
            return lambda case: {k: v for k, v in case.items() if k != key}

        faults = {
            "no class": ("side.white", without("class"), "'class' is a required property"),
            "no tags": ("side.white", without("tags"), "'tags' is a required property"),
            "unknown class": ("side.white", member("class", "optional"), "at class: enum"),
            "tag outside the vocabulary": ("side.white", member("tags", ["8x8", "9x9", "side"]), "'9x9' is not one of"),
            "empty tags": ("side.white", member("tags", []), "at tags"),
            "repeated tag": ("side.white", member("tags", ["8x8", "side", "side"]), "non-unique elements"),
            "unknown member": ("side.white", member("expected", "x"), "Additional properties are not allowed"),
            "output and error": ("side.white", member("error", {"code": "side.invalid", "offset": 20}), "at (top): oneOf"),
            "no outcome": ("side.white", without("output"), "at (top): oneOf"),
            "error without offset": ("side.x", lambda c: {**c, "error": {"code": "side.invalid"}}, "'offset' is a required property"),
            "offset not whole": ("side.x", lambda c: {**c, "error": {**c["error"], "offset": 1.5}}, "is not of type 'integer'"),
            "negative offset": ("side.x", lambda c: {**c, "error": {**c["error"], "offset": -1}}, "less than the minimum"),
            "write_error with offset": ("dialects.classic-prefix",
                                        lambda c: {**c, "write_error": {**c["write_error"], "offset": 0}},
                                        "Additional properties are not allowed"),
            "unknown code": ("side.x", lambda c: {**c, "error": {**c["error"], "code": "side.wrong"}}, "'side.wrong' is not one of"),
            "empty message": ("side.x", lambda c: {**c, "error": {**c["error"], "message": ""}}, "at error/message"),
            "unknown profile": ("side.white", member("profile", "loose"), "'loose' is not one of"),
            "id of no group": ("side.white", member("id", "sides.white"), "does not match"),
            "valid class on a rejected case": ("side.x", member("class", "valid"), "at class"),
            "invalid class on an accepted case": ("side.white", member("class", "invalid"), "at class"),
            "valid class on a lenient case": ("lenient.leading-space", member("class", "valid"), "at profile"),
            "dialect class in the default styles": ("side.white", member("class", "dialect"), "at (top): anyOf"),
            "warnings with an error": ("side.x", member("warnings", []), "at (top): not"),
            "valid class on an illegal position": ("board.empty-board-8x8", member("class", "valid"), "at legality"),
            "dialect class on an illegal position": ("board.empty-board-8x8",
                                                     lambda c: {**c, "class": "dialect", "castling": "shredder"},
                                                     "at legality"),
            "legality.jsonl case without findings": ("legality.no-white-king", without("legality"),
                                                     "'legality' is a required property"),
        }
        for name, (case_id, edit, expected) in faults.items():
            with self.subTest(name):
                self.assert_caught(lambda suite: self.edit_case(suite, case_id, edit), expected)

    def test_line_faults(self):
        with self.subTest("not JSON"):
            self.assert_caught(lambda s: self.edit_lines(s, "side.jsonl", lambda lines: lines + ["{"]), "side.jsonl:19: not JSON")
        with self.subTest("blank line"):
            self.assert_caught(lambda s: self.edit_lines(s, "side.jsonl", lambda lines: lines + [""]), "side.jsonl:19: not JSON")
        with self.subTest("no final line break"):
            self.assert_caught(lambda s: (s / "side.jsonl").write_text((s / "side.jsonl").read_text().rstrip("\n")),
                               "side.jsonl: does not end with a line break")

    def test_id_faults(self):
        with self.subTest("repeated id"):
            self.assert_caught(lambda s: self.edit_case(s, "side.black", lambda c: {**c, "id": "side.white"}),
                               "side.white: repeated id, first at side.jsonl:1")
        with self.subTest("id in another group's file"):
            self.assert_caught(lambda s: self.edit_case(s, "side.black", lambda c: {**c, "id": "board.black"}),
                               "the id's group is not the file's (side)")

    def test_tag_faults(self):
        with self.subTest("tags not sorted"):
            self.assert_caught(lambda s: self.edit_case(s, "side.white", lambda c: {**c, "tags": ["side", "8x8"]}),
                               "tags not sorted")
        with self.subTest("a tag the case does not earn"):
            self.assert_caught(
                lambda s: self.edit_case(s, "side.white", lambda c: {**c, "tags": ["8x8", "chess960", "side"]}),
                "are not the computed valid ['8x8', 'side']")
        with self.subTest("a tag on no case"):
            def drop_many_diagnostics(suite):
                for name in ("lenient.jsonl", "legality.jsonl"):
                    self.edit_lines(suite, name, lambda lines: [
                        line for line in lines if "many-diagnostics" not in json.loads(line)["tags"]])
            self.assert_caught(drop_many_diagnostics, "tag many-diagnostics is on no case")
        with self.subTest("a tag on one width only"):
            self.assert_caught(
                lambda s: self.edit_lines(s, "dialects.jsonl", lambda lines: [
                    line for line in lines if not {"ep-always", "10x8"} <= set(json.loads(line)["tags"])]),
                "tag ep-always has no 10x8 case")
        with self.subTest("too few cases"):
            def one_case_too_few(suite):  # whatever the suite's size: MINIMUM_CASES - 1 left
                files = sorted(suite.glob("*.jsonl"))
                excess = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files) - MINIMUM_CASES + 1
                for path in files:
                    cut = min(excess, len(path.read_text(encoding="utf-8").splitlines()))
                    self.edit_lines(suite, path.name, lambda lines, cut=cut: lines[cut:])
                    excess -= cut
            self.assert_caught(one_case_too_few, f"fewer than {MINIMUM_CASES}")
        with self.subTest("README's table lacks a tag"):
            self.assert_caught(
                lambda s: (s / "README.md").write_text(
                    re.sub(r"^\| `ep-pinned` \|.*\n", "", (s / "README.md").read_text(encoding="utf-8"), flags=re.M),
                    encoding="utf-8"),
                "README.md: the table of section Tags lists")

    def test_manifest_faults(self):
        def first_file(edit):
            return lambda manifest: edit(manifest["files"][0])

        faults = {
            "a file's count": (first_file(lambda entry: entry.update(cases=entry["cases"] + 1)), "manifest.json: files says"),
            "a file left out": (lambda m: m["files"].pop(), "manifest.json: files says"),
            "the total": (lambda m: m.update(cases=m["cases"] - 1), "manifest.json: cases says"),
            "a class total": (lambda m: m["classes"].update(valid=m["classes"]["valid"] + 1), "manifest.json: classes says"),
            "a tag total": (lambda m: m["tags"].update({"8x8": 1}), "manifest.json: tags says"),
            "a tag outside the vocabulary": (lambda m: m["tags"].update({"9x9": 1}), "manifest.json: schema: at tags"),
            "a version that is not semantic": (lambda m: m.update(version="1.0"), "manifest.json: schema: at version"),
            "an unknown member": (lambda m: m.update(date="today"), "manifest.json: schema: at (top)"),
            "no spec": (lambda m: m.pop("spec"), "'spec' is a required property"),
        }
        for name, (edit, expected) in faults.items():
            with self.subTest(name):
                self.assert_caught(lambda suite: self.edit_manifest(suite, edit), expected)


if __name__ == "__main__":
    if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
        SUITE = Path(sys.argv.pop(1)).resolve()
    unittest.main()
