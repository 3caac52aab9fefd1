#!/usr/bin/env python3
"""xfen certify's HTML report in a real browser: headless Chromium renders the page
certify_report_test wrote (a run with hostile answers) to a screenshot, and dumps the DOM it
built. The screenshot must be a PNG of the window's size (the page renders at all); the DOM must
hold the boards (one <svg> per board expected, 64 squares on an 8x8 board and 80 on a 10x8 one,
in page order), no script element, and the hostile answer as text.

Exits 77 (skipped) when no Chromium is installed (Debian: chromium; scripts/install-deps.sh).
Chromium gets a throwaway profile and a time limit; the whole test takes well under 30 s.

Usage: certify_html_render_test.py DIR   (the directory certify_report_test wrote)
"""
import json
import os
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import unittest
from html.parser import HTMLParser
from pathlib import Path

DIRECTORY = Path(".")
WIDTH, HEIGHT = 1200, 2000
SECONDS = 25  # per Chromium run; a cold start on a loaded machine takes about 10


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromium(*arguments):
    """Runs headless Chromium on report.html with a profile of its own; returns its stdout.

    Chromium runs in a process group of its own, ended whole when it runs out of time (a page
    whose script opened an alert() would hold it up), so that no renderer outlives the test."""
    page = (DIRECTORY / "report.html").resolve().as_uri()
    # Chromium's helpers may still be writing to the profile as it is removed.
    with tempfile.TemporaryDirectory(prefix="xfen-chromium-",
                                     ignore_cleanup_errors=True) as profile:
        command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                   "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions",
                   f"--user-data-dir={profile}", f"--window-size={WIDTH},{HEIGHT}", *arguments,
                   page]
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


class Dom(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.boards = []  # squares per <svg>, in page order
        self.text = []
        self._skip = 0  # inside <style>

    def handle_starttag(self, tag, attrs):
        self.elements.append(tag)
        if tag == "svg":
            self.boards.append(0)
        if tag == "rect" and dict(attrs).get("class") == "square":
            self.boards[-1] += 1
        if tag == "style":
            self._skip += 1

    def handle_endtag(self, tag):
        if tag == "style":
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.text.append(data)


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
        dom = Dom()
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


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    DIRECTORY = Path(sys.argv.pop(1))
    CHROMIUM = find_chromium()
    if CHROMIUM is None:
        print("certify_html_render_test: no Chromium installed (Debian: chromium); skipped")
        sys.exit(77)
    unittest.main(verbosity=1)
