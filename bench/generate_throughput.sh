#!/usr/bin/env bash
# Generative certification's speed against --inputs, in the same run on the same machine, and what
# shrinking costs per group.
#
# 1. `xfen certify --generate N` against xfen's own adapter (which never disagrees, so nothing is
#    shrunk; --stale-limit N so that the stop rule does not end it early), its records captured
#    on their way to the adapter (each process tees what it reads to a file of its own);
# 2. `xfen certify --inputs` of exactly those records, against the same adapter, with the same
#    --jobs;
# three runs of each, alternated; prints each run's wall time (/usr/bin/time) and cases/s, the
# medians and their ratio (the issue's target: generation at least half the cases/s of --inputs).
# 3. Shrinking: --generate 20000 against two programs that disagree (tests/certify_stubs:
#    no_en_passant.py, and combination_bugs.py with each planted bug); per group its key, the
#    answers asked and the seconds spent shrinking it.
# Usage: bench/generate_throughput.sh [path/to/xfen] [records, default 200000] [extra certify options]
set -euo pipefail
cd "$(dirname "$0")/.."
xfen="$(realpath "${1:-build/xfen}")"
records="${2:-200000}"
shift 2 || shift $# || true
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time: run scripts/install-deps.sh" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The spelling batch counts: its records are generated, sent and graded like the others. Records
# holding a line feed (a mutation may make one) are not sent in stream mode, so a few fewer reach
# the adapter than are generated.
generate=("$xfen" certify --generate "$records" --seed 1 --stale-limit "$records" --json "$work/generate.json" "$@")
"${generate[@]}" --impl "tee -a '$work/sent.\$\$' | '$xfen' adapter" > /dev/null
cat "$work"/sent.* > "$work/records"
sent=$(wc -l < "$work/records")

# rate SECONDS: records per second over the whole command.
rate() { awk -v n="$sent" -v s="$1" 'BEGIN { printf "%d", n / s }'; }
generated=()
inputs=()
for run in 1 2 3; do
  /usr/bin/time -o "$work/time" -f '%e' "${generate[@]}" --impl "'$xfen' adapter" > /dev/null
  seconds=$(cat "$work/time")
  generated+=("$(rate "$seconds")")
  echo "--generate $records (+ spelling records), run $run: $seconds s, $(rate "$seconds") cases/s"
  /usr/bin/time -o "$work/time" -f '%e' \
    "$xfen" certify --inputs "$work/records" --impl "'$xfen' adapter" --json /dev/null "$@" > /dev/null
  seconds=$(cat "$work/time")
  inputs+=("$(rate "$seconds")")
  echo "--inputs of the same $sent records, run $run: $seconds s, $(rate "$seconds") cases/s"
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
g=$(median "${generated[@]}")
i=$(median "${inputs[@]}")
echo "median: --generate $g cases/s, --inputs $i cases/s: generation at $(awk -v g="$g" -v i="$i" 'BEGIN { printf "%.2f", g / i }') of --inputs"

echo
echo "shrinking (--generate 20000 --seed 1): per group, answers asked and seconds"
for program in "no_en_passant.py" "combination_bugs.py ep-beside-inner-rook" \
               "combination_bugs.py three-rights" "combination_bugs.py second-archbishop"; do
  read -r script bug <<< "$program"
  "$xfen" certify --generate 20000 --seed 1 --impl "exec python3 tests/certify_stubs/$script '$xfen' $bug" \
    --json "$work/shrink.json" "$@" > /dev/null || true
  python3 - "$work/shrink.json" "$program" << 'PY'
import json, sys
run = json.load(open(sys.argv[1]))["generative"]
for g in run["groups"]:
    print(f"  {sys.argv[2]}: {g['key']}: {g['calls']} answers, {g['shrink_seconds']:.2f} s, "
          f"{len(g['record'])} -> {g['minimal_bytes']} bytes")
PY
done
