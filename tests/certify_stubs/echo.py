#!/usr/bin/env python3
"""Streaming stub: accepts everything and writes the record back as it came, `ok <record>`.

usage: echo.py XFEN   (XFEN is not used: no answer comes from the reference)
Rule: invalid cases are `accepted-invalid`; a case whose input is already the canonical record is
`pass`; another spelling of the expected position is `non-canonical`; anything else is
`wrong-position`.
"""
from stub_common import answer, records

for record in records():
    answer(b"ok " + record + b"\n")
