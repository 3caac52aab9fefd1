#!/usr/bin/env python3
"""xfen certify's reports read with real parsers: the documents certify_report_test wrote (a run
with hostile answers: NUL, bytes that are not UTF-8, control characters, `]]>`, `</svg><script>`)
must be well-formed for Python's own readers, which share no code with the writers.

- report.xml: expat (xml.etree.ElementTree), which rejects anything XML 1.0 forbids; the
  test cases, their failure types and the skip;
- report.json: the json module on the bytes decoded as strict UTF-8; every verdict counted, and
  `answer_base64` giving the hostile line back byte for byte;
- report.html: html.parser; a Content-Security-Policy that forbids scripts, no script element,
  no element but those the report writes (so no markup came from an answer), one <svg> per board
  expected, the squares of each (from the board symbol it uses, a checkerboard), each failure
  with an id of its own that the list of failures links to, and the hostile answer present as
  text;
- generative.json, generative.xml, generative.html: a generative run's (--generate) documents,
  read by the same parsers: its `generative` member with every group's records given back by
  their base64 copies, the run's and each group's properties in the XML, and a page with no
  foreign markup whose every group links to its case.

Usage: certify_report_check.py DIR   (the directory certify_report_test wrote)
"""
import base64
import json
import re
import sys
import unittest
import xml.etree.ElementTree as ElementTree
from html.parser import HTMLParser
from pathlib import Path

DIRECTORY = Path(".")

# Every element the HTML report writes; anything else would have come from untrusted text.
HTML_ELEMENTS = {
    "html", "head", "meta", "title", "style", "body", "main", "header", "h1", "h2", "h3", "p",
    "span", "code", "pre", "div", "b", "i", "table", "tr", "th", "td", "section", "ol", "li", "a",
    "article", "dl", "dt", "dd", "figure", "figcaption", "footer",
    # SVG (html.parser lower-cases names)
    "svg", "rect", "text", "g", "circle", "path", "defs", "symbol", "use",
}

# A square of a board symbol's paths: one subpath, "M<x> <y>h<side>v<side>h-<side>z".
SQUARE = re.compile(r"M(\d+) (\d+)h(\d+)v\3h-\3z")


def read_bytes(name):
    return (DIRECTORY / name).read_bytes()


def expectations():
    return json.loads(read_bytes("expectations.json").decode("utf-8"))


class Page(HTMLParser):
    """The elements of a page, the boards' squares, and its text outside <style>.

    A board (<svg class="board">) draws its squares with a <use> of a board symbol, defined
    once in the page, whose two paths hold its light and its dark squares."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.squares = {}  # {symbol id: {(x, y, side): "light" or "dark"}} of the board symbols
        self.policies = []  # (http-equiv, content) of each <meta http-equiv>
        self.text = []
        self._in_style = False
        self._board_symbols = []  # the board symbol each board uses, in page order
        self._in_board = False
        self._symbol = None

    @property
    def boards(self):
        """The number of squares of each board, in page order."""
        return [len(self.squares.get(symbol, {})) for symbol in self._board_symbols]

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.elements.append(tag)
        if tag == "meta" and "http-equiv" in attributes:
            self.policies.append((attributes["http-equiv"].lower(), attributes.get("content")))
        if tag == "svg" and "board" in attributes.get("class", "").split():
            self._board_symbols.append(None)
            self._in_board = True
        if tag == "use" and self._in_board and attributes.get("href", "").startswith("#board-"):
            self._board_symbols[-1] = attributes["href"][1:]
        if tag == "symbol":
            self._symbol = attributes.get("id")
        colour = attributes.get("class", "").removesuffix("-squares")
        if tag == "path" and self._symbol and colour in ("light", "dark"):
            for match in SQUARE.finditer(attributes.get("d", "")):
                square = tuple(int(number) for number in match.groups())
                self.squares.setdefault(self._symbol, {})[square] = colour
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        if tag == "style":
            self._in_style = False
        if tag == "svg":
            self._in_board = False
        if tag == "symbol":
            self._symbol = None

    def handle_data(self, data):
        if not self._in_style:
            self.text.append(data)


class Anchors(HTMLParser):
    """Every id of a page, the ids of its case articles, and the fragments its links name."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = []
        self.cases = []  # the ids of <article class="case">, in page order
        self.links = []  # the fragments of <a href="#…">, in page order

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.append(attributes["id"])
        if tag == "article" and "case" in attributes.get("class", "").split():
            self.cases.append(attributes.get("id"))
        if tag == "a" and attributes.get("href", "").startswith("#"):
            self.links.append(attributes["href"][1:])


class JUnitReport(unittest.TestCase):
    def test_well_formed_and_complete(self):
        # ElementTree.fromstring raises ParseError on anything expat refuses.
        root = ElementTree.fromstring(read_bytes("report.xml"))
        self.assertEqual(root.tag, "testsuites")
        suites = root.findall("testsuite")
        self.assertEqual(len(suites), 1)
        suite = suites[0]
        self.assertTrue(suite.get("name").startswith("xfen certify: "))
        cases = suite.findall("testcase")
        wanted = expectations()
        self.assertEqual(len(cases), wanted["testcases"])
        self.assertEqual(int(suite.get("tests")), len(cases))
        failures = {case.get("name"): case.find("failure").get("type")
                    for case in cases if case.find("failure") is not None}
        self.assertEqual(failures, wanted["failure_types"])
        self.assertEqual(int(suite.get("failures")), len(failures))
        skipped = [case for case in cases if case.find("skipped") is not None]
        self.assertEqual(len(skipped), wanted["skipped"])
        self.assertEqual(int(suite.get("skipped")), len(skipped))
        for case in cases:
            failure = case.find("failure")
            if failure is not None:
                self.assertTrue(failure.get("message").startswith(failure.get("type")))
                self.assertIn("answer", failure.text)
        protocol = next(case for case in cases if case.get("name") == "side.black")
        self.assertIn(wanted["hostile_text"], protocol.find("failure").text)


class JsonReport(unittest.TestCase):
    def test_valid_and_lossless(self):
        # Strict UTF-8 first: json.loads of a str would not notice bytes that are not UTF-8.
        report = json.loads(read_bytes("report.json").decode("utf-8", errors="strict"))
        wanted = expectations()
        self.assertEqual(set(report), {"suite", "source", "date", "implementation", "summary", "cases"})
        self.assertIn(report["implementation"]["mode"], ("stream", "per-case"))
        verdicts = report["summary"]["verdicts"]
        self.assertEqual(len(verdicts), wanted["verdict_count"])
        self.assertEqual(sum(verdicts.values()), len(report["cases"]))
        summary = report["summary"]
        self.assertEqual(summary["passed"] + summary["failed"] + summary["skipped"],
                         len(report["cases"]))
        for case in report["cases"]:
            for field in ("input", "answer", "stderr"):
                if field + "_base64" in case:
                    # Present only when the text is not the bytes.
                    exact = base64.b64decode(case[field + "_base64"], validate=True)
                    self.assertNotEqual(exact, case[field].encode("utf-8"))
                elif case.get(field) is not None:
                    self.assertFalse(any(ord(c) < 0x20 and c not in "\t\n" for c in case[field]))
        protocol = next(case for case in report["cases"] if case["id"] == "side.black")
        self.assertEqual(protocol["verdict"], "protocol-error")
        self.assertEqual(protocol["answer"], wanted["hostile_text"])
        self.assertEqual(protocol["answer_base64"], wanted["hostile_base64"])
        raw = base64.b64decode(protocol["answer_base64"])
        self.assertIn(b"\x00\x80\xff", raw)
        crash = next(case for case in report["cases"] if case["verdict"] == "crash")
        self.assertIsNone(crash["answer"])
        self.assertIn("stderr", crash)


class HtmlReport(unittest.TestCase):
    def setUp(self):
        self.html = read_bytes("report.html").decode("utf-8", errors="strict")
        self.page = Page()
        self.page.feed(self.html)
        self.page.close()

    def test_no_script_and_no_foreign_markup(self):
        self.assertFalse("script" in self.page.elements, "the page has a script element")
        self.assertEqual(set(self.page.elements) - HTML_ELEMENTS, set())
        self.assertTrue(self.html.startswith("<!DOCTYPE html>"))
        self.assertIn(("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'"),
                      self.page.policies)

    def test_boards(self):
        wanted = expectations()["boards"]
        self.assertEqual(len(self.page.boards), len(wanted))
        self.assertEqual(self.page.boards, [files * 8 for files in wanted])
        self.assertIn(8, wanted)
        self.assertIn(10, wanted)

    def test_board_symbols_are_checkerboards(self):
        """Each board symbol's squares, of one size, fill its files and eight ranks once each,
        a1 (the lower left) dark and the colours alternating."""
        self.assertTrue(self.page.squares, "no board symbol with squares")
        for symbol, squares in self.page.squares.items():
            with self.subTest(symbol=symbol):
                sides = {side for _, _, side in squares}
                self.assertEqual(len(sides), 1, "squares of different sizes")
                side = sides.pop()
                left = min(x for x, _, _ in squares)
                top = min(y for _, y, _ in squares)
                files = len(squares) // 8
                self.assertEqual(symbol, f"board-{files}x8")
                places = {((x - left) // side, 7 - (y - top) // side): colour
                          for (x, y, _), colour in squares.items()}
                wanted = {(file, rank): "dark" if (file + rank) % 2 == 0 else "light"
                          for file in range(files) for rank in range(8)}
                self.assertEqual(places, wanted)

    def test_every_failure_is_anchored_and_listed(self):
        """Each failing case is an element with an id of its own, case-N (N its place in the run:
        stable from one run to the next), and the list of failures links to each, in order."""
        anchors = Anchors()
        anchors.feed(self.html)
        anchors.close()
        duplicates = sorted({name for name in anchors.ids if anchors.ids.count(name) > 1})
        self.assertEqual(duplicates, [], "ids that stand more than once")
        wanted = expectations()["failure_anchors"]
        self.assertEqual(anchors.cases, wanted)
        self.assertEqual([link for link in anchors.links if link.startswith("case-")], wanted)
        self.assertEqual(set(anchors.links) - set(anchors.ids), set(), "links to no element")

    def test_hostile_answer_is_text(self):
        text = "".join(self.page.text)
        self.assertTrue(expectations()["hostile_text"] in text,
                        "the hostile answer is not in the text of the page")
        self.assertTrue("</svg><script>alert(1)</script>" in text,
                        "</svg><script>alert(1)</script> is not in the text of the page")


class GenerativeReports(unittest.TestCase):
    """A generative run's documents: certify_report_test checks their values; here, that
    readers sharing no code with the writers take them."""

    GROUP_MEMBERS = ["key", "verdict", "records", "record_index", "record_seed", "description",
                     "record", "tape", "reproduced", "tape_shrunk", "minimal", "minimal_bytes", "calls",
                     "call_bound_reached", "shrink_seconds", "case", "replay", "suite_case"]

    def test_json(self):
        report = json.loads(read_bytes("generative.json").decode("utf-8", errors="strict"))
        self.assertEqual(list(report), ["suite", "source", "date", "implementation", "summary",
                                        "generative", "cases"])
        run = report["generative"]
        self.assertEqual(run["generated"], sum(report["summary"]["verdicts"].values()))
        case_ids = {case["id"] for case in report["cases"]}
        self.assertTrue(run["groups"])
        for group in run["groups"]:
            with self.subTest(group=group["key"]):
                # Without the base64 copies, the documented members in their order.
                self.assertEqual([name for name in group if not name.endswith("_base64")],
                                 self.GROUP_MEMBERS)
                self.assertIn(group["case"], case_ids)
                minimal = group["minimal"].encode("utf-8")
                if "minimal_base64" in group:
                    minimal = base64.b64decode(group["minimal_base64"], validate=True)
                self.assertEqual(len(minimal), group["minimal_bytes"])
                self.assertTrue(all(isinstance(choice, int) for choice in group["tape"]))
        self.assertTrue(any("record_base64" in group for group in run["groups"]),
                        "no group with escaped bytes")

    def test_junit(self):
        suite = ElementTree.fromstring(read_bytes("generative.xml")).find("testsuite")
        names = {prop.get("name") for prop in suite.find("properties")}
        self.assertLessEqual({"seed", "profile", "generated", "stopped_by"}, names)
        for case in suite.findall("testcase"):
            with self.subTest(case=case.get("name")):
                properties = {prop.get("name"): prop.get("value")
                              for prop in case.find("properties")}
                self.assertEqual(set(properties), {"group", "records", "record_seed", "replay"})
                self.assertTrue(case.find("failure").text.startswith("group: "))

    def test_html(self):
        html = read_bytes("generative.html").decode("utf-8", errors="strict")
        page = Page()
        page.feed(html)
        page.close()
        self.assertEqual(set(page.elements) - HTML_ELEMENTS, set())
        self.assertIn("Generated records", "".join(page.text))
        anchors = Anchors()
        anchors.feed(html)
        anchors.close()
        self.assertEqual(len(anchors.ids), len(set(anchors.ids)), "ids that stand more than once")
        self.assertEqual(set(anchors.links) - set(anchors.ids), set(), "links to no element")
        # Each group's row links to the block of its case.
        groups = json.loads(read_bytes("generative.json"))["generative"]["groups"]
        rows = re.findall(r'<tr id="(group-\d+)"><td><a href="#([^"]+)">', html)
        self.assertEqual([row for row, _ in rows], [f"group-{i + 1}" for i in range(len(groups))])
        self.assertLessEqual({case for _, case in rows}, set(anchors.cases))


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    DIRECTORY = Path(sys.argv.pop(1))
    unittest.main(verbosity=1)
