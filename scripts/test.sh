#!/usr/bin/env bash
# Builds and runs every test: the g++ release build (default preset) and the same under
# AddressSanitizer and UndefinedBehaviorSanitizer (asan preset: clang++, which compiles it in two
# thirds of g++'s time), both with -Werror; the tests of the code with a vector path built without
# it (portable preset), and the AArch64 build's NEON code under qemu (scripts/check-aarch64.sh);
# a sample of mutants of the core library (built with
# g++) that the fast tests must kill (scripts/mutate). Then the clang++ build (-Werror), which is
# the coverage build: every test runs in it, and the coverage of the
# parser and writer is held to its thresholds (scripts/coverage.sh; the clang preset is the same
# build without the instrumentation, for local use). Then every fuzz
# target for 20 s (scripts/xfen-fuzz ci: libFuzzer, ASan + UBSan, two targets at a time), the
# targets that fuzz other implementations on planted bugs (tests/oracle_fuzz_test.py), and a
# short benchmark run, so the benchmarks never rot (figures only: targets are read, not asserted).
# The last line says what passed.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
# Node.js with chessops and Debian's pychess, for the example adapters' test (tests/adapters_test.sh)
scripts/install-adapters.sh
# libc++ instrumented with MemorySanitizer, for the fuzz targets' memory build
# (tests/clusterfuzzlite_test.sh); built once from Debian's LLVM sources, then cached
scripts/build-msan-libcxx.sh
jobs="$(nproc)"
log="$(mktemp -d)"
trap 'rm -rf "$log"' EXIT
passed=()  # one entry per stage, for the line at the end
stage_started=$SECONDS
stage() {  # announces a stage, after saying how long the one before took
  if [ -n "${stage_name:-}" ]; then echo "--- $stage_name: $((SECONDS - stage_started)) s"; fi
  stage_name="$1"
  stage_started=$SECONDS
  echo "=== $1"
}
for preset in default asan; do
  stage "$preset"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j"$jobs"
  ctest --preset "$preset" -j"$jobs" | tee "$log/ctest-$preset"
  passed+=("$preset $(sed -nE 's/.*tests passed, 0 tests failed out of ([0-9]+)/\1\/\1/p' "$log/ctest-$preset")")
done
# Which board scans the tests held to the precise reader: the vector scan only where this
# processor has AVX-512 (docs/PERFORMANCE.md), so the last line says when it was not tested.
build/tests/fast_path_test --run_test=board_scans_on_this_processor >"$log/board-scans"
passed+=("board scans $(sed -nE 's/^board scans tested: //p' "$log/board-scans" | sed 's/, /+/g')")

stage "portable (the board writer without vector code, as on a processor without a byte shuffle)"
# The tests of the code that has a vector and a portable path, built with the portable one alone:
# the default build takes the vector path wherever the processor has it.
portable_tests=(fast_path_test write_test validate_test conformance_test round_trip_property
                exhaustive_castling_test)
cmake --preset portable >/dev/null
cmake --build --preset portable -j"$jobs" --target "${portable_tests[@]}"
ctest --preset portable -j"$jobs" -R "^($(IFS='|'; echo "${portable_tests[*]}"))\$" | tee "$log/ctest-portable"
passed+=("portable $(sed -nE 's/.*tests passed, 0 tests failed out of ([0-9]+)/\1\/\1/p' "$log/ctest-portable")")

stage "aarch64 (the library cross-built, its NEON board writer against the portable one under qemu)"
scripts/check-aarch64.sh | tee "$log/aarch64"
passed+=("aarch64 $(sed -nE 's/^aarch64: ([0-9]+) ranks and ([0-9]+) boards.*/\1 ranks and \2 boards/p' "$log/aarch64")")

stage "mutation sample (25 seeded mutants of the core library against the fast suite; docs/MUTATION.md)"
# A survivor fails the run, at the end: the checks below still run and report. Declared
# equivalents are not run here (each would run the whole suite, a minute); full runs check them.
mutation_status=0
scripts/mutate --suite fast --sample 25 --seed 936 --jobs "$jobs" --fail-on-survivor \
  --equivalent tools/mutate/mutation-equivalent.txt --skip-equivalent | tail -n 40 | tee "$log/mutate" ||
  mutation_status=$?
passed+=("mutants $(sed -nE 's/^mutation score \(fast\): ([0-9]+\/[0-9]+) killed.*/\1 killed/p' "$log/mutate")")

stage "clang++ build with coverage: every test, then the parser's and writer's coverage (100% lines, >= 95% branches)"
scripts/coverage.sh --fail-under-lines 100 --fail-under-branches 95 | tee "$log/coverage-full" |
  tail -n 12 | tee "$log/coverage"
passed+=("clang $(sed -nE 's/.*tests passed, 0 tests failed out of ([0-9]+)/\1\/\1/p' "$log/coverage-full")")
passed+=("coverage $(grep -cE '>= [0-9]+%$' "$log/coverage")/2 thresholds")

stage "fuzzing (every target, 20 s each, on its seed corpus; nothing in the tree changes)"
scripts/xfen-fuzz ci --time 20 --parallel "$jobs" | tee "$log/fuzz"
passed+=("fuzzing $(sed -nE 's/^fuzz: ([0-9]+) target.*/\1 targets/p' "$log/fuzz")")
# The targets that fuzz other implementations find a planted bug in a Python program and in a
# C++ plug-in, and make each a conformance case (they reuse build-fuzz/, and build the fuzz-plain
# preset that minimising uses).
python3 tests/oracle_fuzz_test.py build/xfen 2>&1 | tail -n 12 | tee "$log/oracle"
grep -q '^OK$' "$log/oracle"
passed+=("oracle targets $(sed -nE 's/^Ran ([0-9]+) tests.*/\1\/\1/p' "$log/oracle")")

stage "benchmarks (short run, so they never rot; figures are measured as bench/RESULTS.md says)"
# To a file: the console reporter's header warns that Debian's benchmark library was built with
# assertions, which says nothing about xfen's own build, the one measured.
build/bench/xfen_bench --benchmark_min_time=0.05 --benchmark_out="$log/bench.json" \
  --benchmark_out_format=json >"$log/bench.txt" 2>&1 || { cat "$log/bench.txt"; exit 1; }
benchmarks="$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["benchmarks"]))' "$log/bench.json")"
echo "$benchmarks benchmarks ran"
passed+=("$benchmarks benchmarks ran")
# The core against issue 28's baseline commit, one round, build/xfen's canon included: the
# script's own short run, so that it never rots (docs/PERFORMANCE.md has the figures of a full run).
bench/baseline_speed.sh --rounds 1 >"$log/baseline-speed" 2>&1 || { cat "$log/baseline-speed"; exit 1; }
for line in '^parse-8x8 ' '^  canon per line / parse \+ write '; do  # the drivers' and xfen canon's
  grep -qE "$line" "$log/baseline-speed" || { cat "$log/baseline-speed"; exit 1; }
done
passed+=("baseline speed compared")

stage "total $SECONDS s"
if [ "$mutation_status" -ne 0 ]; then
  echo "=== FAILED: a sampled mutant survived (see the mutation section above); passed: $(IFS=,; echo "${passed[*]}")" >&2
  exit "$mutation_status"
fi
echo "all checks passed: $(IFS=,; echo "${passed[*]}" | sed 's/,/, /g') (ctest entries per preset)"
