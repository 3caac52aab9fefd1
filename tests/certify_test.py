#!/usr/bin/env python3
"""`xfen certify` against implementations whose faults are known exactly (docs/PROTOCOL.md).

Each stub of tests/certify_stubs/ takes its right answers from `xfen adapter` or `xfen canon` and
goes wrong by one rule stated in its header: it crashes, hangs, exits, echoes its input, writes
another spelling, floods standard output or standard error, never reads, or answers twice. For each
stub a test runs `xfen certify --impl STUB --json F` on a selection of the suite (or on an --inputs
file) and requires, case by case, exactly the verdict the rule gives, computed here from the suite's
data and from the reference's answers; also the exit status, the counts of the summary and of the
text report, a bounded run time, and that no process of the stub outlives the run (each stub leaves
a pid file, see stub_common.py). Then: skip files, --inputs, the usage errors (exit 2), and, in
SelfCertification, xfen's own adapter and canon over the whole suite.

Usage: certify_test.py path/to/xfen [unittest arguments, e.g. StreamStubs or SelfCertification]
"""
import functools
import glob
import json
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "corpus" / "conformance"
STUBS = Path(__file__).resolve().parent / "certify_stubs"
XFEN = ""  # set from the command line

ALL_SPELLINGS = "shredder,classic,ep-always,ep-legal"
SPELLING_OF_STYLE = {("castling", "shredder"): "shredder", ("castling", "classic"): "classic",
                     ("en_passant", "always"): "ep-always", ("en_passant", "legal"): "ep-legal"}
FAILING = {"non-canonical", "wrong-position", "accepted-invalid", "rejected-valid", "crash",
           "timeout", "protocol-error", "not-run", "unexpected-pass"}


def load_suite() -> dict:
    """Every case of the suite by id, in the order of the files."""
    cases = {}
    for path in sorted(glob.glob(str(SUITE / "*.jsonl"))):
        with open(path, encoding="utf-8") as f:
            for line in f:
                case = json.loads(line)
                cases[case["id"]] = case
    return cases


CASES = load_suite()


def spellings_of(case: dict) -> set:
    """The --accept-spelling names a dialect case needs to be graded."""
    return {SPELLING_OF_STYLE[(member, case[member])] for member in ("castling", "en_passant")
            if case.get(member, "xfen") != "xfen"}


def unsendable(case: dict) -> bool:
    """A record streaming cannot carry on one line."""
    return "\n" in case["input"] or case["input"].endswith("\r")


def not_graded(case: dict, mode: str = "stream", accepted: frozenset = frozenset()) -> bool:
    """Whether certify skips the case without sending it (PROTOCOL.md; the brief's dialect rule)."""
    if mode == "stream" and unsendable(case):
        return True
    return case["class"] == "dialect" and not spellings_of(case) <= accepted


def reference_answers(records: list, *options: str) -> list:
    """`xfen adapter OPTIONS` over the records (none holding a line feed), its answer lines."""
    data = b"".join(r.encode("utf-8") + b"\n" for r in records)
    out = subprocess.run([XFEN, "adapter", *options], input=data, capture_output=True,
                         timeout=60, check=False).stdout
    lines = out.decode("utf-8", "replace").split("\n")[:-1]
    assert len(lines) == len(records), f"the reference gave {len(lines)} answers for {len(records)}"
    return lines


class Run:
    """One `xfen certify` run: its exit status, JSON report, text report, time and memory."""

    def __init__(self, status, report, stdout, stderr, seconds, max_rss_kib, leftovers, argv):
        self.status = status
        self.report = report
        self.stdout = stdout
        self.stderr = stderr
        self.seconds = seconds
        self.max_rss_kib = max_rss_kib
        self.leftovers = leftovers
        self.argv = argv

    def verdicts(self) -> dict:
        return {c["id"]: c["verdict"] for c in self.report["cases"]}

    def case(self, case_id: str) -> dict:
        return next(c for c in self.report["cases"] if c["id"] == case_id)

    def describe(self) -> str:
        return (f"command: {shlex.join(self.argv)}\nexit status {self.status}, "
                f"{self.seconds:.1f} s\n--- stdout (end):\n{self.stdout[-3000:]}\n"
                f"--- stderr (end):\n{self.stderr[-2000:]}")


def alive(pid: int, start_time: str) -> bool:
    """Whether the process of that pid file still runs (not a zombie, not a reused pid)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except OSError:
        return False
    return fields[0] != b"Z" and fields[19].decode() == start_time


def certify(*arguments: str, stdin: bytes = b"", limit: float = 60) -> Run:
    """Runs `xfen certify ARGUMENTS --json F` (with --suite unless --inputs is given) and waits for
    it; then waits up to a second for the processes the stubs recorded to be gone."""
    with tempfile.TemporaryDirectory(prefix="certify-test-") as work:
        pids = os.path.join(work, "pids")
        os.mkdir(pids)
        json_path = os.path.join(work, "report.json")
        argv = [XFEN, "certify", *arguments, "--json", json_path]
        if "--inputs" not in arguments and "--suite" not in arguments:
            argv += ["--suite", str(SUITE)]
        env = dict(os.environ, XFEN_STUB_PIDS=pids, TMPDIR=work, XFEN=XFEN)
        started = time.monotonic()
        with open(os.path.join(work, "out"), "w+b") as out, open(os.path.join(work, "err"), "w+b") as err:
            process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=out, stderr=err, env=env)
            process.stdin.write(stdin)
            process.stdin.close()
            deadline = started + limit
            status = None
            while status is None and time.monotonic() < deadline:
                pid, wait_status, usage = os.wait4(process.pid, os.WNOHANG)
                if pid:
                    status = os.waitstatus_to_exitcode(wait_status)
                    max_rss = usage.ru_maxrss
                else:
                    time.sleep(0.02)
            if status is None:
                process.kill()
                _, wait_status, usage = os.wait4(process.pid, 0)
                status, max_rss = "killed after %d s" % limit, usage.ru_maxrss
            process.returncode = 0  # waited for above
            seconds = time.monotonic() - started
            out.seek(0)
            err.seek(0)
            stdout = out.read().decode("utf-8", "replace")
            stderr = err.read().decode("utf-8", "replace")
        left = {}
        for name in os.listdir(pids):
            with open(os.path.join(pids, name), encoding="ascii") as f:
                left[int(name)] = f.read().strip()
        grace = time.monotonic() + 1.0
        leftovers = [pid for pid, start in left.items() if alive(pid, start)]
        while leftovers and time.monotonic() < grace:
            time.sleep(0.05)
            leftovers = [pid for pid in leftovers if alive(pid, left[pid])]
        for pid in leftovers:  # do not leave them to the next test
            try:
                os.kill(pid, 9)
            except OSError:
                pass
        report = None
        if os.path.exists(json_path):
            with open(json_path, encoding="utf-8") as f:
                report = json.load(f)
        return Run(status, report, stdout, stderr, seconds, max_rss, leftovers, argv)


def stub(name: str, *arguments: str, exec_: bool = False) -> str:
    """The --impl command of a stub of tests/certify_stubs/: Python ones with this interpreter (not
    through `env python3`, which may be a slow version manager's shim). With exec_, the shell
    execs the stub, so that certify sees how it ended, not the shell's status."""
    program = [sys.executable, str(STUBS / name)] if name.endswith(".py") else [str(STUBS / name)]
    return ("exec " if exec_ else "") + shlex.join([*program, XFEN, *arguments])


def adapter(*options: str) -> str:
    return shlex.join([XFEN, "adapter", *options])


class CertifyTestCase(unittest.TestCase):
    maxDiff = None

    def check_run(self, run: Run, expected: dict, status: int, seconds: float) -> None:
        """Every case of the report has the expected verdict, the cases are those expected, the
        exit status, the time, the counts and no process left."""
        self.assertIsNotNone(run.report, "no JSON report\n" + run.describe())
        actual = run.verdicts()
        wrong = {i: (expected.get(i), actual.get(i)) for i in set(expected) | set(actual)
                 if expected.get(i) != actual.get(i)}
        if wrong:
            lines = [f"  {i}: expected {e}, got {a}" +
                     (f" ({run.case(i).get('detail', '')})" if a else "")
                     for i, (e, a) in sorted(wrong.items())[:25]]
            self.fail(f"{len(wrong)} cases with another verdict (expected, got):\n" +
                      "\n".join(lines) + "\n" + run.describe())
        self.assertEqual(run.status, status, run.describe())
        self.assertLess(run.seconds, seconds, run.describe())
        self.assertEqual(run.leftovers, [], "processes of the stub outlived the run\n" + run.describe())
        self.check_summary(run)

    def check_summary(self, run: Run) -> None:
        """The summary counts the cases listed (suite runs list them all), and the text report has
        one FAIL block per failed case and the closing count line."""
        summary = run.report["summary"]
        counted = {}
        for verdict in run.verdicts().values():
            counted[verdict] = counted.get(verdict, 0) + 1
        if "--inputs" not in run.argv:
            self.assertEqual({k: v for k, v in summary["verdicts"].items() if v}, counted)
        verdicts = summary["verdicts"]
        self.assertEqual(summary["passed"], verdicts.get("pass", 0))
        self.assertEqual(summary["skipped"], verdicts.get("skipped", 0))
        self.assertEqual(summary["failed"], sum(verdicts.get(v, 0) for v in FAILING))
        self.assertIn(f"{summary['passed']} passed, {summary['failed']} failed, "
                      f"{summary['skipped']} skipped", run.stdout.splitlines()[-1] if run.stdout else "")
        failed_ids = [c["id"] for c in run.report["cases"] if c["verdict"] in FAILING]
        fail_lines = [line for line in run.stdout.splitlines() if line.startswith("FAIL ")]
        self.assertEqual(len(fail_lines), len(failed_ids), run.describe())
        for case_id, line in zip(failed_ids, fail_lines):
            verdict = run.case(case_id)["verdict"]
            self.assertTrue(line.startswith(f"FAIL {case_id} {verdict}:"), line)

    def suite_expectation(self, ids, rule, mode="stream", accepted=frozenset()) -> dict:
        """For the suite cases `ids`: skipped where certify does not send them, else rule(case)."""
        return {i: "skipped" if not_graded(CASES[i], mode, accepted) else rule(CASES[i]) for i in ids}


def ids_where(predicate) -> list:
    return [i for i, c in CASES.items() if predicate(c)]


@functools.cache
def memory_bound_kib() -> int:
    """What a run may use at most, whatever the program writes: what the same xfen certify uses
    for a well-behaved program, plus 24 MiB. Relative, because a sanitizer's shadow memory and
    quarantine make the absolute figure many times larger (6.5 MiB plain, 45 MiB under ASan)."""
    return certify("--impl", adapter(), "--tag", "castling").max_rss_kib + 24 * 1024


def group(name: str) -> list:
    return ids_where(lambda c: c["id"].startswith(name + "."))


def with_tag(tag: str) -> list:
    return ids_where(lambda c: tag in c["tags"])


class StreamStubs(CertifyTestCase):
    """Streaming stubs that fail on some cases and answer the others as the reference does."""

    def crash_test(self, how: str, jobs: str) -> None:
        marker = "/RR"  # inner and outer rooks on the a-side: 10 castling cases
        crashing = {i for i in group("castling") if marker in CASES[i]["input"]}
        self.assertTrue(5 <= len(crashing) <= 20)
        run = certify("--impl", stub("crash.py", marker, how, exec_=True), "--tag", "castling",
                      "--jobs", jobs, "--max-restarts", "30", "--timeout-ms", "5000")
        expected = self.suite_expectation(group("castling"),
                                          lambda c: "crash" if c["id"] in crashing else "pass")
        self.check_run(run, expected, status=1, seconds=30)
        self.assertEqual(run.report["summary"]["restarts"], len(crashing))
        for case_id in crashing:
            case = run.case(case_id)
            self.assertRegex(case["detail"], "SIGSEGV|signal 11" if how == "segv" else r"\b3\b")
            self.assertIn("crash-stub: crashing on", json.dumps(case), "the stub's stderr is not shown")
            self.assertIn(f"FAIL {case_id} crash:", run.stdout)

    def test_crash_by_signal(self):
        self.crash_test("segv", "1")

    def test_crash_by_exit_status(self):
        self.crash_test("exit3", "1")

    def test_crash_with_two_jobs(self):
        self.crash_test("segv", "2")

    def test_hang(self):
        marker = "/4K1RR w K"
        hanging = {i for i in group("castling") if marker in CASES[i]["input"]}
        self.assertEqual(len(hanging), 2)
        run = certify("--impl", stub("hang.py", marker), "--tag", "castling",
                      "--timeout-ms", "1500", "--max-restarts", "20")
        expected = self.suite_expectation(group("castling"),
                                          lambda c: "timeout" if c["id"] in hanging else "pass")
        # Each hang costs the time limit and a restart; the rest is quick.
        self.check_run(run, expected, status=1, seconds=len(hanging) * 1.5 + 15)
        self.assertEqual(run.report["summary"]["restarts"], len(hanging))

    def test_exit_after_some_lines(self):
        limit = 7
        run = certify("--impl", stub("exit_after.py", str(limit)), "--id", "side.*",
                      "--max-restarts", "10", "--timeout-ms", "5000")
        sent = [i for i in group("side") if not not_graded(CASES[i])]
        # Records 0..limit-1 of each process are answered, record `limit` crashes and the next
        # process starts with the record after it.
        crashing = {case_id for place, case_id in enumerate(sent) if place % (limit + 1) == limit}
        self.assertEqual(len(crashing), 2)
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual([c["id"] for c in run.report["cases"]], group("side"), "not in suite order")
        expected = self.suite_expectation(group("side"),
                                          lambda c: "crash" if c["id"] in crashing else "pass")
        self.check_run(run, expected, status=1, seconds=20)

    def test_crash_on_start(self):
        # Crashes before reading anything: 1 + --max-restarts processes each crash on the first
        # record they were sent; the records left are not-run.
        run = certify("--impl", "exit 3", "--id", "side.*", "--max-restarts", "3",
                      "--timeout-ms", "5000")
        sent = [i for i in group("side") if not not_graded(CASES[i])]
        expected = {i: "crash" if place < 4 else "not-run" for place, i in enumerate(sent)}
        self.check_run(run, expected, status=1, seconds=10)

    def test_echo(self):
        # Accepts everything and writes its input back. An input that is not the canonical record
        # is another spelling of the expected position when it is valid X-FEN, and no valid answer
        # at all when only a lenient reader takes it (answers are read strictly).
        always = dict(zip(*self.stream_inputs_answers("--ep", "always")))
        strict = dict(zip(*self.stream_inputs_answers()))

        def rule(c):
            if c["class"] == "invalid":
                return "accepted-invalid"
            if c["input"] == c.get("output"):
                return "pass"
            return "non-canonical" if strict.get(c["input"], "").startswith("ok ") else "wrong-position"

        run = certify("--impl", stub("echo.py"), "--timeout-ms", "5000")
        expected = self.suite_expectation(CASES, rule)
        self.check_run(run, expected, status=1, seconds=20)
        # An input that is the expected position with its en passant square always written is
        # named so in the detail.
        for case_id, verdict in expected.items():
            c = CASES[case_id]
            if verdict == "non-canonical" and always.get(c["input"]) == "ok " + c["input"]:
                self.assertIn("ep-always", run.case(case_id)["detail"], case_id)

    def stream_inputs_answers(self, *options):
        inputs = [c["input"] for c in CASES.values() if "\n" not in c["input"]]
        return inputs, reference_answers(inputs, *options)

    def spelling_expectation(self, options, spelling, accepted):
        """The verdicts of spelling.py with OPTIONS, graded with --accept-spelling `accepted`:
        the stub's answer is the reference's in its style; rejection is right but for valid and
        dialect cases, and for dialect cases whose suite entry says writing is refused."""
        ids = [i for i, c in CASES.items() if not unsendable(c)]
        inputs = [CASES[i]["input"] for i in ids]
        styled = dict(zip(ids, reference_answers(inputs, *options)))
        canonical = dict(zip(ids, reference_answers(inputs)))

        def rule(c):
            answer = styled[c["id"]]
            if answer.startswith("error"):
                if c["class"] == "dialect" and "write_error" in c:
                    return "pass"  # README: "write output, or refuse as write_error says"
                return "rejected-valid" if c["class"] in ("valid", "dialect") else "pass"
            if answer == canonical[c["id"]] or spelling in accepted:
                return "pass"
            return "non-canonical"

        return self.suite_expectation(CASES, rule, accepted=frozenset(accepted))

    def spelling_test(self, options, spelling, detail):
        for accepted in ((), (spelling,)):
            with self.subTest(accept_spelling=accepted):
                arguments = ["--impl", stub("spelling.py", *options), "--timeout-ms", "5000"]
                if accepted:
                    arguments += ["--accept-spelling", ",".join(accepted)]
                run = certify(*arguments)
                expected = self.spelling_expectation(options, spelling, accepted)
                failing = any(v in FAILING for v in expected.values())
                self.assertEqual(failing, not accepted or spelling == "classic")
                self.check_run(run, expected, status=1 if failing else 0, seconds=20)
                for c in run.report["cases"]:
                    if c["verdict"] == "non-canonical":
                        self.assertIn(detail, c["detail"], c["id"])
                        self.assertIn(spelling, c["detail"], c["id"])

    def test_shredder_castling(self):
        self.spelling_test(["--castling", "shredder"], "shredder", "Shredder castling letters")

    def test_classic_castling(self):
        self.spelling_test(["--castling", "classic"], "classic", "classic")

    def test_en_passant_when_legal(self):
        self.spelling_test(["--ep", "legal"], "ep-legal", "only when a capture is legal")

    def test_en_passant_always(self):
        self.spelling_test(["--ep", "always"], "ep-always", "always written")

    def test_stdout_flood(self):
        # 64 MiB of garbage as one answer line: the case is a protocol error, the answers after it
        # are read in order, and certify keeps a bounded part of the line.
        marker = "/RR"
        flooded = {i for i in group("castling") if marker in CASES[i]["input"]}
        run = certify("--impl", stub("flood.py", marker, "64"), "--tag", "castling",
                      "--timeout-ms", "5000")
        expected = self.suite_expectation(group("castling"),
                                          lambda c: "protocol-error" if c["id"] in flooded else "pass")
        self.check_run(run, expected, status=1, seconds=30)
        self.assertLess(run.max_rss_kib, memory_bound_kib(), "certify (or a stub) held the flood")

    def test_stdout_flood_without_end(self):
        # Garbage without end and without a line feed, in place of an answer. Two accounts are
        # right: the flooded case is a protocol error as soon as its line passes 64 KiB, and the
        # case after it times out (the stub never answers it); or the line, never ended, is no
        # answer within the time limit, and the case after it is answered by the next process.
        marker = "/4K1RR w K"
        ids = group("castling")
        run = certify("--impl", stub("flood.py", marker, "forever"), "--id", "castling.*",
                      "--timeout-ms", "1500", "--max-restarts", "20")
        flooding = [i for i in ids if marker in CASES[i]["input"]]
        self.assertEqual(len(flooding), 2)
        sent = [i for i in ids if not not_graded(CASES[i])]
        self.assertIsNotNone(run.report, run.describe())
        as_timeout = run.case(flooding[0])["verdict"] == "timeout"
        expected = self.suite_expectation(ids, lambda c: "pass")
        for case_id in flooding:
            expected[case_id] = "timeout" if as_timeout else "protocol-error"
            after = sent[sent.index(case_id) + 1]
            if not as_timeout and after not in flooding:
                expected[after] = "timeout"
        self.check_run(run, expected, status=1, seconds=len(flooding) * 1.5 * 2 + 20)
        self.assertLess(run.max_rss_kib, memory_bound_kib())

    def test_stderr_flood(self):
        run = certify("--impl", stub("stderr_flood.py"), "--tag", "castling", "--timeout-ms", "5000")
        expected = self.suite_expectation(group("castling"), lambda c: "pass")
        self.check_run(run, expected, status=0, seconds=20)
        self.assertLess(run.max_rss_kib, memory_bound_kib())

    def test_never_reads(self):
        # 3000 records of about 100 bytes: more than a pipe holds, so a runner that blocks writing
        # never gets to its time limit. Three processes time out on their first record.
        record = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1" + " " * 30
        with tempfile.NamedTemporaryFile("w", suffix=".xfen", delete=False) as f:
            f.write((record + "\n") * 3000)
        try:
            run = certify("--impl", stub("deaf.py"), "--inputs", f.name, "--timeout-ms", "300",
                          "--max-restarts", "2")
        finally:
            os.unlink(f.name)
        self.assertIsNotNone(run.report, run.describe())
        verdicts = {k: v for k, v in run.report["summary"]["verdicts"].items() if v}
        self.assertEqual(verdicts, {"timeout": 3, "not-run": 2997}, run.describe())
        self.assertEqual(run.status, 1)
        self.assertLess(run.seconds, 10, run.describe())
        self.assertEqual(run.leftovers, [])

    def test_answers_twice(self):
        record = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
        with tempfile.NamedTemporaryFile("w", suffix=".xfen", delete=False) as f:
            f.write((record + "\n") * 20)
        try:
            run = certify("--impl", stub("twice.py"), "--inputs", f.name, "--timeout-ms", "5000")
        finally:
            os.unlink(f.name)
        self.assertIsNotNone(run.report, run.describe())
        summary = run.report["summary"]
        self.assertEqual({k: v for k, v in summary["verdicts"].items() if v}, {"pass": 20})
        self.assertEqual(summary["extra_answers"], 20, run.describe())
        self.assertEqual(run.status, 1, "extra answers must fail the run\n" + run.describe())
        self.assertEqual(run.leftovers, [])


class LeftoverCheck(CertifyTestCase):
    """The check for processes left behind can fail: a program that starts a process in a session
    of its own, out of certify's reach, is caught (and the test kills it)."""

    def test_escaped_process_is_found(self):
        impl = ('setsid sleep 30 </dev/null >/dev/null 2>&1 & '
                'cut -d" " -f22 /proc/$!/stat > "$XFEN_STUB_PIDS/$!"; exec ' + adapter())
        run = certify("--impl", impl, "--id", "side.*", "--timeout-ms", "5000")
        self.assertEqual(run.status, 0, run.describe())
        self.assertEqual(len(run.leftovers), 1, run.describe())


class PerCaseStubs(CertifyTestCase):
    """`xfen canon` per case, made to fail on some records."""

    def per_case_test(self, how, marker, verdict, timeout_ms):
        # The 18 Chess960 castling cases on 10x8; "/RR" makes 4 of them crash, "/5K2RR" 2 hang.
        ids = [i for i in group("castling") if i.endswith("-10x8") and "chess960" in CASES[i]["tags"]]
        failing = {i for i in ids if marker in CASES[i]["input"]}
        self.assertTrue(2 <= len(failing) <= 4)
        run = certify("--mode", "per-case", "--impl", stub("per_case_crash.sh", marker, how),
                      "--id", "castling.*-10x8", "--tag", "chess960", "--timeout-ms", str(timeout_ms))
        expected = self.suite_expectation(ids, lambda c: verdict if c["id"] in failing else "pass",
                                          mode="per-case")
        self.check_run(run, expected, status=1, seconds=20 + len(failing) * timeout_ms / 1000)
        return run, failing

    def test_signal(self):
        run, failing = self.per_case_test("segv", "/RR", "crash", 5000)
        for case_id in failing:
            self.assertRegex(run.case(case_id)["detail"], "SIGSEGV|signal 11|139")

    def test_exit_status_3(self):
        run, failing = self.per_case_test("exit3", "/RR", "crash", 5000)
        for case_id in failing:
            self.assertRegex(run.case(case_id)["detail"], r"\b3\b")

    def test_hang(self):
        self.per_case_test("hang", "/5K2RR", "timeout", 1500)


class SkipFile(CertifyTestCase):
    marker = "/RR"

    def run_with_skip_file(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".skip", delete=False) as f:
            f.write(text)
        try:
            return certify("--impl", stub("crash.py", self.marker), "--tag", "castling",
                           "--max-restarts", "30", "--skip-file", f.name, "--timeout-ms", "5000")
        finally:
            os.unlink(f.name)

    def test_skipped_failures_and_unexpected_passes(self):
        ids = group("castling")
        crashing = sorted(i for i in ids if self.marker in CASES[i]["input"])
        passing = [i for i in ids if i not in crashing and not not_graded(CASES[i])]
        # One crashing case by its id, the others by a glob that also names a passing case.
        listed_crash = crashing[0]
        run = self.run_with_skip_file(
            "# cases this implementation gets wrong\n"
            f"{listed_crash}\n\n   # an indented comment\n{passing[0]}\n")
        expected = self.suite_expectation(ids, lambda c: "crash" if c["id"] in crashing else "pass")
        expected[listed_crash] = "skipped"
        expected[passing[0]] = "unexpected-pass"
        self.check_run(run, expected, status=1, seconds=30)

    def test_every_failure_skipped(self):
        ids = group("castling")
        crashing = sorted(i for i in ids if self.marker in CASES[i]["input"])
        run = self.run_with_skip_file("".join(i + "\n" for i in crashing))
        expected = self.suite_expectation(ids, lambda c: "skipped" if c["id"] in crashing else "pass")
        self.check_run(run, expected, status=0, seconds=30)

    def test_glob(self):
        # castling.*-10x8 names some crashing cases and some passing ones.
        ids = group("castling")
        crashing = {i for i in ids if self.marker in CASES[i]["input"]}
        run = self.run_with_skip_file("castling.*-10x8\n")

        def rule(c):
            verdict = "crash" if c["id"] in crashing else "pass"
            if c["id"].endswith("-10x8"):
                return "skipped" if verdict == "crash" else "unexpected-pass"
            return verdict

        expected = self.suite_expectation(ids, rule)
        self.assertIn("unexpected-pass", expected.values())
        self.check_run(run, expected, status=1, seconds=30)


class Inputs(CertifyTestCase):
    """--inputs: a user's records, judged by xfen's reader."""
    VALID = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
             "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
             "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgb - 0 1"]
    NON_CANONICAL = "rr2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1"  # valid, X-FEN writes KBgb
    INVALID = ["", "not a record", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
               "4k3/8/8/8/8/8/8/4K2\0 w - - 0 1"]

    def run_inputs(self, impl):
        lines = self.VALID + [self.NON_CANONICAL] + self.INVALID
        with tempfile.NamedTemporaryFile("wb", suffix=".xfen", delete=False) as f:
            f.write(b"".join(line.encode() + b"\n" for line in lines))
        try:
            return certify("--impl", impl, "--inputs", f.name, "--timeout-ms", "5000"), lines
        finally:
            os.unlink(f.name)

    def test_reference_passes(self):
        run, lines = self.run_inputs(adapter())
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual(run.status, 0, run.describe())
        self.assertEqual(run.report["summary"]["passed"], len(lines))
        self.assertEqual(run.report["summary"]["failed"], 0)
        self.assertIn(f"{len(lines)} passed, 0 failed, 0 skipped", run.stdout)

    def test_echo_is_graded_line_by_line(self):
        run, lines = self.run_inputs(stub("echo.py"))
        expected = {}
        for number, line in enumerate(lines, 1):
            if line in self.VALID:
                continue  # passes: --inputs reports list only the cases that did not pass
            expected[f"line {number}"] = ("non-canonical" if line == self.NON_CANONICAL
                                          else "accepted-invalid")
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual(run.verdicts(), expected, run.describe())
        self.assertEqual(run.report["summary"]["passed"], len(self.VALID))
        self.assertEqual(run.status, 1)
        # The NUL byte was sent, and came back: the report shows it escaped (JSON's \u0000, or
        # a visible \x00).
        nul_case = run.case(f"line {lines.index(self.INVALID[-1]) + 1}")
        for member in ("input", "answer"):
            self.assertRegex(nul_case[member], r"\x00|\\x00", member)


class Usage(unittest.TestCase):
    def test_progress_line_only_on_a_terminal(self):
        # stderr a terminal: a progress line, redrawn in place and cleared at the end; the report
        # on stdout (a pipe) is the same as ever.
        arguments = [XFEN, "certify", "--impl", adapter(), "--suite", str(SUITE), "--tag", "side"]
        controller, terminal = os.openpty()
        try:
            run = subprocess.run(arguments, stdout=subprocess.PIPE, stderr=terminal, timeout=30,
                                 check=False)
            os.close(terminal)
            terminal = -1
            shown = b""
            while True:
                try:
                    chunk = os.read(controller, 4096)
                except OSError:  # EIO: the terminal's other end is closed and all was read
                    break
                if not chunk:
                    break
                shown += chunk
        finally:
            os.close(controller)
            if terminal >= 0:
                os.close(terminal)
        self.assertEqual(run.returncode, 0, run)
        self.assertIn(b"\r\x1b[Kxfen certify: ", shown)
        self.assertTrue(shown.endswith(b"\r\x1b[K"), shown)
        self.assertNotIn(b"\x1b", run.stdout)
        # Not a terminal: nothing but the report.
        piped = subprocess.run(arguments, capture_output=True, timeout=30, check=False)
        self.assertEqual(piped.stderr, b"")
        self.assertEqual(piped.stdout.splitlines()[-1], run.stdout.splitlines()[-1])

    def status(self, *arguments):
        return subprocess.run([XFEN, "certify", *arguments], capture_output=True, timeout=30,
                              check=False)

    def test_program_that_cannot_start(self):
        for impl in ("/nonexistent/program", "/nonexistent/program --option"):
            with tempfile.TemporaryDirectory() as work:
                reports = [os.path.join(work, name) for name in ("r.json", "r.xml", "r.html")]
                result = self.status("--impl", impl, "--suite", str(SUITE), "--id", "side.*",
                                     "--json", reports[0], "--junit", reports[1], "--html", reports[2])
                self.assertEqual(result.returncode, 2, result)
                self.assertIn(b"nonexistent", result.stderr)
                # No report of a run that did not happen.
                self.assertEqual([r for r in reports if os.path.exists(r)], [])

    def test_io_errors_in_the_common_form(self):
        """Files certify reads or writes go through the I/O layer: its errors read as every other
        command's (xfen: cannot open NAME: REASON), exit 2."""
        impl = ["--impl", adapter()]
        suite = ["--suite", str(SUITE), "--id", "side.*"]
        with tempfile.TemporaryDirectory() as work:
            missing = os.path.join(work, "missing")
            for arguments, expected in (
                    ([*suite, "--skip-file", missing],
                     f"xfen: cannot open {missing}: No such file or directory\n"),
                    (["--inputs", missing], f"xfen: cannot open {missing}: No such file or directory\n"),
                    ([*suite, "--json", os.path.join(missing, "r.json")],
                     f"xfen: cannot open {missing}/r.json: No such file or directory\n")):
                with self.subTest(arguments=arguments):
                    result = self.status(*impl, *arguments)
                    self.assertEqual(result.returncode, 2, result)
                    self.assertEqual(result.stderr.decode(), expected)

    def test_reports_are_replaced_whole(self):
        """A report file takes its target's place only when whole: a run that cannot start leaves
        an earlier report as it was, a run that ends replaces it, and no temporary file stays."""
        with tempfile.TemporaryDirectory() as work:
            report = os.path.join(work, "r.json")
            with open(report, "w", encoding="utf-8") as f:
                f.write("earlier")
            result = self.status("--impl", "/nonexistent/program", "--suite", str(SUITE),
                                 "--id", "side.*", "--json", report)
            self.assertEqual(result.returncode, 2, result)
            with open(report, encoding="utf-8") as f:
                self.assertEqual(f.read(), "earlier")
            result = self.status("--impl", adapter(), "--suite", str(SUITE), "--id", "side.*",
                                 "--json", report)
            self.assertEqual(result.returncode, 0, result)
            with open(report, encoding="utf-8") as f:
                self.assertEqual(json.load(f)["summary"]["failed"], 0)
            self.assertEqual(os.listdir(work), ["r.json"])

    def test_bad_options(self):
        impl = ["--impl", adapter(), "--suite", str(SUITE)]
        for arguments in (["--no-such-option"], [], ["--mode", "batch"], ["--timeout-ms", "x"],
                          ["--accept-spelling", "fischer"], ["--class", "optional"],
                          ["--jobs", "0"], ["--suite", "/nonexistent/suite"],
                          ["--skip-file", "/nonexistent/skip"], ["--inputs", "/nonexistent/in"],
                          ["--inputs", os.devnull, "--tag", "8x8"], ["--inputs", os.devnull, "--id", "x"]):
            with self.subTest(arguments=arguments):
                result = self.status(*(impl if arguments else []), *arguments)
                self.assertEqual(result.returncode, 2, result)


class SelfCertification(CertifyTestCase):
    """xfen's own implementations over the whole suite: every case passes, but those streaming
    cannot send."""

    def test_adapter_streaming(self):
        run = certify("--impl", adapter(), "--accept-spelling", ALL_SPELLINGS)
        expected = {i: "skipped" if unsendable(c) else "pass" for i, c in CASES.items()}
        self.assertEqual(sum(v == "skipped" for v in expected.values()), 7)
        self.check_run(run, expected, status=0, seconds=60)
        for case_id, verdict in expected.items():
            if verdict == "skipped":
                self.assertIn("per-case", run.case(case_id)["detail"])

    def test_adapter_streaming_two_jobs(self):
        run = certify("--impl", adapter(), "--jobs", "2")
        expected = self.suite_expectation(CASES, lambda c: "pass")
        self.check_run(run, expected, status=0, seconds=60)

    def test_canon_per_case(self):
        run = certify("--mode", "per-case", "--impl", shlex.join([XFEN, "canon", "--whole"]),
                      "--accept-spelling", ALL_SPELLINGS, "--jobs", "2")
        expected = {i: "pass" for i in CASES}
        self.check_run(run, expected, status=0, seconds=120)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    XFEN = os.path.abspath(sys.argv.pop(1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # the crashing stubs leave no core files
    unittest.main(verbosity=2)
