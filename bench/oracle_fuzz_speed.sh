#!/usr/bin/env bash
# exec/s of the fuzz targets that test other implementations (fuzz/README.md, "Fuzzing other
# implementations"), each run pinned to one core, from the record seeds, median of three:
#   - external against `xfen adapter` (a C++ program that never disagrees: the cost of the pipe,
#     the runner and the grading alone);
#   - external against chessops (examples/adapters/chessops.mjs, Node.js; scripts/install-adapters.sh),
#     going on past its disagreements (XFEN_FUZZ_KEEP_GOING) so that a run lasts its time;
#   - plugin: the simple model linked in (C++ in process);
#   - differential: the same simple model compared by xfen's own law, no grading, for scale.
# Usage: bench/oracle_fuzz_speed.sh [SECONDS per run, default 30] [CORE, default 0]
# Builds build-fuzz (the fuzz preset) and build/xfen when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
core="${2:-0}"
[ -x build/xfen ] || { cmake --preset default >/dev/null && cmake --build build -j"$(nproc)" --target xfen_cli >/dev/null; }
[ -f build-fuzz/CMakeCache.txt ] || cmake --preset fuzz >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target fuzz_external fuzz_plugin fuzz_differential >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$PWD"

run() {  # name target [VAR=value...]: prints the exec/s of one run
  local target=$1
  shift 1
  mkdir -p "$work/corpus" "$work/kept"
  rm -rf "$work/corpus"/* "$work/kept"/*
  (cd "$work" && env "$@" XFEN_FUZZ_KEEP_GOING="$work/kept" taskset -c "$core" "$root/build-fuzz/fuzz/fuzz_$target" \
    -max_total_time="$seconds" -print_final_stats=1 -seed=1 -max_len=256 -dict="$root/fuzz/xfen.dict" \
    -timeout=60 "$work/corpus" "$root/build-fuzz/fuzz/record-seeds" >"$work/log" 2>&1) || true
  sed -nE 's/^stat::average_exec_per_sec:[[:space:]]*([0-9]+)/\1/p' "$work/log"
}

measure() {  # label target [VAR=value...]
  local label=$1
  shift
  local figures=()
  for _ in 1 2 3; do figures+=("$(run "$@")"); done
  local median
  median=$(printf '%s\n' "${figures[@]}" | sort -n | sed -n 2p)
  printf '%-40s median %6s exec/s (runs: %s)\n' "$label" "$median" "${figures[*]}"
}

measure "external, xfen adapter" external XFEN_FUZZ_IMPL="$root/build/xfen adapter"
measure "external, chessops (Node.js)" external XFEN_FUZZ_IMPL="cd '$root' && node examples/adapters/chessops.mjs" \
  XFEN_FUZZ_SUPPORTS=8x8,chess960,shredder-input
measure "plugin, simple model in process" plugin
measure "differential (same model, no grading)" differential
