#!/usr/bin/env bash
# Throughput and memory of `xfen certify` streaming: xfen's own adapter certified against an
# --inputs file of 1,000,000 records, then of 2,000,000 (the bundled corpus, 13,000 real Chess960
# and Capablanca records, with one in ten copied with a bad side to move, repeated). Three runs of
# each under /usr/bin/time (Debian package `time`, scripts/install-deps.sh); prints each run's
# wall time, cases per second and maximum resident set size, and the medians. The runner pulls
# records as it has room and lists only failures, so the maximum RSS should not grow with the file.
# Usage: bench/certify_throughput.sh [path/to/xfen] [extra certify options, e.g. --jobs 2]
set -euo pipefail
cd "$(dirname "$0")/.."
xfen="${1:-build/xfen}"
shift || true
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: run scripts/install-deps.sh" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

corpus=corpus/positions/mixed.xfen
{ cat "$corpus"; sed -n '1~10p' "$corpus" | sed 's/ [wb] / x /'; } > "$work/block"
block_lines=$(wc -l < "$work/block")
invalid_per_block=$(grep -c ' x ' "$work/block")

# records N FILE: the first N lines of the block, repeated.
records() {
  : > "$2"
  local have=0
  while [ "$have" -lt "$1" ]; do cat "$work/block" >> "$2"; have=$((have + block_lines)); done
  head -n "$1" "$2" > "$2.tmp" && mv "$2.tmp" "$2"
}

for lines in 1000000 2000000; do
  records "$lines" "$work/records"
  rates=()
  rss=()
  for run in 1 2 3; do
    /usr/bin/time -o "$work/time" -f '%e %M' \
      "$xfen" certify --impl "$xfen adapter" --inputs "$work/records" --json /dev/null "$@" \
      > "$work/out" || { tail -n 5 "$work/out" >&2; exit 1; }
    read -r seconds kib < "$work/time"
    rate=$(awk -v n="$lines" -v s="$seconds" 'BEGIN { printf "%d", n / s }')
    rates+=("$rate")
    rss+=("$kib")
    echo "$lines records, run $run: $seconds s, $rate cases/s, max RSS $kib KiB ($(tail -n 1 "$work/out"))"
  done
  echo "$lines records: median $(printf '%s\n' "${rates[@]}" | sort -n | sed -n 2p) cases/s," \
       "median max RSS $(printf '%s\n' "${rss[@]}" | sort -n | sed -n 2p) KiB"
done
echo "(each block of $block_lines records has $invalid_per_block invalid ones)"
