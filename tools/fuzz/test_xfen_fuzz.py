"""scripts/xfen-fuzz against real libFuzzer binaries with planted bugs (fixture/planted_target.cpp):
reproduction never passes a failing input, minimisation keeps the same failure and files one
input, findings are grouped, and fuzzing never writes to the tracked seeds."""

from __future__ import annotations

import base64
import io
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import unittest
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from finding import function_name, read_finding  # noqa: E402
from fuzzing import _stream  # noqa: E402
from libfuzzer import Stats, read_stats  # noqa: E402

FIXTURE = HERE / "fixture" / "planted_target.cpp"


def _libfuzzer_available() -> bool:
    return shutil.which("clang++") is not None


@unittest.skipUnless(_libfuzzer_available(), "clang++ with libFuzzer is not installed")
class XfenFuzzTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.scratch = Path(tempfile.mkdtemp(prefix="xfen-fuzz-test-"))
        cls.build = cls.scratch / "build"
        (cls.build / "fuzz").mkdir(parents=True)
        for name, defines in (("planted", []), ("clean", ["-DPLANTED_CLEAN"])):
            subprocess.run(["clang++", "-std=c++20", "-g", "-O1", "-fno-omit-frame-pointer",
                            "-fsanitize=fuzzer,address,undefined", *defines, str(FIXTURE), "-o",
                            str(cls.build / "fuzz" / f"fuzz_{name}")], check=True)
        (cls.build / "fuzz" / "fuzz_targets.txt").write_text("planted\nclean\n")

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.scratch)

    def setUp(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="root-", dir=self.scratch))
        (self.root / "fuzz").mkdir()
        for name in ("planted", "clean"):
            (self.root / "fuzz" / f"{name}.options").write_text("[libfuzzer]\nmax_len = 64\ntimeout = 5\n")
            (self.root / "corpus" / name).mkdir(parents=True)
            (self.root / "corpus" / name / "seed-a").write_bytes(b"a b")
        (self.root / "corpus" / "regressions").mkdir()
        (self.root / "corpus" / "regressions" / "README.md").write_text("# Regression inputs\n")

    def xfen_fuzz(self, *arguments: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(HERE / "xfen_fuzz.py"), "--root", str(self.root),
                               "--build-dir", str(self.build), "--plain-build-dir", str(self.build),
                               "--no-build", *arguments], capture_output=True, text=True, timeout=600,
                              env={**os.environ, **(env or {})})

    def write(self, name: str, data: bytes) -> Path:
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return path

    def regression_files(self) -> list[Path]:
        return sorted(p for p in (self.root / "corpus" / "regressions").iterdir() if p.name != "README.md")

    def tracked(self) -> dict[str, bytes]:
        return {str(p.relative_to(self.root)): p.read_bytes()
                for p in sorted((self.root / "corpus").rglob("*")) if p.is_file()}

    # --- reproduce -----------------------------------------------------------------------------
    def test_reproduce_runs_an_input_longer_than_max_len_whole(self) -> None:
        path = self.write("artifacts/planted/crash-deep", b"x" * 300 + b"DEEP")
        result = self.xfen_fuzz("reproduce", str(path), "--target", "planted")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("finding: SEGV in (anonymous namespace)::deep_bug < LLVMFuzzerTestOneInput\n", result.stdout)
        self.assertIn("1 failing, 0 passing", result.stdout)

    def test_reproduce_of_a_missing_path_is_an_error_even_when_it_decodes_as_base64(self) -> None:
        for argument in ("artifacts/planted/crash6557", "QUJD"):
            result = self.xfen_fuzz("reproduce", argument)
            self.assertEqual(result.returncode, 2, argument)
            self.assertIn(f"{argument}: no such file or folder", result.stderr)
            self.assertIn("--base64", result.stderr)

    def test_reproduce_reads_base64_only_when_told(self) -> None:
        encoded = base64.b64encode(b"xxLAWxx").decode()
        for arguments in (("--base64", encoded), (f"Base64: {encoded}",)):
            result = self.xfen_fuzz("reproduce", *arguments)
            self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
            self.assertIn('"xxLAWxx"', result.stdout)
            self.assertIn("finding: law broken in planted: markers are refused", result.stdout)
        result = self.xfen_fuzz("reproduce", "--base64", "not base64!")
        self.assertEqual(result.returncode, 2)
        self.assertIn("not valid base64", result.stderr)

    def test_reproduce_passes_an_input_no_target_fails_on(self) -> None:
        result = self.xfen_fuzz("reproduce", str(self.write("fine", b"just text")))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("planted passed, clean passed", result.stdout)

    def test_one_finding_in_several_targets_is_shown_once(self) -> None:
        shutil.copy(self.build / "fuzz" / "fuzz_planted", self.build / "fuzz" / "fuzz_twin")
        (self.build / "fuzz" / "fuzz_targets.txt").write_text("planted\nclean\ntwin\n")
        try:
            result = self.xfen_fuzz("reproduce", str(self.write("overflow", b"OVERFLOW")))
        finally:
            (self.build / "fuzz" / "fuzz_targets.txt").write_text("planted\nclean\n")
        self.assertEqual(result.stdout.count("finding: heap-buffer-overflow in (anonymous namespace)::overflow_bug < LLVMFuzzerTestOneInput\n"), 1, result.stdout)
        self.assertIn("targets: planted, twin", result.stdout)

    # --- minimize ------------------------------------------------------------------------------
    def test_minimize_files_one_minimal_input_that_fails_the_same_way(self) -> None:
        # Both bugs are in the input; the law fires first, so the result must keep "LAW", not
        # shrink to the overflow.
        crash = self.write("artifacts/planted/crash-1", b"padding LAW more OVERFLOW padding")
        result = self.xfen_fuzz("minimize", str(crash), "--time", "60")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        files = self.regression_files()
        self.assertEqual(len(files), 1, files)
        self.assertEqual(files[0].read_bytes(), b"LAW")
        self.assertTrue(files[0].name.startswith("planted-"))
        notes = (self.root / "corpus" / "regressions" / "README.md").read_text()
        self.assertIn(f"`{files[0].name}`", notes)
        self.assertIn("law broken in planted: markers are refused", notes)

    def test_minimize_shrinks_a_leak_without_running_into_another_bug(self) -> None:
        # Byte removal alone (libFuzzer does not minimise leaks): dropping "KEEP" arms the law.
        result = self.xfen_fuzz("minimize", str(self.write("leaky", b"LEAK KEEP LAW")), "--target", "planted")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual([f.read_bytes() for f in self.regression_files()], [b"LEAK"])

    def test_minimize_shrinks_a_timeout_to_an_input_that_still_does_not_finish(self) -> None:
        (self.root / "fuzz" / "planted.options").write_text("[libfuzzer]\nmax_len = 64\ntimeout = 1\n")
        result = self.xfen_fuzz("minimize", str(self.write("artifacts/planted/timeout-1", b"ab HANG cd")))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertIn("fails planted: timeout", result.stdout)
        self.assertEqual([f.read_bytes() for f in self.regression_files()], [b"HANG"])

    def test_minimize_of_an_input_that_does_not_fail_writes_nothing(self) -> None:
        result = self.xfen_fuzz("minimize", str(self.write("fine", b"just text")))
        self.assertEqual(result.returncode, 1)
        self.assertIn("does not make any target fail", result.stderr)
        self.assertEqual(self.regression_files(), [])

    # --- dedup ---------------------------------------------------------------------------------
    def test_dedup_groups_artifacts_by_finding(self) -> None:
        for index, data in enumerate((b"OVERFLOW", b"1OVERFLOW", b"22OVERFLOW", b"LAW", b"xLAW", b"fine")):
            self.write(f"artifacts/planted/crash-{index}", data)
        result = self.xfen_fuzz("dedup", str(self.root / "artifacts" / "planted"))
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("finding: heap-buffer-overflow in (anonymous namespace)::overflow_bug < "
                      "LLVMFuzzerTestOneInput (3 input(s))", result.stdout)
        self.assertIn("finding: law broken in planted: markers are refused (2 input(s))", result.stdout)
        self.assertIn("no longer fails (1 input(s))", result.stdout)
        self.assertIn("6 input(s)", result.stdout)
        self.assertIn("2 distinct finding(s)", result.stdout)

    # --- run, merge, prune, ci ------------------------------------------------------------------
    def test_run_keeps_new_inputs_outside_the_tracked_tree(self) -> None:
        for jobs in ("1", "2"):  # one process, and libFuzzer's fork mode
            shutil.rmtree(self.build / "working-corpus", ignore_errors=True)
            before = self.tracked()
            result = self.xfen_fuzz("run", "clean", "--time", "4", "--jobs", jobs)
            self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
            self.assertRegex(result.stdout, r"clean: \d+ exec/s, \d+ edges, \d+ runs")
            self.assertEqual(self.tracked(), before)
            self.assertTrue(any((self.build / "working-corpus" / "clean").iterdir()))

    def test_ctrl_c_stops_a_run_and_keeps_what_it_learnt(self) -> None:
        process = subprocess.Popen([sys.executable, str(HERE / "xfen_fuzz.py"), "--root", str(self.root),
                                    "--build-dir", str(self.build), "--no-build", "run", "clean", "--time", "0",
                                    "--jobs", "1"],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   start_new_session=True)
        time.sleep(4)
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
        output, _ = process.communicate(timeout=120)
        self.assertEqual(process.returncode, 0, output)
        self.assertIn("interrupted", output)
        self.assertIn("run: 1 target(s), 0 with findings", output)
        self.assertTrue(any((self.build / "working-corpus" / "clean").iterdir()))

    def test_run_reports_a_finding_and_keeps_nothing_it_learnt(self) -> None:
        self.write("corpus/regressions/planted-law", b"LAW")
        before = self.tracked()
        result = self.xfen_fuzz("run", "planted", "--time", "10", "--jobs", "1")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("1 distinct finding(s) in 1 artifact(s)", result.stdout)
        self.assertIn("next:    scripts/xfen-fuzz minimize artifacts/planted/crash-", result.stdout)
        self.assertEqual(self.tracked(), before)
        self.assertFalse((self.build / "working-corpus" / "planted").exists() and
                         any((self.build / "working-corpus" / "planted").iterdir()))

    def test_a_crash_that_does_not_reproduce_still_fails_the_run_and_keeps_nothing(self) -> None:
        result = self.xfen_fuzz("run", "clean", "--time", "30", "--jobs", "1", env={"PLANTED_CRASH_AFTER": "30000"})
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("wrote no input that fails again", result.stdout)
        working = self.build / "working-corpus" / "clean"
        self.assertFalse(working.exists() and any(working.iterdir()))

    def test_merge_is_refused_while_the_target_fails_on_a_regression(self) -> None:
        self.write("corpus/regressions/planted-law", b"LAW")
        self.write("more/one", b"a b c d")
        before = self.tracked()
        result = self.xfen_fuzz("merge", "planted", str(self.root / "more"))
        self.assertEqual(result.returncode, 2, result.stdout + result.stderr)
        self.assertIn("fix the bug first", result.stderr)
        self.assertEqual(self.tracked(), before)

    def test_merge_adds_only_inputs_that_grow_coverage(self) -> None:
        self.write("more/same", b"a b")          # the seed's coverage: not added
        self.write("more/longer", b"a b c d e f g")
        result = self.xfen_fuzz("merge", "clean", str(self.root / "more"))
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        seeds = sorted(p.read_bytes() for p in (self.root / "corpus" / "clean").iterdir())
        self.assertEqual(seeds, [b"a b", b"a b c d e f g"])
        self.assertIn("corpus/clean: 1 -> 2 inputs", result.stdout)

    def test_merge_reads_a_clusterfuzzlite_corpus_artifact(self) -> None:
        # ClusterFuzzLite's github_actions filestore uploads a corpus as one tar of the corpus
        # folder inside the artifact's zip; the merge must see the inputs, not the tar.
        inputs = [b"a b", b"a b c", b"a b c d e f g"]
        tar_path = self.root / "corpus-clean.tar"
        with tarfile.open(tar_path, "w") as tar:
            for index, data in enumerate(inputs):
                info = tarfile.TarInfo(f"./input-{index}")
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
        artifact = self.root / "cifuzz-corpus-clean.zip"
        with zipfile.ZipFile(artifact, "w") as archive:
            archive.write(tar_path, "cifuzz-corpus-clean.tar")
        for source in (artifact, tar_path):
            with self.subTest(source=source.name):
                for path in (self.root / "corpus" / "clean").iterdir():
                    if path.name != "seed-a":
                        path.unlink()
                result = self.xfen_fuzz("merge", "clean", str(source))
                self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
                seeds = sorted(p.read_bytes() for p in (self.root / "corpus" / "clean").iterdir())
                self.assertTrue(set(seeds) <= set(inputs), [seed[:40] for seed in seeds])
                self.assertIn(b"a b c d e f g", seeds)

    def test_prune_removes_redundant_seeds_and_keeps_the_features(self) -> None:
        for index in range(5):
            self.write(f"corpus/clean/copy-{index}", b"a b")
        result = self.xfen_fuzz("prune", "clean")
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(len(list((self.root / "corpus" / "clean").iterdir())), 1)
        self.assertRegex(result.stdout, r"6 -> 1 inputs; (\d+) -> \1 edges, (\d+) -> \2 features")

    def test_ci_fails_on_a_finding_and_names_it(self) -> None:
        self.write("corpus/regressions/planted-law", b"LAW")
        result = self.xfen_fuzz("ci", "--time", "2")
        self.assertEqual(result.returncode, 1, result.stdout + result.stderr)
        self.assertIn("fuzz planted: FAILED", result.stdout)
        self.assertRegex(result.stdout, r"fuzz clean: \d+ exec/s")
        self.assertIn("finding: law broken in planted", result.stdout)
        self.assertIn("2 target(s), 2 s each", result.stdout)


class FloodTest(unittest.TestCase):
    def test_a_flooding_run_keeps_a_bounded_log_with_its_end(self) -> None:
        with tempfile.TemporaryDirectory() as scratch:
            log = Path(scratch) / "log"
            code = "import sys\nfor i in range(300000): print('x' * 99)\nprint('the end', file=sys.stderr)"
            status, interrupted = _stream([sys.executable, "-c", code], Path(scratch), log, False, "")
            self.assertEqual((status, interrupted), (0, False))
            self.assertLess(log.stat().st_size, 17 * 1024 * 1024)  # 30 MB were printed
            self.assertTrue(log.read_text().endswith("the end\n"))


class InterruptTest(unittest.TestCase):
    def test_ctrl_c_that_missed_libfuzzer_still_stops_it(self) -> None:
        # The Ctrl-C reaches this process alone (as when it hit the child before its exec): the
        # child, which stops only on SIGINT, must still be stopped, not waited for forever.
        code = ("import signal, sys, time\n"
                "signal.signal(signal.SIGINT, lambda *_: sys.exit(0))\n"
                "print('started', flush=True)\n"
                "time.sleep(60)\nprint('never interrupted', flush=True)")
        with tempfile.TemporaryDirectory() as scratch:
            log = Path(scratch) / "log"
            timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
            started = time.monotonic()
            timer.start()
            try:
                status, interrupted = _stream([sys.executable, "-c", code], Path(scratch), log, False, "")
            finally:
                timer.cancel()
            self.assertTrue(interrupted)
            self.assertEqual(status, 0)
            self.assertLess(time.monotonic() - started, 30)
            self.assertNotIn("never interrupted", log.read_text())


class ReadFindingTest(unittest.TestCase):
    """The signature from canned reports: noise frames skipped, parameters dropped."""

    ASAN = """==42==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602 at pc 0x55
WRITE of size 1 at 0x602 thread T0
    #0 0x55 in xfen::write(xfen::Position const&, std::span<char, 18446744073709551615ul>) const /r/src/write.cpp:10:3
    #1 0x56 in (anonymous namespace)::check_dialects(std::basic_string_view<char>) /r/fuzz/parse.cpp:20:5
    #2 0x57 in LLVMFuzzerTestOneInput /r/fuzz/parse.cpp:90:3
    #3 0x58 in fuzzer::Fuzzer::ExecuteCallback(unsigned char const*, unsigned long) (/r/b+0x1)
    #4 0x59 in main (/r/b+0x2)
"""

    def test_sanitizer_report(self) -> None:
        finding = read_finding(self.ASAN, 1, "/r")
        self.assertEqual(finding.signature,
                         "heap-buffer-overflow in xfen::write < (anonymous namespace)::check_dialects < "
                         "LLVMFuzzerTestOneInput")
        self.assertEqual(str(finding.frames[0]), "xfen::write src/write.cpp:10:3")

    def test_abort_frames_are_skipped(self) -> None:
        report = """==7==ERROR: AddressSanitizer: ABRT on unknown address 0x1
    #0 0x1 in __pthread_kill_implementation nptl/pthread_kill.c:44:76
    #1 0x2 in raise signal/../sysdeps/posix/raise.c:26:13
    #2 0x3 in abort stdlib/abort.c:79:7
    #3 0x4 in std::__glibcxx_assert_fail(char const*, int, char const*, char const*) (/lib/libstdc++.so.6+0x1)
    #4 0x5 in xfen::at(xfen::Position const&, int) /r/include/xfen/position.hpp:5:1
"""
        self.assertEqual(read_finding(report, 1, "/r").signature, "ABRT in xfen::at")

    def test_law_signature_ignores_the_writing_style(self) -> None:
        report = ("\n=== xfen fuzz: law broken\ntarget:   parse\nlaw:      reads back the same "
                  "(castling=shredder ep=legal)\ninput:    \"x\" (1 bytes)\nexpected: a\nactual:   b\n"
                  "==1==ERROR: AddressSanitizer: ABRT on unknown address\n")
        finding = read_finding(report, 1)
        self.assertEqual(finding.signature, "law broken in parse: reads back the same")
        self.assertIn("expected: a", finding.details)

    def test_undefined_behaviour_and_timeouts_and_silent_exits(self) -> None:
        ub = read_finding("/r/src/parse.cpp:12:7: runtime error: signed integer overflow: 2147483647 + 1\n", 1, "/r")
        self.assertEqual(ub.signature, "undefined behaviour: signed integer overflow in src/parse.cpp:12:7")
        bounds = read_finding("/r/a.hpp:3:9: runtime error: index 12 out of bounds for type 'int [4]'\n", 1, "/r")
        self.assertEqual(bounds.kind, "undefined behaviour: index N out of bounds for type T")
        timeout = read_finding("==9== ERROR: libFuzzer: timeout after 10 seconds\n"
                               "    #0 0x1 in fuzzer::Fuzzer::AlarmCallback() (/r/b+0x42ec9) (BuildId: 02)\n"
                               "    #1 0x7feb  (/lib/x86_64-linux-gnu/libc.so.6+0x3c04f) (BuildId: 93)\n"
                               "    #2 0x2 in spin(long) /r/f.cpp:1:1\n", 70, "/r")
        self.assertEqual(timeout.signature, "timeout in spin")
        self.assertEqual(read_finding("some text\n", 3).signature, "exit status 3")
        self.assertIsNone(read_finding("all fine\n", 0))

    def test_fork_mode_figures_are_the_parents(self) -> None:
        output = ("#59754: cov: 1402 ft: 1402 corp: 225 exec/s 29877 oom/timeout/crash: 0/0/0 time: 2s job: 1\n"
                  "#17\tINITED cov: 321 ft: 589 corp: 14/406b exec/s: 0 rss: 34Mb\n"
                  "#274279: cov: 1776 ft: 1596 corp: 326 exec/s 34780 oom/timeout/crash: 0/0/0 time: 6s job: 3\n"
                  "#65536\tpulse  cov: 469 ft: 1236 corp: 263/7546b lim: 95 exec/s: 32768 rss: 64Mb\n")
        self.assertEqual(read_stats(output), Stats("274279", "34780", "1776", "1596"))
        single = "#2\tINITED cov: 5 ft: 6 corp: 1/3b\nstat::number_of_executed_units: 900\nstat::average_exec_per_sec: 300\n"
        self.assertEqual(read_stats(single), Stats("900", "300", "5", "6"))

    def test_function_name_drops_parameters_only(self) -> None:
        self.assertEqual(function_name("(anonymous namespace)::f(int) const"), "(anonymous namespace)::f")
        self.assertEqual(function_name("xfen::g<std::pair<int, int> >(std::pair<int, int>)"),
                         "xfen::g<std::pair<int, int> >")


if __name__ == "__main__":
    unittest.main()
