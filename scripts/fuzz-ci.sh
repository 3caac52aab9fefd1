#!/usr/bin/env bash
# The fuzzing step of scripts/test.sh: every fuzz target for a short while on a temporary copy of
# its seed corpus (the repository is not modified); fails on any crash, leak, timeout or broken law.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/fuzz-ci.sh [SECONDS]

Builds the `fuzz` preset (clang, libFuzzer, ASan + UBSan) and fuzzes every target fuzz/<t>.cpp
that has a binary, one after the other, SECONDS each (default 30), on a temporary copy of
corpus/<t> and corpus/regressions, with fuzz/<t>.options, and prints one line per target:
  fuzz <t>: <exec/s> exec/s, <edges> edges (cov), <runs> runs
On a crash, leak, timeout or broken law it prints the report, the input escaped and in base64,
keeps the input in artifacts/<t>/ and prints the commands that reproduce and minimise it.

Exit status: 0 every target ran clean, 1 some target failed, 2 usage or build error.
EOF
}

# shellcheck source=scripts/fuzz-common.sh
source "$(dirname "$0")/fuzz-common.sh"

case "${1-}" in
  -h | --help) usage; exit 0 ;;
esac
[ $# -le 1 ] || { usage >&2; exit 2; }
seconds="${1:-30}"
[[ $seconds =~ ^[1-9][0-9]*$ ]] || fuzz_die "SECONDS must be a positive whole number, not '$seconds'"

fuzz_build
mapfile -t targets < <(fuzz_targets)
[ ${#targets[@]} -gt 0 ] || fuzz_die "no fuzz targets found in fuzz/*.cpp"

work="$(mktemp -d "${TMPDIR:-/tmp}/xfen-fuzz-ci.XXXXXX")"
trap 'rm -rf "$work"' EXIT

started=$SECONDS
failed=()
ran=0
for target in "${targets[@]}"; do
  binary="$(fuzz_binary "$target")"
  if [ ! -x "$binary" ]; then
    echo "fuzz $target: skipped (no binary: fuzz/$target.cpp is not in fuzz/CMakeLists.txt yet)"
    continue
  fi
  ran=$((ran + 1))
  dir="$work/$target"
  fuzz_copy_inputs "$dir/corpus" "$XFEN_ROOT/corpus/$target" "$XFEN_ROOT/corpus/regressions"
  mkdir -p "$dir/artifacts" "$dir/tmp"
  mapfile -t option_flags < <(fuzz_option_flags "$target")
  status=0
  (cd "$dir" && TMPDIR="$dir/tmp" "$binary" -max_total_time="$seconds" -print_final_stats=1 \
    -timeout=25 -rss_limit_mb=2048 "${option_flags[@]}" -artifact_prefix="$dir/artifacts/" \
    "$dir/corpus") >"$dir/log" 2>&1 || status=$?

  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -n1)"
  speed="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$dir/log" | tail -n1)"
  edges="$(grep -Eo 'cov: [0-9]+' "$dir/log" | tail -n1 | cut -d' ' -f2 || true)"
  mapfile -t found < <(find "$dir/artifacts" -maxdepth 1 -type f \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)

  if [ "$status" -eq 0 ] && [ ${#found[@]} -eq 0 ]; then
    echo "fuzz $target: ${speed:-?} exec/s, ${edges:-?} edges (cov), ${runs:-?} runs"
    continue
  fi

  failed+=("$target")
  echo "fuzz $target: FAILED (libFuzzer exit status $status) after ${runs:-?} runs"
  # The report: from the first line of a broken law or sanitizer/libFuzzer error to the end.
  first="$(grep -m1 -nE '^=== xfen fuzz: law broken|^==[0-9]+==ERROR|runtime error:|ERROR: libFuzzer|^ALARM: working on the last Unit' \
    "$dir/log" | cut -d: -f1 || true)"
  if [ -n "$first" ]; then
    echo "---- $target: report (libFuzzer output from line $first)"
    tail -n +"$first" "$dir/log" | grep -v '^stat::' | head -n 150 | sed 's/^/    /' || true
  else
    echo "---- $target: libFuzzer output (last 80 lines)"
    tail -n 80 "$dir/log" | sed 's/^/    /' || true
  fi
  if [ ${#found[@]} -eq 0 ]; then
    echo "---- $target: no artifact was written"
    continue
  fi
  mkdir -p "$XFEN_ROOT/artifacts/$target"
  for file in "${found[@]}"; do
    kept="$XFEN_ROOT/artifacts/$target/$(basename "$file")"
    cp "$file" "$kept"
    echo "---- $target: artifact $(basename "$file") ($(wc -c <"$file") bytes)"
    echo "    input:  \"$(fuzz_escape_file "$file" | head -c 4000)\""
    echo "    base64: $(base64 -w0 <"$file" | head -c 8000)"
    echo "    kept:   ${kept#"$XFEN_ROOT"/}"
    echo "    reproduce: scripts/fuzz-reproduce.sh ${kept#"$XFEN_ROOT"/}"
    echo "           or: scripts/fuzz-reproduce.sh $(base64 -w0 <"$file" | head -c 8000)"
    echo "    minimise into corpus/regressions/: scripts/fuzz-minimize.sh $target ${kept#"$XFEN_ROOT"/}"
  done
done

echo "fuzz: ${ran} target(s), ${seconds}s each, $((SECONDS - started))s in all; ${#failed[@]} failed${failed:+: ${failed[*]}}"
[ "$ran" -gt 0 ] || fuzz_die "no target has a binary"
[ ${#failed[@]} -eq 0 ] || exit 1
