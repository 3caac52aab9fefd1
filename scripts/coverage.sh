#!/usr/bin/env bash
# Source-based line and branch coverage of the xfen library (clang, llvm-cov).
#
# Builds the `coverage` preset (build-coverage/), runs every ctest entry (unit tests, conformance
# vectors, corpus replays of the fuzz targets, the command's tests) with one raw profile per
# process, merges them and reports on the core library: src/*.cpp, src/*.hpp, include/xfen/*.hpp
# (not the folders below src/: io, pgn, conformance, certify, cli). Prints llvm-cov's report, a
# per-file table of lines and branches, and the same figures for the parser and the writer
# (src/parse.cpp, src/board_scan.cpp, src/write.cpp, src/board_text.cpp, src/rank_text.hpp,
# src/rank_shuffle.hpp) on their own; writes an HTML report to build-coverage/coverage-html/.
#
#   scripts/coverage.sh [--fail-under-lines PCT] [--fail-under-branches PCT]
#                       [--scope parser-writer|core] [--build-dir DIR] [--no-build]
#                       [--fuzz-corpora WORKING_DIR [--fuzz-targets T,...]] [-- CTEST_ARGS...]
#
# --fail-under-lines/--fail-under-branches: exit 1 when the figure of --scope (default
# parser-writer) is below PCT. Exits 1 too when a test fails (the report is still written).
# --build-dir: build the preset's configuration in DIR instead of build-coverage/ (the HTML
# report goes to DIR/coverage-html/). --no-build: reuse the binaries already built there.
# --fuzz-corpora: instead of ctest, replay each fuzz target's corpora (corpus/T, corpus/regressions
# and WORKING_DIR/T, the working corpus of scripts/xfen-fuzz run) through its replay binary, for
# what fuzzing reaches (HTML in DIR/fuzz-coverage-html/); --fuzz-targets limits the targets.
# Needs clang++ and the llvm-14 tools (Debian package llvm-14): llvm-profdata-14, llvm-cov-14.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)

fail_lines=""
fail_branches=""
scope="parser-writer"
build=1
build_dir="$root/build-coverage"
ctest_args=()
fuzz_corpora=""
fuzz_targets=""
usage() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --fail-under-lines) fail_lines=${2:?--fail-under-lines needs a percentage}; shift 2 ;;
    --fail-under-branches) fail_branches=${2:?--fail-under-branches needs a percentage}; shift 2 ;;
    --scope) scope=${2:?--scope needs parser-writer or core}; shift 2 ;;
    --build-dir) build_dir=${2:?--build-dir needs a directory}; shift 2 ;;
    --no-build) build=0; shift ;;
    --fuzz-corpora) fuzz_corpora=${2:?--fuzz-corpora needs the working corpora folder}; shift 2 ;;
    --fuzz-targets) fuzz_targets=${2:?--fuzz-targets needs a list}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    --) shift; ctest_args=("$@"); break ;;
    *) echo "coverage.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
case "$scope" in parser-writer|core) ;; *) echo "coverage.sh: bad --scope '$scope'" >&2; exit 2 ;; esac
for pct in "$fail_lines" "$fail_branches"; do
  if [ -n "$pct" ] && ! [[ "$pct" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
    echo "coverage.sh: bad percentage '$pct'" >&2; exit 2
  fi
done

find_tool() {
  local name
  for name in "$1-14" "$1"; do
    if command -v "$name" >/dev/null 2>&1; then command -v "$name"; return 0; fi
  done
  echo "coverage.sh: $1-14 not found (Debian package llvm-14)" >&2
  return 1
}
cov=$(find_tool llvm-cov)

mkdir -p "$build_dir"
build_dir=$(cd "$build_dir" && pwd)
profile_dir="$build_dir/profiles"
profile="$build_dir/coverage.profdata"
html_dir="$build_dir/coverage-html"
[ -z "$fuzz_corpora" ] || html_dir="$build_dir/fuzz-coverage-html"

if [ "$build" -eq 1 ]; then
  cmake --preset coverage -B "$build_dir" >/dev/null
  cmake --build "$build_dir" -j "$(nproc)"
fi

# One raw profile per process (%p); %m merges into it if a pid comes round again.
rm -rf "$profile_dir" "$profile"
mkdir -p "$profile_dir"
tests_ok=1
if [ -n "$fuzz_corpora" ]; then
  if [ -n "$fuzz_targets" ]; then IFS=, read -ra targets <<<"$fuzz_targets"
  else mapfile -t targets <"$build_dir/fuzz/fuzz_targets.txt"; fi
  for target in "${targets[@]}"; do
    folders=("$root/corpus/$target" "$root/corpus/regressions")
    [ -d "$fuzz_corpora/$target" ] && folders+=("$fuzz_corpora/$target")
    echo "replaying ${folders[*]#"$root"/} through fuzz_$target"
    LLVM_PROFILE_FILE="$profile_dir/%p-%m.profraw" "$build_dir/fuzz/fuzz_$target" "${folders[@]}" >/dev/null ||
      tests_ok=0
  done
else
  LLVM_PROFILE_FILE="$profile_dir/%p-%m.profraw" \
    ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" ${ctest_args[@]+"${ctest_args[@]}"} ||
    tests_ok=0
fi

"$root/scripts/merge-profiles.sh" "$profile_dir" "$profile"

# Every instrumented binary of the build (tests, replays, the command), not the client projects
# the package tests build.
objects=()
while IFS= read -r file; do
  # grep reads all of readelf's output (no -q): an early exit would SIGPIPE readelf and, under
  # pipefail, drop the binary.
  if readelf -S -W "$file" 2>/dev/null | grep -c '__llvm_covmap' >/dev/null; then objects+=("$file"); fi
done < <(find "$build_dir" -type f -perm -u+x ! -path '*/package_*' ! -path '*/CMakeFiles/*' | sort)
if [ ${#objects[@]} -eq 0 ]; then
  echo "coverage.sh: no instrumented binaries in $build_dir" >&2
  exit 1
fi

core=(src/*.cpp src/*.hpp include/xfen/*.hpp)
# With several binaries, a function one of them does not use has an empty record there, and
# llvm-cov warns that it does not match the counts another binary gave; the counts are still used.
# Its warnings come in colour whatever it is told (html output), so the codes are taken out too:
# the colour reset after a dropped line would be left alone in CI logs.
quiet() { "$@" 2> >(sed 's/\x1b\[[0-9;]*m//g' | grep -v -e 'functions have mismatched data' -e '^$' >&2); }
common=(-instr-profile "$profile" "${objects[0]}")
for object in "${objects[@]:1}"; do common+=(-object "$object"); done

echo
echo "== llvm-cov report: core library =="
quiet "$cov" report -use-color=false "${common[@]}" "${core[@]}"

quiet "$cov" show "${common[@]}" -format=html -output-dir "$html_dir" -show-branches=count \
  -show-line-counts-or-regions -project-title=xfen "${core[@]}"

# Per-file and per-group figures, and the thresholds, from llvm-cov's JSON summary.
read -r -d '' summarise <<'PY' || true
import json, sys

root, scope, fail_lines, fail_branches = sys.argv[1:5]
parser_writer = ["src/parse.cpp", "src/board_scan.cpp", "src/write.cpp", "src/board_text.cpp",
                 "src/rank_text.hpp", "src/rank_shuffle.hpp"]
files = {}
for export in json.load(sys.stdin)["data"]:
    for entry in export["files"]:
        name = entry["filename"]
        if name.startswith(root + "/"):
            name = name[len(root) + 1:]
        files[name] = entry["summary"]

def figures(names):
    total = {"lines": [0, 0], "branches": [0, 0]}
    for name in names:
        for kind in total:
            total[kind][0] += files[name][kind]["covered"]
            total[kind][1] += files[name][kind]["count"]
    return total

def pct(covered, count):
    return 100.0 * covered / count if count else 100.0

def row(label, total):
    (lc, ln), (bc, bn) = total["lines"], total["branches"]
    return (f"{label:<32} {lc:>6}/{ln:<6} {pct(lc, ln):7.2f}%   "
            f"{bc:>5}/{bn:<5} {pct(bc, bn):7.2f}%")

header = f"{'file':<32} {'lines':>13} {'':8}   {'branches':>11} {'':8}"
def table(title, names, total_label):
    print()
    print(f"== {title} ==")
    print(header)
    for name in names:
        print(row(name, figures([name])))
    print("-" * len(header))
    print(row(total_label, figures(names)))

core = sorted(files)
missing = [name for name in parser_writer if name not in files]
if missing:
    sys.exit(f"coverage.sh: no coverage data for {', '.join(missing)}")
table("core library (src/*, include/xfen/; not the folders below src/)", core, "core library")
table("parser and writer", parser_writer, "parser + writer")

total = figures(parser_writer if scope == "parser-writer" else core)
failed = False
for kind, limit in (("lines", fail_lines), ("branches", fail_branches)):
    if limit == "-":
        continue
    value = pct(*total[kind])
    if value + 1e-9 < float(limit):
        print(f"coverage.sh: {scope} {kind} {value:.2f}% is under {limit}%", file=sys.stderr)
        failed = True
    else:
        print(f"{scope} {kind} {value:.2f}% >= {limit}%")
sys.exit(1 if failed else 0)
PY
status=0
quiet "$cov" export "${common[@]}" -summary-only "${core[@]}" |
  python3 -c "$summarise" "$root" "$scope" "${fail_lines:--}" "${fail_branches:--}" || status=$?
echo
echo "HTML report: $html_dir/index.html"

if [ "$tests_ok" -eq 0 ]; then
  echo "coverage.sh: some tests failed" >&2
  exit 1
fi
exit "$status"
