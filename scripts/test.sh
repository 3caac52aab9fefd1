#!/usr/bin/env bash
# Builds and runs every test: the release build (default preset), the same under AddressSanitizer
# and UndefinedBehaviorSanitizer (asan preset), and a clang++ build, all with -Werror; a sample of
# mutants of the core library that the fast tests must kill (scripts/mutate). Then the
# coverage of the parser and writer against its thresholds (scripts/coverage.sh), every fuzz
# target for 30 s (scripts/fuzz-ci.sh: libFuzzer, ASan + UBSan), and a short benchmark run, so
# the benchmarks never rot (figures only: targets are read, not asserted).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
jobs="$(nproc)"
for preset in default asan clang; do
  echo "=== $preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j"$jobs"
  ctest --preset "$preset" -j"$jobs"
done

echo "=== mutation sample (25 seeded mutants of the core library against the fast suite; docs/MUTATION.md)"
# A survivor fails the run, at the end: the checks below still run and report.
mutation_status=0
scripts/mutate --suite fast --sample 25 --seed 936 --jobs "$jobs" --fail-on-survivor \
  --equivalent docs/mutation-equivalent.txt | tail -n 40 || mutation_status=$?

echo "=== coverage of the parser and writer (unit tests + corpus replays; 100% lines, >= 95% branches)"
scripts/coverage.sh --fail-under-lines 100 --fail-under-branches 95 | tail -n 12

echo "=== fuzzing (every target, 30 s each, on a copy of its seed corpus)"
scripts/fuzz-ci.sh 30

echo "=== benchmarks (short run)"
build/bench/xfen_bench --benchmark_min_time=0.05

if [ "$mutation_status" -ne 0 ]; then
  echo "=== mutation sample: a mutant survived (see the section above)" >&2
  exit "$mutation_status"
fi
