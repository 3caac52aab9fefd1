#!/usr/bin/env bash
# The core's speed against a baseline commit, measured in the same run on the same records. Both
# libraries are built here (the baseline checked out into a temporary worktree), one driver
# (bench/baseline_speed_driver.cpp) is compiled against each, and the two drivers take turns,
# pinned to one core, so that a busy or throttled machine slows both alike. Prints the median time
# per record of each phase for each library and the speed-up (baseline / working tree); then the
# working tree's own ratios the performance targets name (docs/PERFORMANCE.md), and, given an
# `xfen` command, what `xfen canon` costs per line against the in-process parse + write.
#
#   bench/baseline_speed.sh [--baseline COMMIT] [--rounds N] [--core C] [--xfen PATH]
#
# Defaults: the baseline is 623f4b1 (the last commit before issue 28's work), 7 rounds, core 1,
# build/xfen when it exists. The records are corpus/positions/mixed.xfen (random legal Chess960
# and Capablanca games). CXX (default g++) builds both libraries alike, Release; the drivers -O2.
set -euo pipefail

source_dir=$(cd "$(dirname "$0")/.." && pwd)
baseline=623f4b1
rounds=7
core=1
xfen="$source_dir/build/xfen"
xfen_given=no
usage="usage: bench/baseline_speed.sh [--baseline COMMIT] [--rounds N] [--core C] [--xfen PATH]"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --baseline) baseline=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --core) core=$2; shift 2 ;;
    --xfen) xfen=$2; xfen_given=yes; shift 2 ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
cxx=${CXX:-g++}
command -v taskset >/dev/null || { echo "taskset (util-linux) is not installed" >&2; exit 2; }
[[ $xfen_given == no || -x $xfen ]] || { echo "--xfen $xfen: no such command" >&2; exit 2; }
git -C "$source_dir" rev-parse --verify --quiet "$baseline^{commit}" >/dev/null ||
  { echo "no commit $baseline in $source_dir (a shallow clone? fetch it first)" >&2; exit 2; }

work=$(mktemp -d)
cleanup() {
  git -C "$source_dir" worktree remove --force "$work/baseline" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
git -C "$source_dir" worktree add --detach --quiet "$work/baseline" "$baseline"

for tree in baseline current; do
  tree_dir=$([[ $tree == baseline ]] && echo "$work/baseline" || echo "$source_dir")
  cmake -S "$tree_dir" -B "$work/build-$tree" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DXFEN_BUILD_CLI=OFF -DXFEN_BUILD_TESTS=OFF \
    -DXFEN_BUILD_BENCH=OFF -DXFEN_INSTALL=OFF >"$work/$tree.cmake.log" ||
    { cat "$work/$tree.cmake.log" >&2; exit 1; }
  cmake --build "$work/build-$tree" --target xfen -j2 >"$work/$tree.build.log" ||
    { cat "$work/$tree.build.log" >&2; exit 1; }
  "$cxx" -std=c++20 -O2 -DNDEBUG -I"$source_dir/bench" -I"$tree_dir/include" \
    -I"$work/build-$tree/include" "$source_dir/bench/baseline_speed_driver.cpp" \
    "$work/build-$tree/src/libxfen.a" -o "$work/driver-$tree"
done

records="$source_dir/corpus/positions/mixed.xfen"
changes=$(git -C "$source_dir" diff --quiet HEAD || echo ', with uncommitted changes')
echo "baseline $(git -C "$source_dir" rev-parse --short "$baseline") against the working tree" \
  "($(git -C "$source_dir" rev-parse --short HEAD)$changes), $rounds rounds on core $core, $cxx"
# `xfen canon` over the corpus repeated to 400,000 lines, to /dev/null, and over an empty input,
# once each a round, so that its runs meet the same moods of the machine as the drivers' (five
# runs after all the rounds once came out twice as slow as the drivers' passes). Its cost per line
# is the fastest run over each input, their difference over the lines: starting a process (3.5 ms
# on this project's machine, 2 ms of it what starting /bin/true costs there) is no line's cost.
canon_skipped=""
if [[ -x "$xfen" ]]; then
  lines=400000
  : >"$work/canon-input"
  while (( $(wc -l <"$work/canon-input") < lines )); do
    cat "$records" >>"$work/canon-input"
  done
  : >"$work/canon-empty"
else
  canon_skipped="no $xfen (cmake --build build --target xfen_cli builds it; --xfen names another)"
fi

for _ in $(seq "$rounds"); do
  for tree in baseline current; do
    taskset -c "$core" "$work/driver-$tree" "$records" 2>/dev/null | sed "s/^/$tree /" \
      >>"$work/times"
  done
  if [[ -z $canon_skipped ]]; then
    for input in canon-input canon-empty; do
      start=$(date +%s%N)
      taskset -c "$core" "$xfen" canon "$work/$input" >/dev/null
      end=$(date +%s%N)
      echo "$input $(wc -l <"$work/$input") $(( end - start ))" >>"$work/canon"
    done
  fi
done

python3 - "$work/times" "$work/canon" "$canon_skipped" <<'EOF'
import os, statistics, sys
times = {}
for line in open(sys.argv[1]):
    tree, phase, ns = line.split()
    times.setdefault(phase, {}).setdefault(tree, []).append(float(ns))
median = {phase: {tree: statistics.median(v) for tree, v in by_tree.items()}
          for phase, by_tree in times.items()}
print(f"{'phase':<20}{'baseline ns':>12}{'now ns':>9}{'speed-up':>10}   (median of the rounds)")
for phase, by_tree in median.items():
    before, now = by_tree["baseline"], by_tree["current"]
    print(f"{phase:<20}{before:>12.1f}{now:>9.1f}{before / now:>9.2f}x")
now = {phase: by_tree["current"] for phase, by_tree in median.items()}
print("working tree ratios:")
print(f"  10x8 / 8x8 parse          {now['parse-10x8'] / now['parse-8x8']:.2f}")
print(f"  10x8 / 8x8 parse + write  {now['parse-write-10x8'] / now['parse-write-8x8']:.2f}")
print(f"  lenient / strict parse    {now['parse-lenient-all'] / now['parse-all']:.2f}")
if os.path.exists(sys.argv[2]):
    runs = {}
    for line in open(sys.argv[2]):
        name, count, ns = line.split()
        runs.setdefault(name, (int(count), []))[1].append(int(ns))
    lines = runs["canon-input"][0]
    start = min(runs["canon-empty"][1])
    canon = (min(runs["canon-input"][1]) - start) / lines
    print(f"  canon per line / parse + write  {canon:.0f} / {now['parse-write-all']:.1f} ns"
          f" = {canon / now['parse-write-all']:.2f}"
          f"   ({lines:,} lines, less {start / 1e6:.1f} ms to start on an empty input)")
else:
    print(f"  canon per line: not measured: {sys.argv[3]}")
EOF
