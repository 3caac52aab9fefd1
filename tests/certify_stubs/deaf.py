#!/usr/bin/env python3
"""Streaming stub: never reads its standard input and never answers: it sleeps an hour.

usage: deaf.py XFEN   (XFEN is not used)
Rule: each process the runner starts times out on the first record it was sent and is killed; after
--max-restarts restarts the records left are `not-run`. Records pile up in the pipe unread, so a
runner that blocks writing them never gets to its time limit.
"""
import os
import time

from stub_common import record_pid

record_pid(os.getpid())
time.sleep(3600)
