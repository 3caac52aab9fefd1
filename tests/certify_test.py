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
import datetime
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
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUITE = ROOT / "corpus" / "conformance"
STUBS = Path(__file__).resolve().parent / "certify_stubs"
XFEN = ""  # set from the command line

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


def not_graded(case: dict, mode: str = "stream") -> bool:
    """Whether certify skips the case without sending it (PROTOCOL.md): a record a line cannot
    carry, in stream mode. Every other case is graded, dialect cases too (in X-FEN's spelling, or
    in their own where --accept-spelling names it)."""
    return mode == "stream" and unsendable(case)


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
    """Runs `xfen certify ARGUMENTS --json F` (with --suite unless --inputs, --generate or --suite
    is given) and waits for it; then waits up to a second for the processes the stubs recorded
    to be gone."""
    with tempfile.TemporaryDirectory(prefix="certify-test-") as work:
        pids = os.path.join(work, "pids")
        os.mkdir(pids)
        json_path = os.path.join(work, "report.json")
        argv = [XFEN, "certify", *arguments, "--json", json_path]
        if not {"--inputs", "--generate", "--suite"} & set(arguments):
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
        self.check_failure_groups(run)

    def check_failure_groups(self, run: Run) -> None:
        """Failures sharing a verdict and a detail are one FAIL block, by their first case, then
        "and N more cases with this verdict and detail: IDS"."""
        groups = {}
        for c in run.report["cases"]:
            if c["verdict"] in FAILING:
                groups.setdefault((c["verdict"], c["detail"]), []).append(c["id"])
        lines = run.stdout.splitlines()
        fail_lines = [(n, line) for n, line in enumerate(lines) if line.startswith("FAIL ")]
        self.assertEqual(len(fail_lines), len(groups), run.describe())
        for ((verdict, _), ids), (n, line) in zip(groups.items(), fail_lines):
            self.assertTrue(line.startswith(f"FAIL {ids[0]} {verdict}:"), line)
            block_end = next((m for m in range(n + 1, len(lines)) if not lines[m]), len(lines))
            rest = [later for later in lines[n + 1:block_end] if later.startswith("  and ")]
            if len(ids) == 1:
                self.assertEqual(rest, [], line)
            else:
                self.assertEqual(len(rest), 1, line)
                self.assertTrue(rest[0].startswith(f"  and {len(ids) - 1} more case"), rest[0])
                self.assertIn(", ".join(ids[1:3]), rest[0])

    def suite_expectation(self, ids, rule, mode="stream") -> dict:
        """For the suite cases `ids`: skipped where certify does not send them, else rule(case)."""
        return {i: "skipped" if not_graded(CASES[i], mode) else rule(CASES[i]) for i in ids}


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
        # A restart per crash, but for a process that crashed with no record left to send it
        # (the records are dealt among the jobs, so each job can end on one).
        restarts = run.report["summary"]["restarts"]
        self.assertTrue(len(crashing) - int(jobs) <= restarts <= len(crashing), restarts)
        for case_id in crashing:
            case = run.case(case_id)
            self.assertRegex(case["detail"], "SIGSEGV|signal 11" if how == "segv" else r"\b3\b")
            self.assertIn("crash-stub: crashing on", json.dumps(case), "the stub's stderr is not shown")
        # One block for the crashes of one kind (same verdict, same detail), naming every case.
        first = min(crashing, key=list(CASES).index)
        self.assertIn(f"FAIL {first} crash:", run.stdout)
        for case_id in crashing - {first}:
            self.assertRegex(run.stdout, rf"\n  and \d+ more cases with this verdict and detail: [^\n]*\b{case_id}\b")

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
        run = certify("--impl", stub("exit_after.py", str(limit)), "--id", "side.*", "--jobs", "1",
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
        # Ends before answering anything, on its first start and on its restart: it cannot run.
        # Exit 2, no verdicts (they would all be crashes and not-run, a wall of false failures).
        run = certify("--impl", "echo 'cannot load model' >&2; exit 3", "--id", "side.*",
                      "--max-restarts", "3", "--timeout-ms", "5000")
        self.assertEqual(run.status, 2, run.describe())
        self.assertEqual(run.report["cases"], [])
        self.assertIn("exit status 3", run.report["summary"]["start_error"])
        self.assertEqual(run.report["summary"]["stderr"], "cannot load model\n")
        self.assertEqual(run.stdout, "")
        self.assertLess(run.seconds, 10)

    def test_echo(self):
        # Accepts everything and writes its input back. An input that is not the canonical record
        # is another spelling of the expected position when it is valid X-FEN, and no valid answer
        # at all when only a lenient reader takes it (answers are read strictly).
        always = dict(zip(*self.stream_inputs_answers("--ep", "always")))
        strict = dict(zip(*self.stream_inputs_answers()))

        def rule(c):
            if c["class"] == "invalid":
                return "accepted-invalid"
            # A case written in a style (every dialect case, and illegal positions written in
            # one) has its output in that style: X-FEN's own reading is the reference's.
            styled = c.get("castling", "xfen") != "xfen" or c.get("en_passant", "xfen") != "xfen"
            canonical = strict.get(c["input"], "")[3:] if styled else c.get("output")
            if c["input"] == canonical:
                return "pass"
            # An input cut to EPD or the board alone, its fields the expected ones: that layout.
            fields = c["input"].split(" ")
            if len(fields) in (1, 4) and (canonical or "").split(" ")[:len(fields)] == fields:
                return "non-canonical"
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
                if c["class"] == "dialect" and "write_error" in c and spellings_of(c) <= set(accepted):
                    return "pass"  # README: "write output, or refuse as write_error says"
                return "rejected-valid" if c["class"] in ("valid", "dialect") else "pass"
            if answer == canonical[c["id"]] or spelling in accepted:
                return "pass"
            return "non-canonical"

        return self.suite_expectation(CASES, rule)

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
        self.spelling_test(["--ep", "legal"], "ep-legal", "as ep-legal writes it, which is not declared")

    def test_en_passant_always(self):
        self.spelling_test(["--ep", "always"], "ep-always", "as ep-always writes it, which is not declared")

    def test_answers_in_a_shorter_layout(self):
        """EPD and board-only answers are graded on their fields and name their layout; only
        --accept-layout credits them, and then every report says so."""
        ids = group("side")
        for fields, layout, detail in ((4, "epd", "EPD (four fields, no clocks)"),
                                       (1, "board", "the board alone")):
            for credited in (False, True):
                with self.subTest(layout=layout, credited=credited):
                    arguments = ["--impl", stub("layout.py", str(fields)), "--id", "side.*"]
                    if credited:
                        arguments += ["--accept-layout", layout]
                    run = certify(*arguments)
                    self.assertIsNotNone(run.report, run.describe())
                    for case in run.report["cases"]:
                        if CASES[case["id"]]["class"] == "invalid":
                            self.assertEqual(case["verdict"], "pass", case)
                        elif case["answer"].startswith("ok "):
                            self.assertEqual(case["verdict"], "pass" if credited else "non-canonical", case)
                            self.assertIn(detail, case["detail"], case)
                    self.assertEqual(run.status, 0 if credited else 1, run.describe())
                    if credited:
                        self.assertIn(f"relaxed: --accept-layout {layout}: ", run.stdout)
                        self.assertEqual(run.report["implementation"]["accepted_layouts"], [layout])
                    self.assertEqual(sorted(c["id"] for c in run.report["cases"]), sorted(ids))

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
                      "--jobs", "1", "--timeout-ms", "1500", "--max-restarts", "20")
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
        # never gets to its time limit. Three processes time out on their first record (with no
        # start-up allowance: the first start's would add 20 s per job).
        record = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1" + " " * 30
        with tempfile.NamedTemporaryFile("w", suffix=".xfen", delete=False) as f:
            f.write((record + "\n") * 3000)
        try:
            run = certify("--impl", stub("deaf.py"), "--inputs", f.name, "--timeout-ms", "300",
                          "--startup-ms", "0", "--max-restarts", "2")
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
        # Its answers do not line up with the records: no verdict is kept, one protocol error says
        # why, and the run fails.
        self.assertIsNotNone(run.report, run.describe())
        summary = run.report["summary"]
        self.assertEqual({k: v for k, v in summary["verdicts"].items() if v}, {}, run.describe())
        self.assertEqual(run.report["cases"], [])
        self.assertGreaterEqual(summary["extra_answers"], 1, run.describe())
        self.assertIn("more than it was sent records", summary["protocol_error"])
        self.assertEqual(run.status, 1, "extra answers must fail the run\n" + run.describe())
        self.assertTrue(run.stdout.startswith("ERROR protocol-error: "), run.describe())
        self.assertEqual(run.leftovers, [])


class LeftoverCheck(CertifyTestCase):
    """The check for processes left behind can fail: a program that starts a process in a session
    of its own, out of certify's reach, is caught (and the test kills it)."""

    def test_escaped_process_is_found(self):
        # The adapter starts once the escaped process has its own session (field 6 of its stat,
        # the session id, is its pid): on a fast machine certify could answer every record and end
        # its process group while `setsid` had not yet run, and nothing would have escaped.
        impl = ('setsid sleep 30 </dev/null >/dev/null 2>&1 & '
                'while [ "$(cut -d" " -f6 /proc/$!/stat)" != "$!" ]; do sleep 0.01; done; '
                'cut -d" " -f22 /proc/$!/stat > "$XFEN_STUB_PIDS/$!"; exec ' + adapter())
        run = certify("--impl", impl, "--id", "side.*", "--timeout-ms", "5000", "--jobs", "1")
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
    @staticmethod
    def on_a_terminal(arguments):
        """Runs `arguments` with stderr a terminal: what it showed there, and the run."""
        controller, terminal = os.openpty()
        try:
            run = subprocess.run(arguments, stdout=subprocess.PIPE, stderr=terminal, timeout=60,
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
        return shown, run

    def test_progress_line_only_on_a_terminal(self):
        # stderr a terminal: a progress line, redrawn in place and cleared at the end; the report
        # on stdout (a pipe) is the same as ever.
        arguments = [XFEN, "certify", "--impl", adapter(), "--suite", str(SUITE), "--tag", "side"]
        shown, run = self.on_a_terminal(arguments)
        self.assertEqual(run.returncode, 0, run)
        self.assertRegex(shown, rb"\r\x1b\[Kxfen certify: \d+ of %d cases, " % len(with_tag("side")))
        self.assertTrue(shown.endswith(b"\r\x1b[K"), shown)
        self.assertNotIn(b"\x1b", run.stdout)
        # Not a terminal: nothing but the report.
        piped = subprocess.run(arguments, capture_output=True, timeout=30, check=False)
        self.assertEqual(piped.stderr, b"")
        self.assertEqual(piped.stdout.splitlines()[-1], run.stdout.splitlines()[-1])

    def test_progress_line_shows_the_rate_and_the_time_left(self):
        # Per case, a tenth of a second each: the line has a rate and a time left to show.
        impl = "sleep 0.1; exec " + shlex.join([XFEN, "canon", "--whole"])
        shown, run = self.on_a_terminal([XFEN, "certify", "--mode", "per-case", "--impl", impl,
                                         "--suite", str(SUITE), "--tag", "side", "--jobs", "2"])
        self.assertEqual(run.returncode, 0, run)
        self.assertRegex(shown, rb"xfen certify: \d+ of \d+ cases, [^\r]* \d+ cases/s, \d+ s left")

    def status(self, *arguments):
        return subprocess.run([XFEN, "certify", *arguments], capture_output=True, timeout=30,
                              check=False)

    def test_program_that_cannot_start(self):
        for impl in ("/nonexistent/program", "/nonexistent/program --option"):
            with self.subTest(impl=impl):
                self.check_cannot_run(impl, "nonexistent")

    def test_program_that_exits_before_any_answer(self):
        """python starts, cannot open the mistyped script, exits 2: on its first start and on
        its restart. One message with its stderr, exit 2, no wall of failures."""
        impl = shlex.join([sys.executable, "./impl.yp"])
        result = self.check_cannot_run(impl, "impl.yp")
        # One message; then its stderr, line by line, as it wrote it (no \x0a, no \x27).
        lines = result.stderr.decode().splitlines()
        self.assertTrue(lines[0].startswith("xfen: cannot run the implementation: the program ended "
                                            "before answering any record: exit status 2"), lines)
        self.assertEqual(lines[1], "  its standard error:")
        self.assertRegex(lines[2], r"^    \| .*can't open file '.*impl\.yp'")
        self.assertEqual(len(lines), 3, lines)

    def check_cannot_run(self, impl, quoted):
        """Exit 2, one message naming `quoted`, nothing on stdout, and every report requested
        written, saying why nothing ran (CI shows a failure, not "no test results")."""
        with tempfile.TemporaryDirectory() as work:
            reports = [os.path.join(work, name) for name in ("r.json", "r.xml", "r.html", "b.svg")]
            started = time.monotonic()
            result = self.status("--impl", impl, "--suite", str(SUITE), "--json", reports[0],
                                 "--junit", reports[1], "--html", reports[2], "--badge", reports[3])
            self.assertLess(time.monotonic() - started, 10, result)
            self.assertEqual(result.returncode, 2, result)
            self.assertEqual(result.stderr.count(b"xfen: cannot run the implementation: "), 1, result)
            self.assertIn(quoted.encode(), result.stderr)
            self.assertNotIn(b"\\x0a", result.stderr.lower())
            self.assertEqual(result.stdout, b"")
            with open(reports[0], encoding="utf-8") as f:
                report = json.load(f)
            summary = report["summary"]
            self.assertIn(quoted, summary["start_error"] + summary.get("stderr", ""))
            self.assertEqual(report["cases"], [])
            junit = ET.parse(reports[1]).getroot().find("testsuite")
            self.assertEqual(junit.get("errors"), "1")
            errored = junit.findall("testcase/error")
            self.assertEqual(len(errored), 1)
            self.assertIn(quoted, errored[0].text)
            with open(reports[2], encoding="utf-8") as f:
                self.assertIn(quoted, f.read())
            with open(reports[3], encoding="utf-8") as f:
                self.assertIn("no verdict", f.read())
        return result

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
        """A report file takes its target's place only when whole: a run that cannot start
        replaces an earlier report with one that says so, a run that ends replaces it, and no
        temporary file stays."""
        with tempfile.TemporaryDirectory() as work:
            report = os.path.join(work, "r.json")
            with open(report, "w", encoding="utf-8") as f:
                f.write("earlier")
            result = self.status("--impl", "/nonexistent/program", "--suite", str(SUITE),
                                 "--id", "side.*", "--json", report)
            self.assertEqual(result.returncode, 2, result)
            with open(report, encoding="utf-8") as f:
                self.assertIn("start_error", json.load(f)["summary"])
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
                          ["--inputs", os.devnull, "--tag", "8x8"], ["--inputs", os.devnull, "--id", "x"],
                          # Two spellings of one field: no writer spells a field two ways.
                          ["--accept-spelling", "ep-always,ep-legal"], ["--accept-spelling", "shredder,classic"],
                          ["--accept-spelling", "ep-legal", "--accept-spelling", "ep-always"]):
            with self.subTest(arguments=arguments):
                result = self.status(*(impl if arguments else []), *arguments)
                self.assertEqual(result.returncode, 2, result)


class DeclaredSpelling(CertifyTestCase):
    """A declared spelling is a contract, judged on each record (issue 40): an answer passes when it
    is the expected position written as the declared spelling writes it (X-FEN's where none is
    declared), whatever the run's other answers show; what they show is information."""

    def test_a_planted_ep_legal_bug_fails_exactly_the_records_it_breaks(self):
        # The stub writes ep-legal's spelling, but X-FEN's with Black to move (a pinned pawn
        # counts as able to capture).
        sendable = [c for c in CASES.values() if "\n" not in c["input"] and not c["input"].endswith("\r")]
        inputs = [c["input"] for c in sendable]
        legal = dict(zip(inputs, reference_answers(inputs, "--ep", "legal")))
        pinned_counts = dict(zip(inputs, reference_answers(inputs)))
        broken = {c["id"] for c in sendable
                  if c["input"].split(" ")[1:2] == ["b"] and legal[c["input"]] != pinned_counts[c["input"]]}
        self.assertTrue({"dialects.ep-legal-black-pinned", "en-passant.black-pinned-kept"} <= broken, broken)
        run = certify("--impl", stub("ep_legal_black_bug.py"), "--accept-spelling", "ep-legal")
        self.assertIsNotNone(run.report, run.describe())
        self.assertEqual(run.status, 1, run.describe())
        failed = {c["id"] for c in run.report["cases"] if c["verdict"] in FAILING}
        self.assertEqual(failed, broken, run.describe())
        for c in run.report["cases"]:
            if c["id"] in broken:
                self.assertEqual(c["verdict"], "non-canonical", c)
                self.assertRegex(c["detail"], r"^en passant: declared ep-legal drops [a-j][36] here", c)
        # What a declaration means is said in the reports.
        self.assertIn("relaxed: --accept-spelling ep-legal: declared: the en passant square only when a capture "
                      "is legal (R8.3)", run.stdout)
        self.assertIn("declared: ", run.report["summary"]["relaxations"][0])
        # The bug removed, every case passes.
        fixed = certify("--impl", stub("ep_legal_black_bug.py", "--fixed"), "--accept-spelling", "ep-legal")
        self.assertEqual(fixed.status, 0, fixed.describe())

    def test_without_a_declaration_each_answer_is_held_to_x_fen_and_a_spelling_is_suggested(self):
        run = certify("--impl", stub("spelling.py", "--ep", "legal"), "--tag", "en-passant")
        self.assertEqual(run.status, 1, run.describe())
        failing = [c for c in run.report["cases"] if c["verdict"] in FAILING]
        self.assertTrue(failing, run.describe())
        for c in failing:
            self.assertEqual(c["verdict"], "non-canonical", c)
            self.assertTrue(c["detail"].startswith("en passant: X-FEN writes "), c)
            self.assertIn("as ep-legal writes it, which is not declared", c["detail"], c)
        suggestion = run.report["summary"]["spelling_used"]["suggestion"]
        self.assertRegex(suggestion, r"^\d+ of \d+ answers that tell the spellings apart match ep-legal: "
                                     r"declare it with --accept-spelling ep-legal")
        self.assertIn("spelling to declare: " + suggestion, run.stdout)

    def test_a_program_that_never_writes_the_en_passant_square_fails_where_a_capture_is_legal(self):
        for accepted in ((), ("--accept-spelling", "ep-legal")):
            with self.subTest(accepted=accepted):
                run = certify("--impl", stub("no_en_passant.py"), "--tag", "en-passant", *accepted)
                self.assertIsNotNone(run.report, run.describe())
                self.assertEqual(run.status, 1, run.describe())
                cases = run.report["cases"]
                # Where no capture is legal, dropping the square is ep-legal's writing: a pass where
                # it is declared, a failure naming it where not.
                pinned = [c for c in cases if "ep-pinned" in CASES[c["id"]]["tags"]
                          and CASES[c["id"]]["class"] != "invalid" and c["answer"] is not None
                          and c["answer"].startswith("ok ") and c["answer"].split(" ")[4] == "-"
                          and c["verdict"] != "wrong-position"]
                self.assertTrue(pinned, run.describe())
                for c in pinned:
                    if accepted:
                        self.assertEqual(c["verdict"], "pass", c)
                    else:
                        self.assertEqual(c["verdict"], "non-canonical", c)
                        self.assertIn("as ep-legal writes it, which is not declared", c["detail"], c)
                # Where a capture is legal, the square it drops is another position.
                self.assertTrue(any(c["verdict"] == "wrong-position" and "en passant: expected" in c["detail"]
                                    for c in cases), run.describe())
                used = run.report["summary"]["spelling_used"]["en_passant"]
                self.assertIsNone(used["spelling"])
                self.assertGreater(used["answers"], used["agreeing"]["legal"])
                self.assertIn("en passant square: no one spelling", run.stdout)

    def test_memory_does_not_grow_with_an_inputs_file_in_any_spelling(self):
        """Beyond the cases a report lists, answers are only counted, declared or not, so memory
        does not grow with an --inputs file."""
        # Under AddressSanitizer, freed memory waits in a quarantine (256 MiB by default) that
        # grows with the work done, not with what certify holds: without one, the growth measured
        # is certify's own. Other builds ignore the variable.
        previous = os.environ.get("ASAN_OPTIONS")
        os.environ["ASAN_OPTIONS"] = (previous + ":" if previous else "") + "quarantine_size_mb=0"
        self.addCleanup(lambda: os.environ.__setitem__("ASAN_OPTIONS", previous) if previous is not None
                        else os.environ.pop("ASAN_OPTIONS", None))
        corpus = ROOT / "corpus" / "positions" / "mixed.xfen"
        with open(corpus, "rb") as f:
            records = sum(1 for _ in f)
        runs = {}
        # The credited runs first, whose reports list nothing: a child's peak memory counts the
        # pages of this process it was forked from, which a parsed report of 10,000 failures grows.
        for accepted in (("--accept-spelling", "shredder"), ()):
            for copies in (2, 8):
                with tempfile.NamedTemporaryFile("w", suffix=".xfen", delete=False) as f:
                    subprocess.run(["sh", "-c", f'for i in $(seq {copies}); do cat "$1"; done', "sh", str(corpus)],
                                   stdout=f, check=True)
                try:
                    run = certify("--impl", stub("spelling.py", "--castling", "shredder"), "--inputs", f.name,
                                  *accepted, limit=120)
                finally:
                    os.unlink(f.name)
                self.assertIsNotNone(run.report, run.describe())
                runs[copies, accepted] = (run.report["summary"], run.max_rss_kib)
                run.report = None
                summary = runs[copies, accepted][0]
                self.assertEqual(summary["passed"] + summary["failed"], records * copies)
                if accepted:
                    self.assertEqual(summary["failed"], 0)
        credited = ("--accept-spelling", "shredder")
        grown = runs[8, credited][1] - runs[2, credited][1]
        self.assertLess(grown, 4 * 1024, f"{grown} KiB more for four times the records: "
                                         f"{runs[2, credited][1]} then {runs[8, credited][1]}")
        # Shredder letters where X-FEN writes others, not declared: the same share of failures at
        # any length, most of them only counted.
        small, large = runs[2, ()][0], runs[8, ()][0]
        self.assertGreater(small["failed"], 10_000)
        self.assertEqual(large["failed"], 4 * small["failed"])
        self.assertEqual(large["verdicts"]["non-canonical"], large["failed"])

    def test_a_consistent_spelling_is_reported_and_credited(self):
        run = certify("--impl", stub("spelling.py", "--ep", "legal", "--castling", "shredder"),
                      "--accept-spelling", "ep-legal,shredder")
        self.assertEqual(run.status, 0, run.describe())
        summary = run.report["summary"]["spelling_used"]
        self.assertEqual(summary["castling"]["spelling"], "shredder")
        self.assertEqual(summary["en_passant"]["spelling"], "legal")
        self.assertIn("spelling used: Shredder castling letters (all ", run.stdout)
        self.assertIn("en passant square only when a capture is legal (all ", run.stdout)


MANIFEST = json.loads((SUITE / "manifest.json").read_text(encoding="utf-8"))
CAPABILITIES = MANIFEST["capabilities"]
SUITE_VERSION = MANIFEST["version"]


class Capabilities(CertifyTestCase):
    """Programs play different games (issue 23, finding 3): a program declares the suite's
    capability tags it plays, and the cases needing another are not-applicable, counted apart."""

    def test_a_standard_chess_program_fails_cases_of_games_it_does_not_play(self):
        # What a user met: --tag 8x8 does not keep an 8x8-only program from the capablanca case.
        run = certify("--impl", stub("standard_chess.py"), "--tag", "8x8")
        self.assertEqual(run.status, 1, run.describe())
        self.assertEqual(run.case("board.capablanca-pieces-8x8")["verdict"], "rejected-valid")

    def test_declared_capabilities_make_the_other_cases_not_applicable(self):
        run = certify("--impl", stub("standard_chess.py"), "--supports", "8x8")
        outside = {i for i, c in CASES.items()
                   if any(t in CAPABILITIES and t != "8x8" for t in c["tags"])}
        expected = {i: "not-applicable" if i in outside else "skipped" if not_graded(c, "stream") else "pass"
                    for i, c in CASES.items()}
        self.assertIsNotNone(run.report, run.describe())
        wrong = {i: (expected[i], v) for i, v in run.verdicts().items() if expected[i] != v}
        self.assertEqual(wrong, {}, run.describe())
        summary = run.report["summary"]
        self.assertEqual(summary["not_applicable"], len(outside))
        self.assertEqual(summary["verdicts"]["not-applicable"], len(outside))
        self.assertEqual(summary["failed"], 0)
        self.assertEqual(summary["passed"] + summary["skipped"] + len(outside), len(CASES))
        by_class = summary["by_class"]
        self.assertEqual(sum(t["not_applicable"] for t in by_class.values()), len(outside))
        self.assertEqual(run.report["implementation"]["capabilities"], ["8x8"])
        self.assertIn("board.capablanca-pieces-8x8", outside)
        self.assertIn("needs capablanca", run.case("board.capablanca-pieces-8x8")["detail"])
        # Neither a pass nor a failure: a statement about what it declares, counted apart.
        self.assertEqual(run.status, 0, run.describe())
        self.assertIn(f"for --supports 8x8, strict: {summary['passed']} of {len(CASES)} cases graded, "
                      f"{len(outside)} not applicable", run.stdout)
        self.assertIn(f"{summary['passed']} passed, 0 failed, {summary['skipped']} skipped, "
                      f"{len(outside)} not applicable", run.stdout.splitlines()[-1])
        self.assertIn(f"supports: 8x8 (declared: {len(outside)} cases need another capability", run.stdout)

    def test_supports_names_only_the_suites_capabilities(self):
        for value, message in (("chesss960", "did you mean 'chess960'?"), ("castling", "is not a capability")):
            with self.subTest(value=value):
                run = subprocess.run([XFEN, "certify", "--impl", adapter(), "--suite", str(SUITE),
                                      "--supports", value], capture_output=True, text=True, timeout=60)
                self.assertEqual(run.returncode, 2, run.stderr)
                self.assertIn(message, run.stderr)
                self.assertIn("the capabilities are " + ", ".join(CAPABILITIES), run.stderr)


class Gate(CertifyTestCase):
    """certify as a CI gate: never green on nothing, every relaxation stated, reports that carry
    the rule, the habits CI users expect (issue 22's findings, each its test)."""

    def run_text(self, *arguments, stdin=b""):
        return subprocess.run([XFEN, "certify", *arguments], capture_output=True, timeout=120,
                              check=False, input=stdin)

    def test_a_selection_of_nothing_is_a_usage_error(self):
        for arguments, expected in (
                (["--tag", "10X8"], "no case has the tag '10X8'; did you mean '10x8'?"),
                (["--id", "castling.spec-exmaple*"], "no case id matches 'castling.spec-exmaple*'; did you mean"),
                (["--tag", "10x8", "--tag", "8x8"], "no case matches all of --tag 10x8 --tag 8x8")):
            with self.subTest(arguments=arguments):
                result = self.run_text("--impl", adapter(), "--suite", str(SUITE), *arguments)
                self.assertEqual(result.returncode, 2, result)
                self.assertIn(expected, result.stderr.decode())
                self.assertEqual(result.stdout, b"")
        result = self.run_text("--impl", adapter(), "--suite", str(SUITE), "--tag", "10X8")
        self.assertIn("(the tags are '10x8', '8x8'", result.stderr.decode())

    def test_a_skip_file_that_names_no_case_is_an_error(self):
        with tempfile.NamedTemporaryFile("w", suffix=".skip", delete=False) as f:
            f.write("# known failures\ncastling.spec-exmaple-BGbg\ncastling.*-10x8\nnothing.*\n")
        try:
            result = self.run_text("--impl", adapter(), "--suite", str(SUITE), "--skip-file", f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(result.returncode, 2, result)
        errors = result.stderr.decode().splitlines()
        self.assertEqual(len(errors), 2, errors)
        self.assertTrue(errors[0].startswith(f"xfen: {f.name}:2: 'castling.spec-exmaple-BGbg' names no "
                                             "case of the suite; did you mean 'castling.spec-example-BGbg'"),
                        errors[0])
        self.assertEqual(errors[1], f"xfen: {f.name}:4: 'nothing.*' matches no case of the suite")

    def test_a_banner_line_gives_one_protocol_error(self):
        impl = "echo 'MyEngine 1.0 by someone'; exec " + adapter()
        run = certify("--impl", impl, "--tag", "castling", "--jobs", "1")
        self.assertEqual(run.status, 1, run.describe())
        self.assertEqual(run.report["cases"], [])
        self.assertEqual(run.report["summary"]["first_lines"][0]["line"], "MyEngine 1.0 by someone")
        self.assertTrue(run.stdout.startswith("ERROR protocol-error: the program wrote 1 answer line more "
                                              "than it was sent records"), run.describe())
        self.assertIn("    | MyEngine 1.0 by someone\n", run.stdout)
        self.assertNotIn("\nFAIL ", run.stdout)

    def test_relaxations_and_selections_are_stated_in_every_report(self):
        with tempfile.TemporaryDirectory() as work:
            junit, html, badge = (os.path.join(work, n) for n in ("r.xml", "r.html", "b.json"))
            run = certify("--impl", adapter("--ep", "always"), "--accept-spelling", "ep-always",
                          "--tag", "en-passant", "--junit", junit, "--html", html,
                          "--badge-endpoint", badge)
            self.assertEqual(run.status, 0, run.describe())
            self.assertIn("relaxed: --accept-spelling ep-always: ", run.stdout)
            self.assertIn("selection: --tag en-passant (", run.stdout)
            summary = run.report["summary"]
            self.assertIsNone(summary["conformance_statement"])
            self.assertEqual(summary["selection"], ["--tag en-passant"])
            self.assertTrue(summary["relaxations"][0].startswith("--accept-spelling ep-always"))
            properties = {(p.get("name"), p.get("value"))
                          for p in ET.parse(junit).getroot().iter("property")}
            self.assertIn(("selection", "--tag en-passant"), properties)
            self.assertIn(("relaxation", summary["relaxations"][0]), properties)
            with open(html, encoding="utf-8") as f:
                page = f.read()
            self.assertIn("relaxed: " + summary["relaxations"][0], page)
            self.assertIn("selection: <code>--tag en-passant</code>", page)
            with open(badge, encoding="utf-8") as f:
                endpoint = json.load(f)
            documents = {"text": run.stdout, "json": json.dumps(run.report["summary"]), "html": page,
                         "badge": json.dumps(endpoint),
                         "junit": json.dumps(sorted(properties))}
            for name, document in documents.items():
                self.assertNotIn("conforms", document, name)
                self.assertNotIn("strict", document, name)
            self.assertIn("relaxed: ep-always", endpoint["message"])

    def test_failures_of_one_verdict_and_detail_are_one_block(self):
        # Crashes on the records with inner and outer rooks on the a-side: after two restarts,
        # the rest are not run.
        run = certify("--impl", stub("crash.py", "/RR"), "--tag", "castling", "--max-restarts", "2",
                      "--timeout-ms", "5000")
        self.assertEqual(run.status, 1, run.describe())
        not_run = [c["id"] for c in run.report["cases"] if c["verdict"] == "not-run"]
        self.assertGreater(len(not_run), 50)
        self.assertEqual(run.stdout.count(" not-run: "), 1, run.describe())
        self.assertIn(f"  and {len(not_run) - 1} more cases with this verdict and detail: "
                      f"{not_run[1]}, {not_run[2]}", run.stdout)
        self.check_summary(run)

    def test_reports_carry_the_rule_and_the_time_of_each_case(self):
        with tempfile.TemporaryDirectory() as work:
            junit = os.path.join(work, "r.xml")
            run = certify("--impl", stub("echo.py"), "--id", "counters.*", "--junit", junit,
                          "--timeout-ms", "5000")
            case = run.case("counters.halfmove-minus")
            self.assertEqual(case["verdict"], "accepted-invalid")
            self.assertTrue(case["rule"].startswith("must be rejected: "), case)
            testcases = ET.parse(junit).getroot().iter("testcase")
            failure = next(t for t in testcases if t.get("name") == "counters.halfmove-minus").find("failure")
            self.assertIn("\nrule: must be rejected: ", failure.text)
            times = [float(t.get("time")) for t in ET.parse(junit).getroot().iter("testcase")]
            self.assertTrue(all(t >= 0 for t in times))
            self.assertGreater(sum(times), 0)
            self.assertTrue(any(c["seconds"] > 0 for c in run.report["cases"]))

    def test_reports_say_the_version_and_when_the_run_started(self):
        # What a matrix of runs (certify matrix) needs to say what was run when.
        before = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        run = certify("--impl", stub("echo.py"), "--id", "side.*", "--impl-version", "1.2 (npm)")
        after = datetime.datetime.now(datetime.timezone.utc)
        self.assertEqual(run.report["implementation"]["version"], "1.2 (npm)")
        self.assertIn(" version 1.2 (npm), stream mode, ", run.stdout)
        self.assertRegex(run.report["date"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        started = datetime.datetime.fromisoformat(run.report["date"].replace("Z", "+00:00"))
        self.assertTrue(before <= started <= after, (before, started, after))
        without = certify("--impl", stub("echo.py"), "--id", "side.*")
        self.assertIsNone(without.report["implementation"]["version"])

    def test_ids_repeat_and_failed_cases_rerun(self):
        run = certify("--impl", stub("echo.py"), "--id", "side.*", "--id", "counters.*",
                      "--timeout-ms", "5000")
        self.assertEqual(set(run.verdicts()), set(group("side") + group("counters")))
        failed = [c["id"] for c in run.report["cases"] if c["verdict"] in FAILING]
        self.assertTrue(failed)
        with tempfile.TemporaryDirectory() as work:
            old = os.path.join(work, "old.json")
            with open(old, "w", encoding="utf-8") as f:
                json.dump(run.report, f)
            rerun = certify("--impl", adapter(), "--rerun-failed", old)
            self.assertEqual(list(rerun.verdicts()), failed)
            self.assertEqual(set(rerun.verdicts().values()), {"pass"})
            self.assertEqual(rerun.status, 0, rerun.describe())
            self.assertIn(f"selection: --rerun-failed {old} ({len(failed)} of 766 cases)", rerun.stdout)

    def test_each_class_is_counted_apart_in_every_report(self):
        """A program that rejects everything passes every invalid case: its total says little. Each
        report gives the classes apart (issue 23: HoiChess out-scored the libraries so)."""
        impl = "while read -r line; do echo error no; done"
        with tempfile.TemporaryDirectory() as work:
            junit = os.path.join(work, "r.xml")
            run = certify("--impl", impl, "--junit", junit, "--jobs", "1")
            counts = {}
            for case in CASES.values():
                if not unsendable(case):
                    counts.setdefault(case["class"], 0)
                    counts[case["class"]] += 1
            by_class = run.report["summary"]["by_class"]
            self.assertEqual(by_class["valid"], {"passed": 0, "failed": counts["valid"], "skipped": 0,
                                                 "not_applicable": 0})
            self.assertEqual(by_class["invalid"]["passed"], counts["invalid"])
            self.assertRegex(run.stdout, rf"\nvalid \(must be accepted\): 0 of {counts['valid']} passed; "
                             rf"invalid \(must be rejected\): {counts['invalid']} of {counts['invalid']} "
                             rf"passed(, \d+ skipped)?; ")
            properties = {p.get("name"): p.get("value") for p in ET.parse(junit).getroot().iter("property")}
            self.assertEqual(properties["class valid"], f"0 of {counts['valid']} passed")

    def test_jobs_default_to_the_number_of_cores(self):
        result = subprocess.run([XFEN, "certify", "--help"], capture_output=True, timeout=30, check=False)
        self.assertRegex(result.stdout.decode(), rf"--jobs UINT:[^\n]*={os.cpu_count()}\n")


class SelfCertification(CertifyTestCase):
    """xfen's own implementations over the whole suite: every case passes, but those streaming
    cannot send."""

    def test_adapter_streaming(self):
        # Strict: every case graded (dialect cases in X-FEN's spelling) but the 7 a line cannot
        # carry, and the conformance statement says so.
        run = certify("--impl", adapter())
        expected = {i: "skipped" if unsendable(c) else "pass" for i, c in CASES.items()}
        self.assertEqual(sum(v == "skipped" for v in expected.values()), 7)
        self.check_run(run, expected, status=0, seconds=60)
        for case_id, verdict in expected.items():
            if verdict == "skipped":
                self.assertIn("per-case", run.case(case_id)["detail"])
        statement = (f"conforms to the X-FEN conformance suite {SUITE_VERSION}, strict: 759 of 766 cases graded, "
                     "7 need per-case mode")
        self.assertIn("\n" + statement + "\n", run.stdout)
        self.assertEqual(run.report["summary"]["conformance_statement"], statement)
        self.assertEqual(run.report["summary"]["dialect_graded"], 63)

    def test_adapter_with_per_case_command_conforms_on_every_case(self):
        with tempfile.TemporaryDirectory() as work:
            badge, endpoint = os.path.join(work, "b.svg"), os.path.join(work, "b.json")
            run = certify("--impl", adapter(), "--per-case-impl", shlex.join([XFEN, "canon", "--whole"]),
                          "--badge", badge, "--badge-endpoint", endpoint)
            self.check_run(run, {i: "pass" for i in CASES}, status=0, seconds=60)
            statement = f"conforms to the X-FEN conformance suite {SUITE_VERSION}, strict: 766 of 766 cases graded"
            self.assertIn("\n" + statement + "\n", run.stdout)
            with open(endpoint, encoding="utf-8") as f:
                self.assertEqual(json.load(f), {"schemaVersion": 1, "label": f"X-FEN suite {SUITE_VERSION}",
                                                "message": "strict", "color": "4c1"})
            with open(badge, encoding="utf-8") as f:
                svg = f.read()
            self.assertIn(">strict</text>", svg)
            ET.fromstring(svg)  # well-formed
            # The same run relaxed is not called conforming or strict anywhere.
            relaxed = certify("--impl", adapter("--ep", "always"),
                              "--per-case-impl", shlex.join([XFEN, "canon", "--whole", "--ep", "always"]),
                              "--accept-spelling", "ep-always", "--badge", badge)
            self.assertEqual(relaxed.status, 0, relaxed.describe())
            with open(badge, encoding="utf-8") as f:
                svg = f.read()
            # (Case rules may say "strict reader": the run's own claims are what must not.)
            for document in (relaxed.stdout, json.dumps(relaxed.report["summary"]), svg):
                self.assertNotIn("conforms", document)
                self.assertNotIn("strict", document)

    def test_adapter_streaming_two_jobs(self):
        run = certify("--impl", adapter(), "--jobs", "2")
        expected = self.suite_expectation(CASES, lambda c: "pass")
        self.check_run(run, expected, status=0, seconds=60)

    def test_canon_per_case(self):
        # In a declared spelling of both fields: every case passes, held to it on its own record.
        run = certify("--mode", "per-case",
                      "--impl", shlex.join([XFEN, "canon", "--whole", "--castling", "shredder", "--ep", "legal"]),
                      "--accept-spelling", "shredder,ep-legal", "--jobs", "2")
        expected = {i: "pass" for i in CASES}
        self.check_run(run, expected, status=0, seconds=120)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    XFEN = os.path.abspath(sys.argv.pop(1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # the crashing stubs leave no core files
    unittest.main(verbosity=2)
