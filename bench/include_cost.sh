#!/usr/bin/env bash
# What including <xfen/xfen.hpp> costs a library user's compile, against <iostream>: the median
# user CPU seconds of RUNS compiles of a file that holds nothing but the one #include, for g++ and
# clang++ (each where installed), with
#
#   $CXX -std=c++20 -O2 -I include -I BUILD_DIR/include -c FILE -o /dev/null
#
# BUILD_DIR/include holds the generated xfen/export.hpp and xfen/version.hpp: configure a build
# first (cmake --preset default). A benchmark, not a test: user CPU time still varies with the
# machine and its load, so the figure is the median, and the two headers are compiled in turns.
#
#   bench/include_cost.sh [--instructions] [BUILD_DIR] [RUNS]        (defaults: build, 10)
#
# --instructions also counts the instructions of one compile of each under valgrind (callgrind,
# the compiler's largest process): a figure that, unlike time, does not move with the load of a
# shared machine. `g++ -H` on the same file lists the headers one pulls in, indented by depth.
set -euo pipefail

instructions=false
if [[ "${1:-}" == --instructions ]]; then
  instructions=true
  shift
fi
source_dir=$(cd "$(dirname "$0")/.." && pwd)
build_dir=$(cd "${1:-$source_dir/build}" && pwd)
runs=${2:-10}
if $instructions && ! command -v valgrind >/dev/null; then
  echo "--instructions: valgrind is not installed" >&2
  exit 2
fi
[[ -f "$build_dir/include/xfen/export.hpp" ]] ||
  { echo "no $build_dir/include/xfen/export.hpp: configure the build first" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo '#include <xfen/xfen.hpp>' >"$work/xfen.cpp"
echo '#include <iostream>' >"$work/iostream.cpp"

# The user CPU seconds of one compile (bash's `time` counts the compiler's child processes).
user_seconds() {
  local TIMEFORMAT=%3U
  { time "$1" -std=c++20 -O2 -I "$source_dir/include" -I "$build_dir/include" -c "$2" \
      -o /dev/null 2>"$work/errors"; } 2>&1 ||
    { cat "$work/errors" >&2; return 1; }
}

# The instructions of one compile: the largest count among the processes the driver starts.
instruction_count() {
  rm -f "$work"/callgrind.*
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/callgrind.%p" \
    "$1" -std=c++20 -O2 -I "$source_dir/include" -I "$build_dir/include" -c "$2" -o /dev/null \
    >/dev/null 2>&1
  awk '/^summary:/ { if ($2 > most) most = $2 } END { print most }' "$work"/callgrind.*
}

median() { sort -n | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-8s %-18s %s\n' compiler header "median user s (${runs} runs)"
for cxx in g++ clang++; do
  command -v "$cxx" >/dev/null || { echo "$cxx: not installed, skipped"; continue; }
  : >"$work/xfen.times"
  : >"$work/iostream.times"
  user_seconds "$cxx" "$work/xfen.cpp" >/dev/null  # warm the file cache
  for ((run = 0; run < runs; ++run)); do
    user_seconds "$cxx" "$work/xfen.cpp" >>"$work/xfen.times"
    user_seconds "$cxx" "$work/iostream.cpp" >>"$work/iostream.times"
  done
  for header in xfen iostream; do
    name='<xfen/xfen.hpp>'
    [[ $header == iostream ]] && name='<iostream>'
    line=$(printf '%-8s %-18s %s' "$cxx" "$name" "$(median <"$work/$header.times")")
    if $instructions; then
      line+=$(printf '    instructions %s' "$(instruction_count "$cxx" "$work/$header.cpp")")
    fi
    echo "$line"
  done
done
