#!/usr/bin/env bash
# Throughput of `xfen canon` on a 1,000,000-line file made from the bundled corpus (13,000 real
# Chess960 and Capablanca records, repeated). Prints lines per second for each of five runs and
# their median. Usage: bench/canon_throughput.sh [path/to/xfen]
set -euo pipefail
cd "$(dirname "$0")/.."
xfen="${1:-build/xfen}"
lines=1000000
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

corpus=corpus/positions/mixed.xfen
: > "$work/input"
while [ "$(wc -l < "$work/input")" -lt "$lines" ]; do cat "$corpus" >> "$work/input"; done
head -n "$lines" "$work/input" > "$work/records" && rm "$work/input"

rates=()
for run in 1 2 3 4 5; do
  start=$(date +%s%N)
  "$xfen" canon "$work/records" > /dev/null
  end=$(date +%s%N)
  rate=$(( lines * 1000000000 / (end - start) ))
  rates+=("$rate")
  echo "run $run: $(( (end - start) / 1000000 )) ms, $rate lines/s"
done
median=$(printf '%s\n' "${rates[@]}" | sort -n | sed -n 3p)
echo "xfen canon: median $median lines/s over $lines lines"
