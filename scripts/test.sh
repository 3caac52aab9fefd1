#!/usr/bin/env bash
# Builds and runs every test: the release build (default preset), the same under AddressSanitizer
# and UndefinedBehaviorSanitizer (asan preset), and a clang++ build, all with -Werror. Then a short
# benchmark run, so the benchmarks never rot (figures only: targets are read, not asserted).
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

echo "=== benchmarks (short run)"
build/bench/xfen_bench --benchmark_min_time=0.05
