#!/usr/bin/env bash
# Throughput and memory of `xfen pgn lint` on a large PGN collection: the bundled collection
# corpus/pgn/games.pgn (400 random Chess960, Capablanca Random Chess, Capablanca and standard games,
# 355 KB) repeated, with a blank line between copies, into a file of at least 256 MB. Three runs
# under /usr/bin/time (Debian package `time`, scripts/install-deps.sh); prints each run's wall
# time, MB/s (10^6 bytes per second) and maximum resident set size, then the medians. The reader
# holds a bounded amount of state whatever the input, so the maximum RSS should not grow with the
# file. The collection lints clean: an exit status other than 0 fails the benchmark.
#
# Usage: bench/pgn_lint_throughput.sh [--mb N] [path/to/xfen] [extra lint options, e.g. --legal]
#   --mb N  the size of the collection, at least N * 10^6 bytes (default 256)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
mb=256
xfen=
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage ;;
    --mb) [ $# -ge 2 ] || usage 2; mb="$2"; shift 2 ;;
    --mb=*) mb="${1#--mb=}"; shift ;;
    *) if [ -z "$xfen" ]; then xfen="$1"; else extra+=("$1"); fi; shift ;;
  esac
done
xfen="${xfen:-build/xfen}"
case "$mb" in ''|*[!0-9]*|0*) echo "--mb takes a whole number of MB, at least 1: '$mb'" >&2; exit 2 ;; esac
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: run scripts/install-deps.sh" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

corpus=corpus/pgn/games.pgn
{ cat "$corpus"; echo; } > "$work/block"
block_bytes=$(wc -c < "$work/block")
block_games=$(grep -c '^\[Event ' "$work/block")
want=$((mb * 1000000))
copies=$(( (want + block_bytes - 1) / block_bytes ))
# Doubling: a block of 64 copies first, so that a 256 MB file takes a dozen appends, not 700.
for _ in 1 2 3 4 5 6; do cat "$work/block" "$work/block" > "$work/block2"; mv "$work/block2" "$work/block"; done
: > "$work/games.pgn"
for ((left = copies; left >= 64; left -= 64)); do cat "$work/block" >> "$work/games.pgn"; done
head -c $((left * block_bytes)) "$work/block" >> "$work/games.pgn"
rm "$work/block"
bytes=$(wc -c < "$work/games.pgn")
games=$((copies * block_games))
echo "collection: $copies copies of $corpus, $bytes bytes, $games games"

seconds=()
rates=()
rss=()
for run in 1 2 3; do
  start=$(date +%s%N)
  status=0
  /usr/bin/time -o "$work/time" -f '%M' \
    "$xfen" pgn lint "${extra[@]}" "$work/games.pgn" > "$work/out" 2> "$work/err" || status=$?
  end=$(date +%s%N)
  if [ "$status" -ne 0 ]; then
    echo "run $run: xfen pgn lint exited with status $status; the collection must lint clean" >&2
    head -n 5 "$work/out" >&2
    tail -n 5 "$work/err" >&2
    exit 1
  fi
  kib=$(tail -n 1 "$work/time")
  summary=$(tail -n 1 "$work/err")
  case "$summary" in
    "linted $games games in 1 file"*) ;;
    *) echo "run $run: expected 'linted $games games in 1 file…' on stderr, got: $summary" >&2; exit 1 ;;
  esac
  ns=$((end - start))
  rate=$(awk -v b="$bytes" -v ns="$ns" 'BEGIN { printf "%.1f", b / 1e6 / (ns / 1e9) }')
  second=$(awk -v ns="$ns" 'BEGIN { printf "%.3f", ns / 1e9 }')
  seconds+=("$second")
  rates+=("$rate")
  rss+=("$kib")
  echo "run $run: $second s, $rate MB/s, max RSS $kib KiB ($summary)"
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
echo "xfen pgn lint: $bytes bytes, $games games: median $(median "${seconds[@]}") s," \
     "$(median "${rates[@]}") MB/s, max RSS $(median "${rss[@]}") KiB"
