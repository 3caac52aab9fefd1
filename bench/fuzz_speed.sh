#!/usr/bin/env bash
# Executions per second of each fuzz target as the `fuzz` preset builds it (ASan + UBSan, the
# structure-aware mutator where fuzz/CMakeLists.txt gives it): three runs of 60 s, each pinned to
# one core, each from a fresh copy of corpus/TARGET with the flags of fuzz/TARGET.options. Prints
# every run's exec/s (libFuzzer's -print_final_stats average over the run) and the median.
#
# Usage: bench/fuzz_speed.sh [--build DIR] [--seconds S] [--runs N] [--core C] [--no-build] [TARGET…]
#   TARGET…      default: every target the build lists (fuzz/fuzz_targets.txt)
#   --build DIR  the fuzz build (default build-fuzz; configured with the preset when missing)
#   --seconds S  length of each run (default 60); --runs N: runs per target (default 3)
#   --core C     the core to pin runs to (default 1)
#   Extra cmake arguments for the configure step can be given in XFEN_FUZZ_CMAKE_ARGS, e.g.
#   XFEN_FUZZ_CMAKE_ARGS=-DXFEN_FUZZ_MUTATOR=OFF bench/fuzz_speed.sh --build build-fuzz-plain parse
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
build_dir=build-fuzz seconds=60 runs=3 core=1 build=1 targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build_dir="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --core) core="$2"; shift 2 ;;
    --no-build) build=0; shift ;;
    -h|--help) usage 0 ;;
    -*) echo "fuzz_speed.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done

if [ "$build" = 1 ]; then
  # shellcheck disable=SC2086  # the extra arguments are meant to split
  cmake --preset fuzz -B "$build_dir" ${XFEN_FUZZ_CMAKE_ARGS:-} > /dev/null
fi
if [ ${#targets[@]} -eq 0 ]; then
  [ -f "$build_dir/fuzz/fuzz_targets.txt" ] ||
    { echo "fuzz_speed.sh: $build_dir/fuzz/fuzz_targets.txt missing: configure with --preset fuzz" >&2; exit 2; }
  mapfile -t targets < "$build_dir/fuzz/fuzz_targets.txt"
fi
if [ "$build" = 1 ]; then
  cmake --build "$build_dir" -j2 --target "${targets[@]/#/fuzz_}" > /dev/null
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for target in "${targets[@]}"; do
  [ -n "$target" ] || continue
  bin="$build_dir/fuzz/fuzz_$target"
  [ -x "$bin" ] || { echo "fuzz_speed.sh: $bin was not built" >&2; exit 2; }
  mapfile -t flags < <(scripts/xfen-fuzz options "$target")
  rates=()
  for run in $(seq 1 "$runs"); do
    rm -rf "$work/corpus" && cp -r "corpus/$target" "$work/corpus"
    taskset -c "$core" "$bin" "${flags[@]}" -max_total_time="$seconds" -print_final_stats=1 \
        "$work/corpus" > "$work/log" 2>&1 || { echo "fuzz_speed.sh: $target failed, see below" >&2; tail -40 "$work/log" >&2; exit 1; }
    rate="$(sed -n 's/.*stat::average_exec_per_sec: *\([0-9]*\).*/\1/p' "$work/log")"
    done_line="$(grep -m1 'DONE' "$work/log" | sed 's/^#[0-9]*[[:space:]]*//')"
    echo "$target run $run: $rate exec/s ($done_line)"
    rates+=("$rate")
  done
  median="$(printf '%s\n' "${rates[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")"
  echo "$target: median $median exec/s over $runs runs of $seconds s (load $(cut -d' ' -f1-3 /proc/loadavg))"
done
