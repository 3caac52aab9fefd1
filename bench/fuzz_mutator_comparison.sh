#!/usr/bin/env bash
# Does the structure-aware mutator find more coverage per minute than libFuzzer's byte mutations?
# Builds TARGET twice (preset `fuzz`, with and without -DXFEN_FUZZ_MUTATOR=OFF), fuzzes each for
# the same seeds and minutes, each run on a fresh copy of corpus/TARGET and pinned to one core,
# then prints a table:
#   - edges (cov) at 1, 2, 5, 10, ... minutes, from each run's own `cov:` lines, timestamped as
#     they are printed (the two binaries number the target's edges alike: the mutator's own
#     functions carry no counters, and both start from the same count on the seed corpus);
#   - the final corpus evaluated by the SAME binary, the one without the mutator
#     (`-runs=0 DIR` prints `INITED cov: N ft: M`), so the final figures are comparable;
#   - executions and exec/s (libFuzzer's -print_final_stats).
#
# Usage: bench/fuzz_mutator_comparison.sh TARGET [--seeds N] [--minutes M] [--cores LIST]
#          [--mutator-build DIR] [--plain-build DIR] [--out DIR] [--no-build]
#   --seeds N      seeds 1..N (default 3)
#   --minutes M    minutes per run (default 10)
#   --cores LIST   cores to run on, comma-separated (default 1). With two cores, the two runs of a
#                  seed go side by side; use that only on an otherwise idle machine.
#   --out DIR      keep logs and corpora there (default: a temporary folder, removed at the end)
#   --no-build     use the two build folders as they are
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
[ $# -ge 1 ] || usage 2
case "$1" in -h|--help) usage 0 ;; esac
target="$1"; shift
seeds=3 minutes=10 cores=1 build=1 out=""
mutator_build=build-fuzz-mutator plain_build=build-fuzz-plain
while [ $# -gt 0 ]; do
  case "$1" in
    --seeds) seeds="$2"; shift 2 ;;
    --minutes) minutes="$2"; shift 2 ;;
    --cores) cores="$2"; shift 2 ;;
    --mutator-build) mutator_build="$2"; shift 2 ;;
    --plain-build) plain_build="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) usage 0 ;;
    *) echo "fuzz_mutator_comparison.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
[ -f "fuzz/$target.cpp" ] || { echo "fuzz_mutator_comparison.sh: no fuzz target fuzz/$target.cpp" >&2; exit 2; }
[ -d "corpus/$target" ] || { echo "fuzz_mutator_comparison.sh: no seed corpus corpus/$target/" >&2; exit 2; }

if [ "$build" = 1 ]; then
  cmake --preset fuzz -B "$mutator_build" -DXFEN_FUZZ_MUTATOR=ON > /dev/null
  cmake --preset fuzz -B "$plain_build" -DXFEN_FUZZ_MUTATOR=OFF > /dev/null
  cmake --build "$mutator_build" -j2 --target "fuzz_$target" > /dev/null
  cmake --build "$plain_build" -j2 --target "fuzz_$target" > /dev/null
fi
mutator_bin="$mutator_build/fuzz/fuzz_$target"
plain_bin="$plain_build/fuzz/fuzz_$target"
for bin in "$mutator_bin" "$plain_bin"; do
  [ -x "$bin" ] || { echo "fuzz_mutator_comparison.sh: $bin was not built" >&2; exit 2; }
done

if [ -n "$out" ]; then
  mkdir -p "$out"
else
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi

# The target's options file as libFuzzer flags (max_len, dict, timeout), the dictionary by path.
mapfile -t flags < <(scripts/xfen-fuzz options "$target")

points=()
for p in 1 2 5 10 20 30 60 120; do [ "$p" -lt "$minutes" ] && points+=("$p"); done
points+=("$minutes")

# One run: ARM SEED CORE. Each line of libFuzzer's output gets the seconds since the start.
run() {
  local arm="$1" seed="$2" core="$3" bin
  [ "$arm" = mutator ] && bin="$mutator_bin" || bin="$plain_bin"
  rm -rf "$out/$arm-$seed" && cp -r "corpus/$target" "$out/$arm-$seed"
  taskset -c "$core" "$bin" "${flags[@]}" -seed="$seed" -max_total_time=$((minutes * 60)) \
      -print_final_stats=1 "$out/$arm-$seed" 2>&1 |
    perl -MTime::HiRes=time -ne 'BEGIN { $| = 1; $t0 = time } printf "%.1f %s", time - $t0, $_' \
      > "$out/$arm-$seed.log"
  cut -d' ' -f1 /proc/loadavg > "$out/$arm-$seed.load"  # the machine may be shared: say how busy
  "$plain_bin" "${flags[@]}" -runs=0 "$out/$arm-$seed" > "$out/$arm-$seed.eval" 2>&1
}

IFS=',' read -r -a core_list <<< "$cores"
echo "fuzz_mutator_comparison: $target, seeds 1..$seeds, $minutes min per run, cores ${cores}, logs in $out" >&2
for seed in $(seq 1 "$seeds"); do
  if [ "${#core_list[@]}" -ge 2 ]; then
    run mutator "$seed" "${core_list[0]}" & run plain "$seed" "${core_list[1]}" & wait
  else
    run mutator "$seed" "${core_list[0]}"
    run plain "$seed" "${core_list[0]}"
  fi
  echo "  seed $seed done ($(date +%H:%M))" >&2
done

# The largest `cov:` at or before each point (libFuzzer's count only grows).
cov_at() {
  awk -v limit="$2" '$1 <= limit && match($0, / cov: [0-9]+/) { c = substr($0, RSTART + 6, RLENGTH - 6) + 0; if (c > best) best = c } END { print best + 0 }' "$1"
}
header="| arm | seed |"
rule="|---|---|"
for p in "${points[@]}"; do header+=" edges ${p} min |"; rule+="---|"; done
header+=" final cov (plain binary) | final ft (plain binary) | corpus files | execs | exec/s | load at end |"
rule+="---|---|---|---|---|---|"
echo "$header"
echo "$rule"
for arm in mutator plain; do
  for seed in $(seq 1 "$seeds"); do
    log="$out/$arm-$seed.log"
    row="| $arm | $seed |"
    for p in "${points[@]}"; do row+=" $(cov_at "$log" $((p * 60))) |"; done
    inited="$(grep -m1 'INITED' "$out/$arm-$seed.eval" || true)"
    cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<< "$inited")"
    ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<< "$inited")"
    files="$(find "$out/$arm-$seed" -type f | wc -l)"
    execs="$(sed -n 's/.*stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log")"
    rate="$(sed -n 's/.*stat::average_exec_per_sec: *\([0-9]*\).*/\1/p' "$log")"
    load="$(cat "$out/$arm-$seed.load" 2>/dev/null || echo '?')"
    echo "$row ${cov:-?} | ${ft:-?} | $files | ${execs:-?} | ${rate:-?} | $load |"
  done
done
