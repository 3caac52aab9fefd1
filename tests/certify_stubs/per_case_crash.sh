#!/bin/sh
# Per-case stub: `xfen canon --whole` for the record on standard input, except that a record holding
# MARKER makes it end badly instead of answering.
# usage: per_case_crash.sh XFEN MARKER [segv|exit3|hang]
#   segv (default): killed by SIGSEGV; exit3: exit status 3 (neither 0 nor 1); hang: sleeps an hour
#   in a child process (the runner must kill the whole process group).
# Rule: a case whose input holds MARKER is `crash` (segv, exit3) or `timeout` (hang); every other
# case gets canon's answer. With $XFEN_STUB_PIDS, leaves a pid file as stub_common.py does.
xfen=$1
marker=$2
how=${3:-segv}
pids=${XFEN_STUB_PIDS:-}
# The pid file holds the process's start time (field 22 of /proc/PID/stat), to tell a reused pid.
started() { [ -n "$pids" ] && cut -d' ' -f22 "/proc/$1/stat" >"$pids/$1"; }
started $$
record=$(mktemp)
trap 'rm -f "$record"' EXIT
cat >"$record"
if grep -qF -- "$marker" "$record"; then
  rm -f "$record"
  case $how in
    exit3) exit 3 ;;
    hang)
      sleep 3600 &
      started $!
      wait
      ;;
    *) kill -SEGV $$ ;;
  esac
fi
exec "$xfen" canon --whole <"$record"
