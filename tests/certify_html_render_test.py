#!/usr/bin/env python3
"""xfen certify's HTML report in a real browser: headless Chromium renders the page
certify_report_test wrote (a run with hostile answers) to a screenshot, and dumps the DOM it
built. The screenshot must be a PNG of the window's size (the page renders at all); the DOM must
hold the boards (one <svg> per board expected, 64 squares on an 8x8 board and 80 on a 10x8 one,
in page order), no script element, and the hostile answer as text.

Then Chromium is driven over the DevTools protocol (the page's policy lets no script of its own
run, so the test asks from outside): following a #case-N link, or opening the page at one, puts
that case at the top of the window as the :target, on this page and on report-500.html (500
failures); every <use> of a board draws something; and the pixels of every board are the
picture: each square in its colour, a disc of the piece's colour with its letter where a piece
stands, nothing where none does.

Exits 77 (skipped) when no Chromium is installed (Debian: chromium; scripts/install-deps.sh).
Chromium gets a throwaway profile and a time limit; the whole test takes about 15 s (a third of
it loading the page of 500 failures).

Usage: certify_html_render_test.py DIR   (the directory certify_report_test wrote)
"""
import base64
import json
import os
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import unittest
import zlib
from pathlib import Path

# The page as certify_report_check reads it (this folder is on the module path).
from certify_report_check import Page

DIRECTORY = Path(".")
WIDTH, HEIGHT = 1200, 2000
SECONDS = 25  # per Chromium run; a cold start on a loaded machine takes about 10


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium_command(profile, *arguments):
    return [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--no-first-run", "--disable-extensions", f"--user-data-dir={profile}",
            f"--window-size={WIDTH},{HEIGHT}", *arguments]


def chromium(*arguments):
    """Runs headless Chromium on report.html with a profile of its own; returns its stdout.

    Chromium runs in a process group of its own, ended whole when it runs out of time (a page
    whose script opened an alert() would hold it up), so that no renderer outlives the test."""
    page = (DIRECTORY / "report.html").resolve().as_uri()
    # Chromium's helpers may still be writing to the profile as it is removed.
    with tempfile.TemporaryDirectory(prefix="xfen-chromium-",
                                     ignore_cleanup_errors=True) as profile:
        command = chromium_command(profile, *arguments, page)
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   start_new_session=True)
        try:
            stdout, stderr = process.communicate(timeout=SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
            raise AssertionError(f"Chromium took more than {SECONDS} s: {command}")
        if process.returncode != 0:
            raise AssertionError(f"{command} exited with {process.returncode}:\n"
                                 f"{stderr.decode(errors='replace')[-2000:]}")
        return stdout


def png_size(data):
    """Width and height from a PNG's signature and IHDR chunk (PNG spec, section 5)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        raise AssertionError("not a PNG file")
    return struct.unpack(">II", data[16:24])


def png_pixels(data):
    """The pixels of a PNG as rows of (red, green, blue) tuples: 8 bits a channel, RGB or RGBA,
    not interlaced, as Chromium writes its screenshots (PNG spec, sections 5 to 9)."""
    width, height = png_size(data)
    bit_depth, colour_type, interlace = data[24], data[25], data[28]
    if bit_depth != 8 or colour_type not in (2, 6) or interlace != 0:
        raise AssertionError(f"a PNG this test does not read: depth {bit_depth}, "
                             f"colour type {colour_type}, interlace {interlace}")
    channels = 3 if colour_type == 2 else 4
    compressed = bytearray()
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            compressed += data[at + 8:at + 8 + length]
        at += 12 + length
    raw = zlib.decompress(bytes(compressed))
    stride = width * channels
    rows = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                up_left = previous[i - channels] if i >= channels else 0
                estimate = left + up - up_left
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - up_left))
                line[i] = (line[i] + (left, up, up_left)[distances.index(min(distances))]) & 0xFF
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return rows


class DevTools:
    """Headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
    JSON messages, each ended by a NUL byte; Chromium reads them on its fd 3 and answers on fd 4),
    so that nothing but this test can talk to it. Like chromium(): a profile of its own, a
    process group of its own that is ended whole, a time limit on every answer."""

    def __init__(self):
        self._profile = tempfile.TemporaryDirectory(prefix="xfen-chromium-",
                                                    ignore_cleanup_errors=True)
        self._log = tempfile.TemporaryFile()
        commands_read, self._commands = os.pipe()
        self._answers, answers_write = os.pipe()

        def give_chromium_its_pipes():
            # Through fresh numbers first: a pipe's own number may already be 3 or 4.
            read_end, write_end = os.dup(commands_read), os.dup(answers_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        command = chromium_command(self._profile.name, "--remote-debugging-pipe", "about:blank")
        self._process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=self._log,
                                         pass_fds=(3, 4), preexec_fn=give_chromium_its_pipes,
                                         start_new_session=True)
        os.close(commands_read)
        os.close(answers_write)
        self._received = b""
        self._next_id = 0

    def close(self):
        try:
            self.call("Browser.close")
            self._process.wait(timeout=SECONDS)
        except (AssertionError, OSError, subprocess.TimeoutExpired):
            pass
        if self._process.poll() is None:
            os.killpg(self._process.pid, signal.SIGKILL)
            self._process.wait()
        os.close(self._commands)
        os.close(self._answers)
        self._log.close()
        self._profile.cleanup()

    def _chromium_log(self):
        self._log.seek(0)
        return self._log.read().decode(errors="replace")[-2000:]

    def call(self, method, params=None, session=None):
        """Sends one command and returns its result; events that come first are dropped."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + SECONDS
        while True:
            while b"\0" not in self._received:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self._answers], [], [], left)[0]:
                    raise AssertionError(f"Chromium did not answer {method} within {SECONDS} s")
                chunk = os.read(self._answers, 1 << 20)
                if not chunk:
                    raise AssertionError(f"Chromium exited during {method}:\n"
                                         f"{self._chromium_log()}")
                self._received += chunk
            text, _, self._received = self._received.partition(b"\0")
            answer = json.loads(text)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise AssertionError(f"{method}: {answer['error']}")
                return answer["result"]

    def open(self, url, height):
        """A new tab of WIDTH x `height` CSS pixels (one device pixel each) showing `url`, loaded:
        returns its session."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget",
                            {"targetId": target, "flatten": True})["sessionId"]
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": WIDTH, "height": height, "deviceScaleFactor": 1, "mobile": False},
                  session)
        self.call("Page.navigate", {"url": url}, session)
        deadline = time.monotonic() + SECONDS
        # Until the page itself, not the blank one it replaces, has loaded.
        loaded = "location.href !== 'about:blank' && document.readyState === 'complete'"
        while not self.evaluate(session, loaded):
            if time.monotonic() > deadline:
                raise AssertionError(f"{url} did not load within {SECONDS} s")
            time.sleep(0.05)
        self.settle(session)
        return session

    def evaluate(self, session, expression):
        """The value of a JavaScript expression in the page (a promise is awaited)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True}, session)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def settle(self, session):
        """Until two frames are drawn: what scrolled or changed is on the screen."""
        self.evaluate(session, "new Promise(done => requestAnimationFrame(() => "
                               "requestAnimationFrame(done)))")

    def screenshot(self, session, x, y, width, height):
        """The pixels of a region of the page, in CSS pixels from the document's top left."""
        shot = self.call("Page.captureScreenshot",
                         {"format": "png", "captureBeyondViewport": True,
                          "clip": {"x": x, "y": y, "width": width, "height": height, "scale": 1}},
                         session)
        return png_pixels(base64.b64decode(shot["data"]))


class Rendered(unittest.TestCase):
    def test_screenshot(self):
        with tempfile.TemporaryDirectory(prefix="xfen-shot-") as directory:
            shot = Path(directory) / "report.png"
            chromium(f"--screenshot={shot}")
            self.assertTrue(shot.is_file(), "no screenshot written")
            data = shot.read_bytes()
            self.assertEqual(png_size(data), (WIDTH, HEIGHT))
            # A blank page compresses to almost nothing; this one has tables and boards.
            self.assertGreater(len(data), 20_000)

    def test_dom(self):
        dom = Page()
        dom.feed(chromium("--dump-dom").decode("utf-8"))
        dom.close()
        wanted = json.loads((DIRECTORY / "expectations.json").read_text(encoding="utf-8"))
        self.assertFalse("script" in dom.elements, "the rendered page has a script element")
        self.assertGreaterEqual(len(dom.boards), 4)
        self.assertEqual(dom.boards, [files * 8 for files in wanted["boards"]])
        self.assertIn(64, dom.boards)
        self.assertIn(80, dom.boards)
        self.assertTrue(wanted["hostile_text"] in "".join(dom.text),
                        "the hostile answer is not in the text of the page")


def page_url(name):
    return (DIRECTORY / name).resolve().as_uri()


def expectations():
    return json.loads((DIRECTORY / "expectations.json").read_text(encoding="utf-8"))


VIEW_HEIGHT = 800  # shorter than the pages, so that following a link has to scroll
LANDING_SLACK = 2  # CSS pixels between the top of the window and that of the case it lands on

# Where the page landed: the :target's id and its top in the window, and whether the page is
# scrolled as far down as it goes (then a case near the end stands lower than the top).
LANDING = """(() => {
  const target = document.querySelector(':target');
  return {target: target && target.id, top: target && target.getBoundingClientRect().top,
          bottom: scrollY + innerHeight >= document.documentElement.scrollHeight - 1};
})()"""


class Navigation(unittest.TestCase):
    """A #case-N link, followed or opened, shows that case at the top of the window."""

    @classmethod
    def setUpClass(cls):
        cls.browser = DevTools()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def assert_landed_at_the_top(self, landing, anchor):
        self.assertEqual(landing["target"], anchor, "not the :target")
        self.assertFalse(landing["bottom"], "the page ends before the case could reach the top")
        self.assertLessEqual(abs(landing["top"]), LANDING_SLACK,
                             f"{anchor} is {landing['top']} px from the top of the window")

    def test_opening_the_page_at_a_case(self):
        anchors = expectations()["failure_anchors"]
        anchor = anchors[len(anchors) // 2]
        session = self.browser.open(f"{page_url('report.html')}#{anchor}", VIEW_HEIGHT)
        self.assert_landed_at_the_top(self.browser.evaluate(session, LANDING), anchor)

    def test_following_each_link_to_a_case(self):
        session = self.browser.open(page_url("report.html"), VIEW_HEIGHT)
        for anchor in expectations()["failure_anchors"]:
            with self.subTest(anchor=anchor):
                clicked = self.browser.evaluate(
                    session, f"""(() => {{
                      const link = document.querySelector('a[href="#{anchor}"]');
                      if (link) link.click();
                      return link !== null;
                    }})()""")
                self.assertTrue(clicked, f"no link to #{anchor}")
                self.browser.settle(session)
                landing = self.browser.evaluate(session, LANDING)
                if landing["bottom"]:
                    # One of the last cases: all of its top is in the window.
                    self.assertEqual(landing["target"], anchor, "not the :target")
                    self.assertTrue(0 <= landing["top"] < VIEW_HEIGHT, landing)
                else:
                    self.assert_landed_at_the_top(landing, anchor)

    def test_a_case_deep_in_a_page_of_500_failures(self):
        # certify_report_test numbers the cases of report-500.html 0 to 499.
        session = self.browser.open(f"{page_url('report-500.html')}#case-250", VIEW_HEIGHT)
        self.assert_landed_at_the_top(self.browser.evaluate(session, LANDING), "case-250")


# The colours of the picture: the squares, and the disc of a piece (its letter in the other).
LIGHT_SQUARE, DARK_SQUARE = (0xF0, 0xD9, 0xB5), (0xB5, 0x88, 0x63)
WHITE_PIECE, BLACK_PIECE = (0xFD, 0xFD, 0xFD), (0x26, 0x26, 0x26)

# Each board's <use> elements: those whose href names no element, and those that draw nothing
# (an empty box: a symbol that lost its content, or one the browser cannot reach).
USES = """[...document.querySelectorAll('svg.board')].map(board => {
  const uses = [...board.querySelectorAll('use')];
  const name = use => use.getAttribute('href') || '(no href)';
  return {
    uses: uses.length,
    unresolved: uses.filter(use => !document.getElementById(name(use).slice(1))).map(name),
    blank: uses.filter(use => {
      const box = use.getBBox();
      return !(box.width > 0 && box.height > 0);
    }).map(name)};
})"""

# Where each board's squares are on the page: the frame around them (in the board, or in a
# drawing that one of its <use> elements shows) in the board's units, and where those are.
GEOMETRY = """[...document.querySelectorAll('svg.board')].map(board => {
  const drawings = [board, ...[...board.querySelectorAll('use')].map(
      use => document.getElementById((use.getAttribute('href') || '').slice(1)))];
  const frame = drawings.map(drawing => drawing && drawing.querySelector('.frame'))
                        .find(Boolean);
  const matrix = board.getScreenCTM();
  return {files: Number(board.dataset.files), scale: matrix.a,
          left: matrix.e + scrollX, top: matrix.f + scrollY,
          frame: frame ? ['x', 'y', 'width', 'height'].map(side => frame[side].baseVal.value)
                       : null};
})"""


def placement_squares(placement):
    """{(file, rank): letter} of an X-FEN first field, rank 0 the first ("10" is ten empty)."""
    squares = {}
    for rank_from_top, row in enumerate(placement.split("/")):
        file, digits = 0, ""
        for character in row + "/":
            if character.isdigit():
                digits += character
                continue
            file += int(digits or 0)
            digits = ""
            if character != "/":
                squares[(file, 7 - rank_from_top)] = character
                file += 1
    return squares


def near(colour, wanted, slack=8):
    return all(abs(a - b) <= slack for a, b in zip(colour, wanted))


class Boards(unittest.TestCase):
    """The boards drawn from the page's shared symbols are the picture, pixel by pixel."""

    @classmethod
    def setUpClass(cls):
        cls.browser = DevTools()
        cls.session = cls.browser.open(page_url("report.html"), VIEW_HEIGHT)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def test_every_use_draws_something(self):
        boards = self.browser.evaluate(self.session, USES)
        self.assertEqual(len(boards), len(expectations()["boards"]))
        for index, board in enumerate(boards):
            with self.subTest(board=index):
                self.assertGreater(board["uses"], 0, "the board draws no <use>")
                self.assertEqual(board["unresolved"], [], "hrefs that name no element")
                self.assertEqual(board["blank"], [], "uses that draw nothing")

    def test_pixels_of_every_board(self):
        placements = expectations()["board_placements"]
        boards = self.browser.evaluate(self.session, GEOMETRY)
        self.assertEqual(len(boards), len(placements))
        for index, (board, placement) in enumerate(zip(boards, placements)):
            with self.subTest(board=index, placement=placement):
                self.assertIsNotNone(board["frame"], "no frame around the squares")
                self.assertEqual(self.wrong_pixels(board, placement_squares(placement)), [])

    def wrong_pixels(self, board, pieces):
        """What differs from the picture: a square's colour (sampled near its lower right
        corner, clear of every mark), a piece's disc (left of its letter, clear of the en passant
        ring) and letter (some pixels of the other colour at the centre)."""
        frame_x, frame_y, frame_width, frame_height = board["frame"]
        scale = board["scale"]
        square = frame_width / board["files"] * scale  # device pixels
        left, top = board["left"] + frame_x * scale, board["top"] + frame_y * scale
        pixels = self.browser.screenshot(self.session, left, top, frame_width * scale,
                                         frame_height * scale)

        def at(file, rank, across, down):
            return pixels[int((7 - rank + down) * square)][int((file + across) * square)]

        wrong = []
        for rank in range(8):
            for file in range(board["files"]):
                name = f"{'abcdefghij'[file]}{rank + 1}"
                colour = DARK_SQUARE if (file + rank) % 2 == 0 else LIGHT_SQUARE
                if not near(at(file, rank, 0.85, 0.85), colour):
                    wrong.append(f"{name}: square {at(file, rank, 0.85, 0.85)}, not {colour}")
                letter = pieces.get((file, rank))
                disc = at(file, rank, 0.22, 0.5)
                if letter is None:
                    if not near(disc, colour):
                        wrong.append(f"{name}: {disc} on an empty square, not {colour}")
                    continue
                white = letter.isupper()
                disc_colour, ink = (WHITE_PIECE, BLACK_PIECE) if white else (BLACK_PIECE,
                                                                            WHITE_PIECE)
                if not near(disc, disc_colour):
                    wrong.append(f"{name}: {letter}'s disc {disc}, not {disc_colour}")
                inked = sum(near(at(file, rank, 0.5 + dx / 40, 0.5 + dy / 40), ink, 60)
                            for dx in range(-5, 6) for dy in range(-5, 6))
                if inked < 3:
                    wrong.append(f"{name}: no letter {letter} on the disc")
        return wrong


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    DIRECTORY = Path(sys.argv.pop(1))
    CHROMIUM = find_chromium()
    if CHROMIUM is None:
        print("certify_html_render_test: no Chromium installed (Debian: chromium); skipped")
        sys.exit(77)
    unittest.main(verbosity=1)
