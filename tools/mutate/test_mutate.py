"""Self-test of scripts/mutate (ctest: mutate_tool_test): the generator on a fixture source and
the runner's classification with stand-in build and suite commands. Seconds, no CMake build."""

import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import report  # noqa: E402
import schemata  # noqa: E402
from mutants import KINDS, Mutant, find_mutants  # noqa: E402
from runner import Step, Workspace, first_error, run_group, test_mutant  # noqa: E402

FIXTURE = (HERE / "fixture" / "sample.cpp").read_text()


def mutants_of(text, name="sample.cpp"):
    return find_mutants({name: text})


class GeneratorTest(unittest.TestCase):
    def test_the_list_is_deterministic_and_keys_are_unique(self):
        first, second = mutants_of(FIXTURE), mutants_of(FIXTURE)
        self.assertEqual(first, second)
        self.assertEqual(len({m.key for m in first}), len(first))
        self.assertEqual([m.id for m in first], [f"M{n:04d}" for n in range(1, len(first) + 1)])

    def test_every_kind_is_produced(self):
        self.assertEqual({m.kind for m in mutants_of(FIXTURE)}, set(KINDS))

    def test_comments_strings_preprocessor_static_assert_and_array_sizes_give_none(self):
        lines = FIXTURE.split("\n")
        for m in mutants_of(FIXTURE):
            line = lines[m.line - 1]
            for untouchable in ("#define", "\\", "static_assert", "/*", "unused_sizes{}",
                                "const char* text", "const char less"):
                self.assertNotIn(untouchable, line.split("//")[0] if untouchable != "\\" else line,
                                 f"{m.id} {m.change()} on: {line}")
            self.assertNotIn("//", FIXTURE[m.start:m.end])
        constants_on_signature = [m for m in mutants_of(FIXTURE)
                                  if m.kind == "constant" and "count_below" in lines[m.line - 1]]
        self.assertEqual(constants_on_signature, [], "std::array<int, 4> is an array size")

    def test_expected_changes(self):
        changes = {(m.kind, m.change()) for m in mutants_of(FIXTURE)}
        for expected in [("comparison", "< → <="), ("comparison", ">= → >"), ("comparison", "== → !="),
                         ("logical", "&& → ||"), ("logical", "|| → &&"),
                         ("constant", "0 → 1"), ("constant", "2 → 3"),
                         ("colour", "Color::white → Color::black"),
                         ("side", "CastlingSide::a_side → CastlingSide::h_side"),
                         ("boolean", "true → false"),
                         ("condition", "value < limit && strict → !(value < limit && strict)"),
                         ("statement", "++count; → {}"), ("statement", "count += 2; → {}")]:
            self.assertIn(expected, changes)

    def test_mutants_apply_cleanly(self):
        for m in mutants_of(FIXTURE):
            mutated = m.apply(FIXTURE)
            self.assertEqual(mutated[m.start:m.start + len(m.replacement)], m.replacement)
            self.assertNotEqual(mutated, FIXTURE)

    def test_keys_survive_unrelated_edits(self):
        edited = "// a new first line\n" + FIXTURE.replace("int count = 0;", "int count = 0;\n  int other = 7;")
        before = {m.key: m.change() for m in mutants_of(FIXTURE)}
        after = {m.key: m.change() for m in mutants_of(edited)}
        self.assertTrue(set(before) <= set(after))
        self.assertEqual({k: after[k] for k in before}, before)


class RunnerTest(unittest.TestCase):
    """A tree of one file; the 'build' fails on BROKEN, the 'suite' fails on '<=' and hangs on
    'while', like a killed, a looping and a surviving mutant."""

    SOURCE = "int f(int a) { return a < 3 ? 1 : 0; }\n"

    def setUp(self):
        self.temp = tempfile.TemporaryDirectory()
        root = Path(self.temp.name)
        (root / "source").mkdir()
        (root / "source" / "f.cpp").write_text(self.SOURCE)
        self.workspace = Workspace(root / "work")
        self.workspace.lock()
        self.workspace.tree.mkdir(parents=True)
        self.workspace.sync(root / "source", ["f.cpp"], keep=[])
        tree = self.workspace.tree
        self.steps = [Step(
            "suite",
            build=lambda timeout: run_group(["sh", "-c", "! grep -q BROKEN f.cpp"], tree, timeout),
            test=lambda timeout: run_group(
                ["sh", "-c", "grep -q '<=' f.cpp && exit 1; grep -q while f.cpp && sleep 60; exit 0"],
                tree, timeout),
            timeout=1.0)]

    def tearDown(self):
        self.workspace.unlock()
        self.temp.cleanup()

    def mutant(self, original, replacement):
        start = self.SOURCE.index(original)
        return Mutant("M0001", "f.cpp:test:0", "f.cpp", 1, "test", start, start + len(original),
                      original, replacement)

    def outcome(self, original, replacement):
        result = test_mutant(self.workspace, self.mutant(original, replacement),
                             lambda: self.steps, build_timeout=10.0)
        self.assertEqual((self.workspace.tree / "f.cpp").read_text(), self.SOURCE, "restored")
        self.assertIsNone(self.workspace.interrupted_mutant())
        return result

    def test_killed(self):
        self.assertEqual(self.outcome("<", "<=").outcome, "killed")

    def test_survived(self):
        self.assertEqual(self.outcome("3", "4").outcome, "survived")

    def test_did_not_compile(self):
        self.assertEqual(self.outcome("return", "BROKEN").outcome, "did-not-compile")

    def test_the_detail_of_a_failed_build_is_the_first_error_line(self):
        self.assertEqual(first_error("[1/9] g++ f.cpp\nf.cpp:1:2: error: no\nf.cpp:3:4: error: two\n"),
                         "f.cpp:1:2: error: no")
        self.assertEqual(first_error("building\nstopped\n"), "stopped")
        self.assertEqual(first_error(""), "")

    def test_timeout_kills_the_process_group(self):
        started = time.monotonic()
        self.assertEqual(self.outcome("return", "while (1) {} return").outcome, "timeout")
        self.assertLess(time.monotonic() - started, 10)

    def test_steps_stop_at_the_first_failure_and_build_only_what_they_run(self):
        built, killers = [], []

        def step(name, builds, passes):
            def build(timeout):
                built.append(name)
                return run_group(["true" if builds else "false"], self.workspace.tree, timeout)
            return Step(name, build=build, timeout=1.0, test=lambda timeout: run_group(
                ["true" if passes else "false"], self.workspace.tree, timeout))

        def run(*steps):
            built.clear()
            return test_mutant(self.workspace, self.mutant("3", "4"), lambda: list(steps), 10.0,
                               killers.append)

        self.assertEqual(run(step("a", True, False), step("b", True, True)).outcome, "killed")
        self.assertEqual((built, killers), (["a"], ["a"]), "b is never built")
        self.assertEqual(run(step("a", True, True), step("b", False, True)).outcome,
                         "did-not-compile")
        self.assertEqual(run(step("a", True, True), step("b", True, True)).outcome, "survived")
        self.assertEqual((built, killers), (["a", "b"], ["a"]))

    def test_the_file_is_restored_when_the_run_is_stopped(self):
        def stop(timeout):
            raise KeyboardInterrupt
        with self.assertRaises(KeyboardInterrupt):
            test_mutant(self.workspace, self.mutant("<", "<="),
                        lambda: [Step("suite", build=stop, test=stop, timeout=1)], 1)
        self.assertEqual((self.workspace.tree / "f.cpp").read_text(), self.SOURCE)

    def test_score_counts_timeouts_as_killed_and_leaves_out_the_rest(self):
        results = [self.outcome("<", "<="), self.outcome("3", "4"), self.outcome("return", "BROKEN"),
                   self.outcome("return", "while (1) {} return")]
        score = report.score(results, set())
        self.assertEqual((score.killed, score.survived, score.timeout, score.did_not_compile),
                         (2, 1, 1, 1))
        self.assertIn("2/3 killed (66.7%)", score.line("test"))
        self.assertEqual(report.score(results, {"f.cpp:test:0"}).equivalent, 1)


class SkipEquivalentTest(unittest.TestCase):
    def test_declared_equivalents_are_set_aside_as_survivors_the_score_leaves_out(self):
        mutants = mutants_of(FIXTURE)[:3]
        declared = {mutants[0].key, mutants[2].id}
        to_run, set_aside = report.set_aside_equivalent(mutants, declared)
        self.assertEqual([m.id for m in to_run], [mutants[1].id])
        self.assertEqual([(r.mutant.id, r.outcome, r.detail) for r in set_aside],
                         [(mutants[0].id, "survived", report.NOT_RUN),
                          (mutants[2].id, "survived", report.NOT_RUN)])
        self.assertEqual(report.score(set_aside, declared).equivalent, 2)


@unittest.skipUnless(shutil.which("g++"), "needs g++")
class SchemataTest(unittest.TestCase):
    """Every mutant of fixture/schemata_sample.cpp, built the classic way, prints what the one
    schemata build prints with that mutant switched on; with none on, it prints the original's
    output. Code the compiler evaluates (marked `// compile-time`: a case label, a constexpr
    variable) is the documented exception: the switch cannot reach it, so the schemata build
    prints the original's output, and the tool builds such survivors the classic way."""

    SOURCE = (HERE / "fixture" / "schemata_sample.cpp").read_text()

    def setUp(self):
        self.temp = tempfile.TemporaryDirectory()
        self.dir = Path(self.temp.name)

    def tearDown(self):
        self.temp.cleanup()

    def build_and_run(self, name, text, *flags, env=None):
        source, binary = self.dir / f"{name}.cpp", self.dir / name
        source.write_text(text)
        built = subprocess.run(["g++", "-std=c++20", "-O0", "-w", *flags, "-o", binary, source],
                               capture_output=True, text=True)
        if built.returncode != 0:
            return "did not compile: " + built.stderr[-300:]
        return self.run_binary(binary, env)

    @staticmethod
    def run_binary(binary, env=None):
        return subprocess.run([binary], capture_output=True, text=True, timeout=10,
                              env=dict(os.environ, **(env or {}))).stdout

    def test_each_mutant_switched_on_behaves_as_built_alone(self):
        mutants = mutants_of(self.SOURCE, "schemata_sample.cpp")
        self.assertGreater(len(mutants), 40)
        self.assertEqual({m.kind for m in mutants} - {"side"}, set(KINDS) - {"side"})
        rewritten, left_out, _ = schemata.rewrite_file("schemata_sample.cpp", self.SOURCE, mutants, set())
        self.assertEqual(left_out, [])
        self.assertEqual(rewritten.count("\n"), self.SOURCE.count("\n"), "line numbers kept")
        original = self.build_and_run("original", self.SOURCE)
        switched = self.build_and_run("schemata", rewritten, "-include", HERE / "mutant_switch.hpp")
        self.assertEqual(switched, original, "with no mutant on, the schemata build is the original")
        lines = self.SOURCE.split("\n")
        folded = {m.id for m in mutants if "// compile-time" in lines[m.line - 1]}
        self.assertTrue(folded)
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            classic = dict(zip([m.id for m in mutants], pool.map(
                lambda m: self.build_and_run(m.id, m.apply(self.SOURCE)), mutants)))
        for m in mutants:
            on = self.run_binary(self.dir / "schemata", {"XFEN_MUTANT": str(schemata.number(m))})
            expected = original if m.id in folded else classic[m.id]
            self.assertEqual(on, expected, f"{m.id} {m.kind} line {m.line}: {m.change()}")
            if m.id in folded:
                self.assertNotEqual(classic[m.id], original, f"{m.id} changes the program")

    def test_logical_operands_follow_precedence(self):
        for text, op, operands in [("x = a && b || c;", "||", "a && b || c"),
                                   ("x = a && b || c;", "&&", "a && b"),
                                   ("x = a || b && c;", "&&", "b && c"),
                                   ("f(a, b && (c || d), e);", "&&", "b && (c || d)"),
                                   ("return a && b ? 1 : 2;", "&&", "a && b"),
                                   ("if (i < n && s[i] != ' ') ++i;", "&&", "i < n && s[i] != ' '")]:
            masked = schemata.mask_non_code(text)
            code = schemata.mask_non_code(text, comments_only=True)
            at = text.index(op)
            start, end = schemata.logical_operands(masked, code, at, at + len(op))
            self.assertEqual(text[start:end], operands, text)


if __name__ == "__main__":
    unittest.main()
