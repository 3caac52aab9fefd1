#!/usr/bin/env python3
"""`xfen pgn canon` on real files: the output is the input with each FEN tag's value replaced by its
canonical record and every other byte as it was (the expected bytes are built here, from records
whose canonical forms are written out by hand, not computed by xfen); the diagnostics and where
they point; the summary line and the exit statuses; `-o FILE` and `--in-place` through temporary
files (permissions, refusals, no leftovers, no partial result when an input cannot be read); a
20 MB collection in bounded memory; FEN tags across the command's 256 KiB reads.

Usage: pgn_canon_test.py path/to/xfen SOURCE_DIR [unittest arguments]
"""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import time
import unittest

XFEN = ""  # set from the command line
READ_SIZE = 256 * 1024  # what the command asks of each read(2)

BOM = b"\xef\xbb\xbf"
# Records and their canonical X-FEN (as the specification writes them).
SHREDDER_960 = b"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1"
CANON_960 = b"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1"
SHREDDER_START = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
START = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
CAPABLANCA = b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w JAja - 0 1"
CANON_CAPABLANCA = b"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"
IDLE_EP = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"  # no pawn to take e3
CANON_IDLE_EP = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
LIVE_EP = b"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"  # d4 takes e3: kept
BAD_CHAR = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"


class Pgn:
    """A PGN text and the text the command must make of it, built side by side."""

    def __init__(self):
        self.input = b""
        self.expected = b""

    def text(self, data: bytes) -> "Pgn":
        self.input += data
        self.expected += data
        return self

    def fen(self, before: bytes, after: bytes = None) -> "Pgn":
        self.input += before
        self.expected += before if after is None else after
        return self


def clean_collection() -> Pgn:
    """Every FEN readable: a BOM, CRLF, escapes in other tags, a FEN tag inside a comment, and a
    Crazyhouse game whose FEN is left alone."""
    return (Pgn()
            .text(BOM + b'[Event "A \\"quoted\\" event in C:\\\\games"]\r\n[Site "?"]\r\n')
            .text(b'[Variant "Chess960"]\r\n[SetUp "1"]\r\n[FEN "').fen(SHREDDER_960, CANON_960)
            .text(b'"]\r\n\r\n1. e4 {not a tag: [FEN "').fen(SHREDDER_START)
            .text(b'"]} e5 ; nor this [FEN "').fen(SHREDDER_START).text(b'"]\r\n2. Nf3 1-0\r\n\r\n')
            .text(b'[Variant "Capablanca"]\r\n[SetUp "1"]\r\n[FEN "').fen(CAPABLANCA, CANON_CAPABLANCA)
            .text(b'"]\r\n\r\n*\r\n\r\n')
            .text(b'[SetUp "1"] [FEN "').fen(IDLE_EP, CANON_IDLE_EP).text(b'"]\r\n\r\n1... d5 0-1\r\n\r\n')
            .text(b'[FEN "').fen(LIVE_EP).text(b'"]\r\n\r\n*\r\n\r\n')
            .text(b'[Variant "Crazyhouse"]\r\n[FEN "').fen(SHREDDER_START).text(b'"]\r\n\r\n*\r\n'))


CLEAN_SUMMARY = ("read 5 FEN tags in 1 file: 1 canonical, 3 rewritten, 0 unreadable (left as they "
                 "were), 1 of another variant")


def with_unreadable_fen() -> Pgn:
    """One FEN that is not X-FEN ('X' on the board), between two that are rewritten."""
    return (Pgn()
            .text(b'[Event "one"]\n[FEN "').fen(SHREDDER_START, START).text(b'"]\n\n*\n\n')
            .text(b'[Event "two"]\n[SetUp "1"]\n[FEN  "').fen(BAD_CHAR).text(b'"]\n\n*\n\n')
            .text(b'[Event "three"]\n[FEN "').fen(SHREDDER_960, CANON_960).text(b'"]\n\n*\n'))


def position_of(data: bytes, offset: int) -> tuple:
    """(line, column) of the byte at `offset`, a BOM at the start not counted in columns."""
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    column = offset - start + 1
    if start == 0 and data.startswith(BOM):
        column -= len(BOM)
    return line, column


def run(*arguments, stdin: bytes = b"", cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([XFEN, "pgn", "canon", *arguments], input=stdin, capture_output=True,
                          timeout=120, cwd=cwd, check=False)


def run_measured(*arguments, stdout=subprocess.DEVNULL) -> tuple:
    """Runs `xfen pgn canon ARGUMENTS` under /usr/bin/time; its exit status, stderr and maximum
    resident set (KiB). Not os.wait4 on a child of this process: until it execs, the child counts
    the pages it shares with this one, which holds the 20 MB collections."""
    with tempfile.TemporaryDirectory() as work:
        figure = os.path.join(work, "rss")
        with open(os.path.join(work, "err"), "w+b") as err:
            status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", figure, XFEN, "pgn", "canon",
                                     *arguments], stdin=subprocess.DEVNULL, stdout=stdout,
                                    stderr=err, timeout=300, check=False).returncode
            err.seek(0)
            errors = err.read().decode("utf-8", "replace")
        with open(figure, encoding="ascii") as f:
            max_rss = int(f.read().split()[-1])
        return status, errors, max_rss


# A coverage build writes a profile when the command exits: a file-size limit would cut it (a
# corrupt profile breaks the whole coverage report), and as nobody it could not be written.
INSTRUMENTED = "LLVM_PROFILE_FILE" in os.environ


def skip_if_instrumented(why: str):
    if INSTRUMENTED:
        raise unittest.SkipTest(f"coverage build: {why}")


def run_with_file_size_limit(limit: int, *arguments, cwd=None) -> subprocess.CompletedProcess:
    """`xfen pgn canon ARGUMENTS` unable to make a regular file larger than `limit` bytes: a write
    past it fails with EFBIG (SIGXFSZ ignored), as on a full disk."""
    skip_if_instrumented("a file-size limit would cut the command's coverage profile")
    import resource
    import signal

    def limit_file_size():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # ignored signals stay ignored across exec
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run([XFEN, "pgn", "canon", *arguments], stdin=subprocess.DEVNULL,
                          capture_output=True, timeout=120, cwd=cwd, preexec_fn=limit_file_size,
                          check=False)


def describe(result: subprocess.CompletedProcess) -> str:
    return (f"exit status {result.returncode}\n--- stderr:\n"
            f"{result.stderr.decode('utf-8', 'replace')[-3000:]}")


class CanonTestCase(unittest.TestCase):
    maxDiff = None

    def setUp(self):
        self.directory = tempfile.TemporaryDirectory(prefix="pgn-canon-test-")
        self.work = self.directory.name

    def tearDown(self):
        self.directory.cleanup()

    def path(self, name: str) -> str:
        return os.path.join(self.work, name)

    def write(self, name: str, data: bytes, mode: int = None) -> str:
        path = self.path(name)
        with open(path, "wb") as f:
            f.write(data)
        if mode is not None:
            os.chmod(path, mode)
        return path

    def read(self, name: str) -> bytes:
        with open(self.path(name), "rb") as f:
            return f.read()

    def assert_no_temporary_files(self, expected_names):
        self.assertEqual(sorted(os.listdir(self.work)), sorted(expected_names),
                         "a temporary file was left behind (or a file is missing)")

    def assert_identical(self, actual: bytes, expected: bytes):
        """Byte for byte, with the first difference shown when they differ."""
        if actual == expected:
            return
        at = next((i for i, (a, b) in enumerate(zip(actual, expected)) if a != b),
                  min(len(actual), len(expected)))
        self.fail(f"the output differs from the expected bytes at offset {at} (sizes "
                  f"{len(actual)} and {len(expected)}):\n  got      {actual[max(0, at - 40):at + 40]!r}\n"
                  f"  expected {expected[max(0, at - 40):at + 40]!r}")


class Output(CanonTestCase):
    """What goes to standard output and standard error."""

    def test_fens_rewritten_every_other_byte_as_it_was(self):
        pgn = clean_collection()
        result = run(self.write("clean.pgn", pgn.input))
        self.assertEqual(result.returncode, 0, describe(result))
        self.assert_identical(result.stdout, pgn.expected)
        self.assertTrue(result.stdout.startswith(BOM))
        self.assertEqual(result.stdout.count(b"\r\n"), pgn.input.count(b"\r\n"))
        self.assertIn(b'[Event "A \\"quoted\\" event in C:\\\\games"]\r\n', result.stdout)
        self.assertEqual(result.stderr.decode(), CLEAN_SUMMARY + "\n")

    def test_standard_input(self):
        pgn = clean_collection()
        result = run(stdin=pgn.input)
        self.assertEqual(result.returncode, 0, describe(result))
        self.assert_identical(result.stdout, pgn.expected)
        result = run("-", stdin=pgn.input)
        self.assert_identical(result.stdout, pgn.expected)

    def test_an_unreadable_fen_is_left_as_it_was_and_reported(self):
        pgn = with_unreadable_fen()
        name = self.write("bad.pgn", pgn.input)
        result = run(name)
        self.assertEqual(result.returncode, 1, describe(result))
        self.assert_identical(result.stdout, pgn.expected)
        self.assertIn(BAD_CHAR, result.stdout)
        x = pgn.input.index(BAD_CHAR) + BAD_CHAR.index(b"X")
        line, column = position_of(pgn.input, x)
        self.assertEqual((line, column), (8, 50))  # the arithmetic itself, checked once by hand
        lines = result.stderr.decode().splitlines()
        self.assertEqual(lines[0], f"{name}:{line}:{column}: error[board.bad-char]: game 2: FEN tag: "
                                   "'X' is not a piece letter (KQRBNPAC, kqrbnpac), an empty-square "
                                   "count or '/'")
        self.assertEqual(lines[1:], ["read 3 FEN tags in 1 file: 0 canonical, 2 rewritten, "
                                     "1 unreadable (left as it was), 0 of other variants"])

    def test_diagnostics_as_json_lines(self):
        pgn = with_unreadable_fen()
        name = self.write("bad.pgn", pgn.input)
        result = run("--json", name)
        self.assertEqual(result.returncode, 1, describe(result))
        self.assert_identical(result.stdout, pgn.expected)
        objects = [json.loads(line) for line in result.stderr.decode().splitlines()]
        x = pgn.input.index(BAD_CHAR) + BAD_CHAR.index(b"X")
        line, column = position_of(pgn.input, x)
        self.assertEqual(len(objects), 1, "JSON Lines only, no summary line")
        self.assertEqual({k: objects[0][k] for k in ("file", "line", "column", "offset", "game",
                                                     "severity", "code", "field")},
                         {"file": name, "line": line, "column": column, "offset": x, "game": 2,
                          "severity": "error", "code": "board.bad-char", "field": "board"})

    def test_quiet(self):
        pgn = clean_collection()
        result = run("-q", self.write("clean.pgn", pgn.input))
        self.assertEqual((result.returncode, result.stderr), (0, b""))
        self.assert_identical(result.stdout, pgn.expected)

    def test_crlf_bom_broken_tags_and_an_open_comment_copied(self):
        # (A string's line break followed by a line that is not a tag pair would go on with the
        # string, as a FEN wrapped over lines: see tag_reader.cpp.)
        pgn = (Pgn().text(BOM + b'[Site "a line break\r\n[FEN "').fen(SHREDDER_START, START)
               .text(b'"]\r\n[Bad tag]\r\n[Name "no end\r\n[Round "1"]\r\n\r\n'
                     b'1. e4 { never closed [FEN "')
               .fen(SHREDDER_START).text(b'"]\r\n'))
        result = run(self.write("broken.pgn", pgn.input))
        self.assertEqual(result.returncode, 1, describe(result))  # errors in the PGN text
        self.assert_identical(result.stdout, pgn.expected)
        errors = result.stderr.decode()
        self.assertIn("error[pgn.string-newline]", errors)
        self.assertIn("error[pgn.unterminated-comment]", errors)
        self.assertRegex(errors.splitlines()[-1],
                         r"^read 1 FEN tag in 1 file: 0 canonical, 1 rewritten, .*; \d+ errors? in "
                         r"the PGN text$")

    def test_write_styles(self):
        pgn = Pgn().text(b'[FEN "').fen(START, SHREDDER_START).text(b'"]\n*\n')
        result = run("--castling", "shredder", self.write("a.pgn", pgn.input))
        self.assertEqual(result.returncode, 0, describe(result))
        self.assert_identical(result.stdout, pgn.expected)
        pgn = Pgn().text(b'[FEN "').fen(IDLE_EP).text(b'"]\n*\n')
        result = run("--ep", "always", self.write("b.pgn", pgn.input))
        self.assert_identical(result.stdout, pgn.expected)
        self.assertIn("1 canonical", result.stderr.decode())
        pgn = Pgn().text(b'[FEN "').fen(b"rr2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1").text(b'"]\n*\n')
        result = run("--castling", "classic", self.write("c.pgn", pgn.input))
        self.assertEqual(result.returncode, 1, describe(result))
        self.assert_identical(result.stdout, pgn.expected)
        self.assertIn("error[write.needs-file-letter]", result.stderr.decode())
        self.assertIn("1 not writable in the style asked (left as it was)", result.stderr.decode())

    def test_lenient(self):
        spaced = b" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1"
        pgn = Pgn().text(b'[FEN "').fen(spaced, START).text(b'"]\n*\n')
        name = self.write("a.pgn", pgn.input)
        strict = run(name)
        self.assertEqual(strict.returncode, 1, describe(strict))
        self.assert_identical(strict.stdout, pgn.input)
        lenient = run("--lenient", name)
        self.assertEqual(lenient.returncode, 0, describe(lenient))
        self.assert_identical(lenient.stdout, pgn.expected)
        self.assertIn(f"{name}:1:7: warning[record.separator]: game 1: FEN tag: ",
                      lenient.stderr.decode())

    def test_several_inputs_and_a_missing_one(self):
        first, second = clean_collection(), with_unreadable_fen()
        names = [self.write("1.pgn", first.input), self.path("missing.pgn"),
                 self.write("2.pgn", second.input)]
        result = run(*names)
        self.assertEqual(result.returncode, 2, describe(result))
        self.assert_identical(result.stdout, first.expected + second.expected)
        self.assertIn(f"xfen: cannot open {names[1]}: No such file or directory",
                      result.stderr.decode())
        self.assertIn("read 8 FEN tags in 2 files:", result.stderr.decode())

    def test_standard_output_that_cannot_be_written(self):
        with open("/dev/full", "wb") as full:
            result = subprocess.run([XFEN, "pgn", "canon", self.write("a.pgn", clean_collection().input)],
                                    stdout=full, stderr=subprocess.PIPE, timeout=60, check=False)
        self.assertEqual(result.returncode, 2)
        self.assertIn("xfen: cannot write <stdout>: No space left on device", result.stderr.decode())


class OutputFile(CanonTestCase):
    """-o FILE: one new file, in place of the old one, or nothing."""

    def test_output_file_gets_every_input_in_order(self):
        first, second = clean_collection(), with_unreadable_fen()
        old_umask = os.umask(0o027)
        try:
            result = run("-o", self.path("out.pgn"), self.write("1.pgn", first.input),
                         self.write("2.pgn", second.input))
        finally:
            os.umask(old_umask)
        self.assertEqual(result.returncode, 1, describe(result))
        self.assertEqual(result.stdout, b"")
        self.assert_identical(self.read("out.pgn"), first.expected + second.expected)
        self.assertEqual(stat.S_IMODE(os.stat(self.path("out.pgn")).st_mode), 0o640)
        self.assert_no_temporary_files(["1.pgn", "2.pgn", "out.pgn"])

    def test_an_existing_file_is_replaced_with_its_permissions(self):
        self.write("out.pgn", b"old", mode=0o604)
        pgn = clean_collection()
        result = run("-o", self.path("out.pgn"), self.write("a.pgn", pgn.input))
        self.assertEqual(result.returncode, 0, describe(result))
        self.assert_identical(self.read("out.pgn"), pgn.expected)
        self.assertEqual(stat.S_IMODE(os.stat(self.path("out.pgn")).st_mode), 0o604)
        self.assert_no_temporary_files(["a.pgn", "out.pgn"])

    def test_an_output_that_is_an_input_is_refused(self):
        pgn = clean_collection()
        self.write("a.pgn", pgn.input)
        os.symlink("a.pgn", self.path("link.pgn"))
        os.link(self.path("a.pgn"), self.path("hard.pgn"))
        for output, inputs in [("a.pgn", ["a.pgn"]), ("./a.pgn", ["a.pgn"]),
                               ("a.pgn", ["other.pgn", "./a.pgn"]), ("link.pgn", ["a.pgn"]),
                               ("a.pgn", ["link.pgn"]), ("hard.pgn", ["a.pgn"]),
                               (os.path.join(self.work, "a.pgn"), ["a.pgn"])]:
            with self.subTest(output=output, inputs=inputs):
                self.write("other.pgn", b"*\n")
                result = run("-o", output, *inputs, cwd=self.work)
                self.assertEqual(result.returncode, 2, describe(result))
                self.assertEqual(result.stdout, b"")
                message = result.stderr.decode()
                self.assertIn(f"xfen pgn canon: the output file {output} is the input ", message)
                self.assertIn("use --in-place", message)
                self.assertEqual(self.read("a.pgn"), pgn.input)
                self.assertTrue(os.path.islink(self.path("link.pgn")))
                self.assert_no_temporary_files(["a.pgn", "link.pgn", "hard.pgn", "other.pgn"])

    def test_nothing_is_written_when_an_input_cannot_be_read(self):
        pgn = clean_collection()
        self.write("a.pgn", pgn.input)
        os.mkdir(self.path("directory.pgn"))
        self.write("out.pgn", b"the old output\n")
        for inputs in [["a.pgn", "directory.pgn"], ["a.pgn", "missing.pgn"],
                       ["directory.pgn", "a.pgn"]]:
            for output in ["out.pgn", "new.pgn"]:
                with self.subTest(inputs=inputs, output=output):
                    result = run("-o", output, *inputs, cwd=self.work)
                    self.assertEqual(result.returncode, 2, describe(result))
                    errors = result.stderr.decode()
                    self.assertRegex(errors, r"xfen: cannot (read directory\.pgn: Is a directory|"
                                             r"open missing\.pgn: No such file or directory)")
                    outcome = "was left as it was" if output == "out.pgn" else "was not written"
                    self.assertIn(f"xfen pgn canon: {output} {outcome} (an input could not be "
                                  "read)", errors)
                    self.assertEqual(self.read("out.pgn"), b"the old output\n")
                    self.assert_no_temporary_files(["a.pgn", "directory.pgn", "out.pgn"])

    def test_nothing_is_written_when_the_output_cannot_be_written(self):
        pgn = large_collection(64 * 1024)
        self.write("a.pgn", pgn.input)
        self.write("out.pgn", b"the old output\n")
        result = run_with_file_size_limit(len(pgn.input) // 2, "-o", "out.pgn", "a.pgn",
                                          cwd=self.work)
        self.assertEqual(result.returncode, 2, describe(result))
        errors = result.stderr.decode()
        self.assertIn("xfen: cannot write out.pgn: File too large", errors)
        self.assertIn("xfen pgn canon: out.pgn was left as it was (it could not be written)", errors)
        self.assertEqual(self.read("out.pgn"), b"the old output\n")
        self.assert_no_temporary_files(["a.pgn", "out.pgn"])

    def test_output_into_a_device(self):
        result = run("-o", "/dev/null", self.write("a.pgn", clean_collection().input))
        self.assertEqual(result.returncode, 0, describe(result))
        self.assertTrue(stat.S_ISCHR(os.stat("/dev/null").st_mode))
        result = run("-o", "/dev/full", self.path("a.pgn"))
        self.assertEqual(result.returncode, 2, describe(result))
        self.assertIn("xfen: cannot write /dev/full: No space left on device", result.stderr.decode())

    def test_output_in_a_missing_directory(self):
        result = run("-o", self.path("no/such/out.pgn"), self.write("a.pgn", b"*\n"))
        self.assertEqual(result.returncode, 2, describe(result))
        self.assertIn(f"xfen: cannot open {self.path('no/such/out.pgn')}: No such file or directory",
                      result.stderr.decode())

    def test_io_errors_as_json(self):
        result = run("--json", "-o", "out.pgn", "missing.pgn", cwd=self.work)
        self.assertEqual(result.returncode, 2, describe(result))
        objects = [json.loads(line) for line in result.stderr.decode().splitlines()]
        self.assertEqual([(o["code"], o["file"]) for o in objects], [("io.open", "missing.pgn")])
        self.assert_no_temporary_files([])


class InPlace(CanonTestCase):
    """--in-place: each file rewritten through its own temporary file."""

    def test_files_rewritten_with_their_permissions(self):
        first, second = clean_collection(), with_unreadable_fen()
        self.write("1.pgn", first.input, mode=0o640)
        self.write("2.pgn", second.input, mode=0o604)
        os.symlink("2.pgn", self.path("link.pgn"))
        result = run("--in-place", "1.pgn", "link.pgn", cwd=self.work)
        self.assertEqual(result.returncode, 1, describe(result))  # 2.pgn has an unreadable FEN
        self.assertEqual(result.stdout, b"")
        self.assert_identical(self.read("1.pgn"), first.expected)
        self.assert_identical(self.read("2.pgn"), second.expected)
        self.assertTrue(os.path.islink(self.path("link.pgn")), "the link was replaced by a file")
        self.assertEqual(stat.S_IMODE(os.stat(self.path("1.pgn")).st_mode), 0o640)
        self.assertEqual(stat.S_IMODE(os.stat(self.path("2.pgn")).st_mode), 0o604)
        self.assertIn("link.pgn:8:50: error[board.bad-char]", result.stderr.decode())
        self.assertIn("read 8 FEN tags in 2 files: 1 canonical, 5 rewritten, 1 unreadable",
                      result.stderr.decode())
        self.assert_no_temporary_files(["1.pgn", "2.pgn", "link.pgn"])

    def test_a_file_with_nothing_to_rewrite_keeps_its_time(self):
        pgn = Pgn().text(b'[FEN "').fen(START).text(b'"]\n*\n')
        self.write("a.pgn", pgn.input)
        os.utime(self.path("a.pgn"), (1_000_000_000, 1_000_000_000))
        result = run("--in-place", self.path("a.pgn"))
        self.assertEqual(result.returncode, 0, describe(result))
        self.assertEqual(os.stat(self.path("a.pgn")).st_mtime, 1_000_000_000)
        self.assert_no_temporary_files(["a.pgn"])

    def test_unreadable_inputs_are_left_as_they_were(self):
        pgn = clean_collection()
        self.write("a.pgn", pgn.input)
        os.mkdir(self.path("directory.pgn"))
        os.mkfifo(self.path("fifo.pgn"))
        result = run("--in-place", "directory.pgn", "fifo.pgn", "missing.pgn", "a.pgn",
                     cwd=self.work)
        self.assertEqual(result.returncode, 2, describe(result))
        errors = result.stderr.decode()
        self.assertIn("xfen pgn canon: directory.pgn is not a regular file; --in-place rewrites "
                      "regular files only (it was left as it was)", errors)
        self.assertIn("xfen pgn canon: fifo.pgn is not a regular file", errors)
        self.assertIn("xfen: cannot open missing.pgn: No such file or directory", errors)
        self.assertTrue(stat.S_ISDIR(os.stat(self.path("directory.pgn")).st_mode))
        self.assertTrue(stat.S_ISFIFO(os.stat(self.path("fifo.pgn")).st_mode))
        self.assert_identical(self.read("a.pgn"), pgn.expected)  # the others are still rewritten
        self.assert_no_temporary_files(["a.pgn", "directory.pgn", "fifo.pgn"])

    def test_a_file_whose_new_text_cannot_be_written_is_left_as_it_was(self):
        small, large = clean_collection(), large_collection(64 * 1024)
        self.write("small.pgn", small.input)
        self.write("large.pgn", large.input)
        result = run_with_file_size_limit(len(large.input) // 2, "--in-place", "large.pgn",
                                          "small.pgn", cwd=self.work)
        self.assertEqual(result.returncode, 2, describe(result))
        errors = result.stderr.decode()
        self.assertIn("xfen: cannot write large.pgn: File too large", errors)
        self.assertIn("xfen pgn canon: large.pgn was left as it was (its new text could not be "
                      "written)", errors)
        self.assert_identical(self.read("large.pgn"), large.input)
        self.assert_identical(self.read("small.pgn"), small.expected)
        self.assert_no_temporary_files(["large.pgn", "small.pgn"])

    def test_a_file_that_cannot_be_opened_is_left_as_it_was(self):
        """Permission denied: as root (the tests' usual user) the command runs as nobody."""
        locked, open_ = with_unreadable_fen(), clean_collection()
        self.write("locked.pgn", locked.input, mode=0o600)
        self.write("open.pgn", open_.input, mode=0o666)
        drop = None
        command = XFEN
        if os.geteuid() == 0:
            skip_if_instrumented("as nobody the command could not write its coverage profile")
            os.chmod(self.work, 0o777)
            # nobody may not reach the build tree (a clone in a private temporary folder): a copy
            # of the command in the work folder, which nobody can enter.
            command = shutil.copy2(XFEN, self.path("xfen"))

            def drop():
                os.setgroups([])
                os.setgid(65534)
                os.setuid(65534)
        else:
            os.chmod(self.path("locked.pgn"), 0)
        result = subprocess.run([command, "pgn", "canon", "--in-place", "locked.pgn", "open.pgn"],
                                stdin=subprocess.DEVNULL, capture_output=True, timeout=120,
                                cwd=self.work, preexec_fn=drop, check=False)
        os.chmod(self.path("locked.pgn"), 0o600)
        self.assertEqual(result.returncode, 2, describe(result))
        errors = result.stderr.decode()
        self.assertIn("xfen: cannot open locked.pgn: Permission denied", errors)
        self.assertIn("xfen pgn canon: locked.pgn was left as it was (it could not be read)", errors)
        self.assert_identical(self.read("locked.pgn"), locked.input)
        self.assert_identical(self.read("open.pgn"), open_.expected)
        self.assert_no_temporary_files(["locked.pgn", "open.pgn"] + (["xfen"] if drop else []))

    def test_standard_input_cannot_be_rewritten_in_place(self):
        for arguments in [["--in-place"], ["--in-place", "-"]]:
            with self.subTest(arguments=arguments):
                result = run(*arguments, stdin=clean_collection().input)
                self.assertEqual(result.returncode, 2, describe(result))
                self.assertEqual(result.stdout, b"")
                self.assertIn("xfen pgn canon: --in-place rewrites the FILEs named; standard input "
                              "cannot be rewritten in place", result.stderr.decode())

    def test_in_place_excludes_output(self):
        result = run("--in-place", "-o", "x.pgn", "a.pgn", cwd=self.work)
        self.assertEqual(result.returncode, 2, describe(result))
        self.assert_no_temporary_files([])


# A read(2) that fails with EIO once a file of a given name has been read up to a given offset,
# preloaded into the command: a disk going bad in the middle of a file, which no file system
# gives root on demand.
FLAKY_READ_C = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

ssize_t read(int fd, void* buffer, size_t count) {
  static ssize_t (*real_read)(int, void*, size_t);
  if (real_read == NULL) real_read = (ssize_t (*)(int, void*, size_t))dlsym(RTLD_NEXT, "read");
  const char* name = getenv("FLAKY_NAME");
  const char* after = getenv("FLAKY_AFTER");
  char link[64], path[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  const ssize_t size = name && after ? readlink(link, path, sizeof path - 1) : -1;
  if (size > 0) {
    path[size] = 0;
    const char* base = strrchr(path, '/');
    if (strcmp(base ? base + 1 : path, name) == 0) {
      const off_t at = lseek(fd, 0, SEEK_CUR), limit = atol(after);
      if (at >= limit) {
        errno = EIO;
        return -1;
      }
      if (at + (off_t)count > limit) count = (size_t)(limit - at);
    }
  }
  return real_read(fd, buffer, count);
}
"""


def large_collection(size: int) -> Pgn:
    """Games with rewritten, canonical and unread FEN tags, repeated to `size` bytes or more."""
    game = (Pgn()
            .text(b'[Event "Rated \\"blitz\\" game"]\n[Site "https://example.org/x"]\n'
                  b'[Variant "Chess960"]\n[SetUp "1"]\n[FEN "').fen(SHREDDER_960, CANON_960)
            .text(b'"]\n\n1. e4 {+0.3} e5 2. Nf3 Nc6 1-0\n\n[SetUp "1"]\n[FEN "').fen(START)
            .text(b'"]\n\n1. d4 d5 *\n\n[Variant "Capablanca"]\n[FEN "').fen(CAPABLANCA, CANON_CAPABLANCA)
            .text(b'"]\n\n1. e4 1/2-1/2\n\n'))
    count = -(-size // len(game.input))
    pgn = Pgn()
    pgn.input, pgn.expected = game.input * count, game.expected * count
    return pgn


class ReadErrors(CanonTestCase):
    """An input that fails in the middle: nothing is renamed over anything."""

    def setUp(self):
        super().setUp()
        compiler = next((c for c in ("cc", "gcc", "clang") if shutil.which(c)), None)
        if compiler is None:
            self.skipTest("no C compiler for the failing read(2)")
        self.shim = os.path.join(self.work, "flaky-read.so")
        source = self.shim[:-3] + ".c"
        with open(source, "w", encoding="ascii") as f:
            f.write(FLAKY_READ_C)
        subprocess.run([compiler, "-shared", "-fPIC", "-O1", "-o", self.shim, source, "-ldl"],
                       check=True, timeout=60)
        os.remove(source)
        self.flaky = large_collection(3 * READ_SIZE)
        self.write("flaky.pgn", self.flaky.input)
        self.fails_at = 2 * READ_SIZE + 1000  # two whole reads, games rewritten, then EIO

    def run_flaky(self, *arguments) -> subprocess.CompletedProcess:
        env = dict(os.environ, LD_PRELOAD=self.shim, FLAKY_NAME="flaky.pgn",
                   FLAKY_AFTER=str(self.fails_at))
        # An ASan build wants its runtime first among the preloaded libraries.
        env["ASAN_OPTIONS"] = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"),
                                                     "verify_asan_link_order=0"]))
        return subprocess.run([XFEN, "pgn", "canon", *arguments], stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=120, cwd=self.work, env=env,
                              check=False)

    def test_standard_output_gets_what_was_read(self):
        result = self.run_flaky("flaky.pgn")
        self.assertEqual(result.returncode, 2, describe(result))
        self.assertIn("xfen: cannot read flaky.pgn: Input/output error", result.stderr.decode())
        # The input broke off: no diagnostics about a game or tag pair "left open" at its end.
        self.assertNotIn("[pgn.", result.stderr.decode())
        # What came before the failure, rewritten (up to a tag pair left open at the failure).
        self.assertTrue(len(result.stdout) > 2 * READ_SIZE - 1000, len(result.stdout))
        self.assert_identical(result.stdout, self.flaky.expected[:len(result.stdout)])

    def test_output_file_left_as_it_was(self):
        self.write("out.pgn", b"the old output\n")
        result = self.run_flaky("-o", "out.pgn", "flaky.pgn")
        self.assertEqual(result.returncode, 2, describe(result))
        errors = result.stderr.decode()
        self.assertIn("xfen: cannot read flaky.pgn: Input/output error", errors)
        self.assertIn("xfen pgn canon: out.pgn was left as it was (an input could not be read)",
                      errors)
        self.assertEqual(self.read("out.pgn"), b"the old output\n")
        self.assert_no_temporary_files(["flaky.pgn", "flaky-read.so", "out.pgn"])

    def test_in_place_left_as_it_was(self):
        other = clean_collection()
        self.write("other.pgn", other.input)
        result = self.run_flaky("--in-place", "flaky.pgn", "other.pgn")
        self.assertEqual(result.returncode, 2, describe(result))
        errors = result.stderr.decode()
        self.assertIn("xfen: cannot read flaky.pgn: Input/output error", errors)
        self.assertIn("xfen pgn canon: flaky.pgn was left as it was (it could not be read)", errors)
        self.assert_identical(self.read("flaky.pgn"), self.flaky.input)
        self.assert_identical(self.read("other.pgn"), other.expected)
        self.assert_no_temporary_files(["flaky.pgn", "flaky-read.so", "other.pgn"])


class Streaming(CanonTestCase):
    """Large inputs in bounded memory, and FEN tags wherever a read ends."""

    def test_a_large_collection_in_bounded_memory(self):
        small = clean_collection()
        self.write("small.pgn", small.input)
        _, _, baseline = run_measured(self.path("small.pgn"))
        pgn = large_collection(20 * 1024 * 1024)
        self.write("large.pgn", pgn.input)
        expected = pgn.expected
        del pgn
        started = time.monotonic()
        with open(self.path("out.pgn"), "wb") as out:
            status, errors, max_rss = run_measured(self.path("large.pgn"), stdout=out)
        seconds = time.monotonic() - started
        self.assertEqual(status, 0, errors)
        self.assertTrue(self.read("out.pgn") == expected, "the large output differs")
        self.assertRegex(errors, r"^read (\d+) FEN tags in 1 file: \d+ canonical, \d+ rewritten, 0 "
                                 r"unreadable \(left as they were\), 0 of other variants\n$")
        # Holding the input (20 MB) or the output would pass this bound many times over.
        bound = baseline + 8 * 1024
        print(f"\n  max RSS: {max_rss} KiB for 20 MiB "
              f"({baseline} KiB for {len(small.input)} bytes), {seconds:.1f} s", file=sys.stderr)
        self.assertLess(max_rss, bound, f"{max_rss} KiB for 20 MB; {baseline} KiB for a small file")
        # The same through -o, whose temporary file is written as the input is read.
        status, errors, max_rss = run_measured("-o", self.path("out2.pgn"), self.path("large.pgn"))
        self.assertEqual(status, 0, errors)
        self.assertLess(max_rss, bound)
        self.assertTrue(self.read("out2.pgn") == expected, "the large -o output differs")

    def test_fen_tags_across_read_boundaries(self):
        """A FEN tag placed so that a 256 KiB read ends at each of its bytes in turn: before its
        '[', inside its name, its value, on its quotes and its ']'; also a tag with escapes."""
        tag_before = b'[FEN "'
        pgn = Pgn()
        # Where the read boundary falls, counted from the tag's '[': every byte of the tag.
        tag_length = len(tag_before) + len(SHREDDER_START) + 2
        cuts = list(range(0, tag_length + 1))
        for boundary, cut in enumerate(cuts, start=1):
            start = boundary * READ_SIZE - cut
            padding = start - len(pgn.input)
            head = b'[Event "pad \\"x\\""]\n\n{'
            tail = b"} *\n\n"
            filler = padding - len(head) - len(tail)
            self.assertGreater(filler, 0)
            pgn.text(head + b"p" * filler + tail)
            self.assertEqual(len(pgn.input), start)
            pgn.text(tag_before).fen(SHREDDER_START, START).text(b'"]\n\n*\n\n')
        # An escaped quote and backslash split by a boundary, in another tag.
        start = (len(cuts) + 1) * READ_SIZE - 11  # the read ends between '\\' and '"'
        head = b"{"
        pgn.text(head + b"q" * (start - len(pgn.input) - len(head) - 3) + b"}\n\n")
        pgn.text(b'[Event "ab\\"\\\\\\"cd\\\\"]\n[FEN "').fen(SHREDDER_960, CANON_960).text(b'"]\n*\n')
        name = self.write("boundaries.pgn", pgn.input)
        result = run(name)
        self.assertEqual(result.returncode, 0, describe(result))
        self.assert_identical(result.stdout, pgn.expected)
        self.assertIn(f"0 canonical, {len(cuts) + 1} rewritten", result.stderr.decode())
        # Through a pipe the reads end wherever the pipe's buffer does.
        piped = run(stdin=pgn.input)
        self.assertEqual(piped.returncode, 0, describe(piped))
        self.assert_identical(piped.stdout, pgn.expected)


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    XFEN = os.path.abspath(sys.argv.pop(1))
    sys.argv.pop(1)  # the source directory: nothing is read from it yet
    unittest.main(verbosity=2)
