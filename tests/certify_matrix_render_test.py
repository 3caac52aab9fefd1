#!/usr/bin/env python3
"""xfen certify matrix's HTML page in a real browser: headless Chromium, driven over the DevTools
protocol as certify_html_render_test does (its DevTools class and the way it finds Chromium), opens
a matrix of three real runs (xfen's adapter, the echo and crash stubs of tests/certify_stubs/)
and checks that loading it made no network request (nor any request but the page itself), that
the grid has a cell per case and run, each in its verdict's colour as the legend shows it, that a failing cell's link leads to a failure
whose boards are drawn (SVG boards whose <use> elements all resolve), and that no script ran.

Exits 77 (skipped) when no Chromium is installed (Debian: chromium; scripts/install-deps.sh).

Usage: certify_matrix_render_test.py path/to/xfen
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

import certify_html_render_test as render  # this folder is on the module path

STUBS = Path(__file__).resolve().parent / "certify_stubs"
SUITE = Path(__file__).resolve().parents[1] / "corpus" / "conformance"
XFEN = ""
PAGE = Path(".")
CASES = RUNS = 0

# What the loaded page holds: its cells, coloured; a failing cell's link, and what it leads to.
GRID = """(() => {
  const cells = [...document.querySelectorAll('table.grid tbody td')];
  const link = document.querySelector('table.grid td.crash a');
  const target = link && document.getElementById(link.getAttribute('href').slice(1));
  const boards = target ? [...target.querySelectorAll('svg.board')] : [];
  const noBoard = target && target.querySelector('.no-board');
  const uses = boards.flatMap(board => [...board.querySelectorAll('use')]);
  return {
    cells: cells.length,
    coloured: cells.filter(cell => getComputedStyle(cell).backgroundColor !== 'rgba(0, 0, 0, 0)').length,
    // Each cell in its legend's colour: a pass cell that looks like a not-applicable one is a grid
    // that says nothing (the grid's own background once outweighed every verdict's colour).
    off_legend: cells.filter(cell => {
      const swatch = document.querySelector('.cell-legend i.' + (cell.className || 'not-applicable'));
      return !swatch || getComputedStyle(swatch).backgroundColor !== getComputedStyle(cell).backgroundColor;
    }).map(cell => cell.className),
    colours: new Set(cells.map(cell => getComputedStyle(cell).backgroundColor)).size,
    crash_link: link && link.getAttribute('href'),
    target: target && target.id,
    boards: boards.length,
    no_board: noBoard && noBoard.textContent,
    unresolved: uses.filter(use => !document.getElementById((use.getAttribute('href') || '').slice(1))).length,
    scripts: document.scripts.length,
    resources: performance.getEntriesByType('resource').map(entry => entry.name),
  };
})()"""


class MatrixPage(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.browser = render.DevTools()

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()

    def open_watched(self):
        """The page in a new tab, with a watch set before it loads: every CSP violation (a fetch
        or script the page's policy blocked) is kept in window.blocked. DevTools' own script runs
        whatever the page's policy says."""
        browser = self.browser
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.call("Page.enable", {}, session)
        browser.call("Page.addScriptToEvaluateOnNewDocument", {"source": """
          window.blocked = [];
          document.addEventListener('securitypolicyviolation',
                                    event => window.blocked.push(event.blockedURI));"""}, session)
        browser.call("Page.navigate", {"url": PAGE.as_uri()}, session)
        deadline = time.monotonic() + render.SECONDS
        loaded = "location.href !== 'about:blank' && document.readyState === 'complete'"
        while not browser.evaluate(session, loaded):
            self.assertLess(time.monotonic(), deadline, "the page did not load")
            time.sleep(0.05)
        browser.settle(session)
        return session

    def test_renders_offline_with_its_grid_and_boards(self):
        session = self.open_watched()
        found = self.browser.evaluate(session, GRID)
        # Whatever the page fetched is a resource entry; whatever its policy stopped, a violation.
        self.assertEqual(found["resources"], [], "the page fetched something")
        self.assertEqual(self.browser.evaluate(session, "window.blocked"), [])
        self.assertEqual(found["scripts"], 0)
        self.assertEqual(found["cells"], CASES * RUNS)
        self.assertEqual(found["coloured"], CASES * RUNS)
        self.assertEqual(found["off_legend"][:5], [])
        self.assertGreaterEqual(found["colours"], 3)  # pass, a failure, a crash at least
        self.assertIsNotNone(found["crash_link"], "no crash cell with a link")
        self.assertEqual(found["target"], found["crash_link"][1:])
        # The expected board, and in the answer's place why there is none.
        self.assertEqual(found["boards"], 1)
        self.assertIn("crashed", found["no_board"])
        self.assertEqual(found["unresolved"], 0)

    def test_following_a_failing_cell(self):
        session = self.browser.open(PAGE.as_uri(), render.VIEW_HEIGHT)
        anchor = self.browser.evaluate(session, """(() => {
          const link = document.querySelector('table.grid td.wrong-position a');
          link.click();
          return link.getAttribute('href').slice(1);
        })()""")
        self.browser.settle(session)
        landing = self.browser.evaluate(session, render.LANDING)
        self.assertEqual(landing["target"], anchor)
        self.assertTrue(-render.LANDING_SLACK <= landing["top"] < render.VIEW_HEIGHT, landing)
        boards = self.browser.evaluate(
            session, f"document.getElementById('{anchor}').querySelectorAll('svg.board').length")
        self.assertEqual(boards, 2)


def make_page(work):
    runs = [("adapter", f"{shlex.quote(XFEN)} adapter"),
            ("echo", shlex.join([sys.executable, str(STUBS / "echo.py"), XFEN])),
            ("crash", shlex.join([sys.executable, str(STUBS / "crash.py"), XFEN, "RNABQKBCNR"]))]
    paths = []
    for name, command in runs:
        path = work / f"{name}.json"
        subprocess.run([XFEN, "certify", "--impl", command, "--name", name, "--suite", str(SUITE),
                        "--max-restarts", "1000", "--json", str(path)], capture_output=True,
                       timeout=300, check=False)
        paths.append(str(path))
    page = work / "matrix.html"
    subprocess.run([XFEN, "certify", "matrix", *paths, "--html", str(page)], capture_output=True,
                   timeout=120, check=True)
    cases = len(json.loads(Path(paths[0]).read_text(encoding="utf-8"))["cases"])
    return page, cases, len(runs)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    XFEN = os.path.abspath(sys.argv.pop(1))
    render.CHROMIUM = render.find_chromium()
    if render.CHROMIUM is None:
        print("certify_matrix_render_test: no Chromium installed (Debian: chromium); skipped")
        sys.exit(77)
    with tempfile.TemporaryDirectory(prefix="certify-matrix-render-") as folder:
        PAGE, CASES, RUNS = make_page(Path(folder))
        PAGE = PAGE.resolve()
        result = unittest.main(verbosity=1, exit=False).result
    sys.exit(0 if result.wasSuccessful() else 1)
