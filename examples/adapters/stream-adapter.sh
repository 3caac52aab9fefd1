#!/bin/sh
# Turns a per-case program (record on stdin, the record written back on stdout and exit 0, or exit
# 1 when the record is invalid) into a streaming one for xfen certify (docs/PROTOCOL.md), at the
# cost of one process per line. Any other exit status, or a signal, is a crash: this wrapper then
# exits with that status, so that xfen certify reports a crash too, never a rejection.
# usage: stream-adapter.sh PROGRAM [ARGS...]
while IFS= read -r record || [ -n "$record" ]; do
  answer=$(printf '%s' "$record" | "$@")
  status=$?
  case $status in
    0) printf 'ok %s\n' "$answer" ;;
    1) printf 'error exit status 1\n' ;;
    *) echo "stream-adapter.sh: $1 exited with status $status" >&2; exit "$status" ;;
  esac
done
