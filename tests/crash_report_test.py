#!/usr/bin/env python3
"""A crash names its input: the replay main and the property harness, made to crash on purpose.

replay_crash_target is fuzz/replay_main.cpp with a target that aborts, faults or (under a
sanitizer) reads past a heap block or recurses without end, chosen by the input's first word; property_crash_target is a
property that aborts on every 10-file position. Each dying run must name what it was doing (the
file replayed, the property tested) and show the input escaped, keep the sanitizer's own report,
and a passing replay must print nothing more than before.

Usage: crash_report_test.py REPLAY_TARGET PROPERTY_TARGET [--sanitizer]
"""
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import unittest

REPLAY = PROPERTY = ""
SANITIZER = "--sanitizer" in sys.argv


def run(command, env=None):
    # No core files from the crashes this test asks for.
    def no_core():
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))

    return subprocess.run(command, capture_output=True, env=env, preexec_fn=no_core, timeout=120)


class ReplayTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def write(self, name, data):
        path = os.path.join(self.folder.name, name)
        with open(path, "wb") as file:
            file.write(data)
        return path

    def replay(self):
        result = run([REPLAY, self.folder.name])
        return result, result.stderr.decode("utf-8", "replace")

    def test_a_passing_replay_prints_only_its_count(self):
        self.write("one", b"fine")
        self.write("two", b"also fine\n")
        result, stderr = self.replay()
        self.assertEqual(result.returncode, 0, stderr)
        self.assertEqual(stderr, "")
        self.assertEqual(result.stdout, b"replayed 2 inputs\n")

    def test_an_abort_names_the_file_and_shows_the_input_escaped(self):
        self.write("a-passes", b"fine")
        path = self.write("b-aborts", b'abort\x01"\\ \xff end\n')
        result, stderr = self.replay()
        self.assertEqual(result.returncode, -signal.SIGABRT, stderr)
        self.assertIn(f"*** fatal signal SIGABRT while replaying {path}\n"
                      f'*** input (15 bytes): "abort\\x01\\"\\\\ \\xff end\\x0a"\n', stderr)
        self.assertNotIn("a-passes", stderr)

    def test_a_long_input_is_shown_capped_with_its_size(self):
        data = b"abort" + b"x" * 1995
        self.write("long", data)
        _, stderr = self.replay()
        shown = data[:512].decode()
        self.assertIn(f'*** input (2000 bytes, the first 512 shown): "{shown}"\n', stderr)

    def assert_fault_named(self, name, data, sanitizer_error):
        path = self.write(name, data)
        result, stderr = self.replay()
        note = f"*** fatal signal SIGSEGV while replaying {path}\n"
        self.assertIn(note, stderr)
        if SANITIZER:
            self.assertRegex(stderr[stderr.index(note):], f"ERROR: AddressSanitizer: {sanitizer_error}")
            self.assertNotEqual(result.returncode, 0)
        else:
            self.assertEqual(result.returncode, -signal.SIGSEGV, stderr)

    def test_a_fault_names_the_file_and_keeps_the_sanitizer_report(self):
        self.assert_fault_named("faults", b"segv", "SEGV")

    def test_a_stack_overflow_names_the_file_and_keeps_the_sanitizer_report(self):
        # The handler must run on a stack of its own: the overflowed one has no room left.
        self.assert_fault_named("recurses", b"recurse", "stack-overflow")

    @unittest.skipUnless(SANITIZER, "needs an AddressSanitizer build")
    def test_a_read_past_the_input_is_caught(self):
        # The replay's copy of the file must end where the input ends, as libFuzzer's does: in a
        # larger buffer a target's off-by-one read goes unnoticed.
        path = self.write("peeks", b"peek past")  # 9 bytes: a vector grown byte by byte holds 16
        result, stderr = self.replay()
        self.assertNotEqual(result.returncode, 0, stderr)
        self.assertIn("ERROR: AddressSanitizer: heap-buffer-overflow", stderr)
        self.assertIn(f"*** sanitizer error (its report is above) while replaying {path}\n", stderr)

    @unittest.skipUnless(SANITIZER, "needs an AddressSanitizer build")
    def test_a_sanitizer_report_is_followed_by_the_file(self):
        path = self.write("overflows", b"overflow")
        result, stderr = self.replay()
        self.assertNotEqual(result.returncode, 0)
        report = stderr.index("ERROR: AddressSanitizer: heap-buffer-overflow")
        note = stderr.index(f"*** sanitizer error (its report is above) while replaying {path}\n"
                            f'*** input (8 bytes): "overflow"\n')
        self.assertLess(report, note)


class PropertyTest(unittest.TestCase):
    def test_a_crash_in_a_property_names_the_property_and_the_record(self):
        env = dict(os.environ, RC_PARAMS="seed=1 max_success=1000")
        result = run([PROPERTY], env)
        output = (result.stdout + result.stderr).decode("utf-8", "replace")
        self.assertEqual(result.returncode, -signal.SIGABRT, output)
        match = re.search(r"\*\*\* fatal signal SIGABRT while testing (\S+)\n"
                          r'\*\*\* record \((\d+) bytes\): "([^"]*)"\n', output)
        self.assertIsNotNone(match, output)
        self.assertTrue(match[1].endswith("aborts_on_ten_files"), match[1])
        record = match[3]
        self.assertEqual(int(match[2]), len(record))
        # The position it aborted on: every rank of its board is ten squares wide.
        ranks = record.split(" ")[0].split("/")
        self.assertEqual(len(ranks), 8, record)
        for rank in ranks:
            width = sum(int(c) if c.isdigit() else 1 for c in re.findall(r"10|\d|\D", rank))
            self.assertEqual(width, 10, record)


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--sanitizer"]
    if len(arguments) != 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    REPLAY, PROPERTY = arguments
    unittest.main(argv=[sys.argv[0]], verbosity=2)
