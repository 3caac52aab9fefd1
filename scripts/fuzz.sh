#!/usr/bin/env bash
# Fuzzes one target for as long as you like, then keeps what it learnt: new inputs that add
# coverage are merged into corpus/TARGET (libFuzzer -merge=1, so the corpus stays small), crashes
# land in artifacts/TARGET/ (not in git).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/fuzz.sh TARGET [--time SECONDS] [--jobs N] [-- LIBFUZZER_FLAGS...]

Builds fuzz_TARGET with the `fuzz` preset (clang, libFuzzer, ASan + UBSan) if needed and fuzzes
it on a working copy of corpus/TARGET (plus corpus/regressions), with the dictionary and flags of
fuzz/TARGET.options. At the end (time up, a crash, or Ctrl-C) the new inputs that add coverage are
merged into corpus/TARGET with -merge=1; review and commit them with git.

  TARGET          a fuzz/TARGET.cpp target: parse, roundtrip, differential, lenient, adapter, legal
  --time SECONDS  stop after SECONDS (default: 0, run until Ctrl-C or the first crash)
  --jobs N        fuzzing processes, libFuzzer -fork=N (default: the number of cores); 1 runs
                  in-process
  -- FLAGS        passed to libFuzzer as is (e.g. -- -max_len=512 -ignore_crashes=1)

Crashes, leaks and timeouts are written to artifacts/TARGET/; then:
  scripts/fuzz-reproduce.sh artifacts/TARGET/crash-...   what broke, in every target
  scripts/fuzz-minimize.sh TARGET artifacts/TARGET/crash-...   shrink it into corpus/regressions/
Exit status: 0 no crash, 1 a crash was found, 2 usage or build error.
EOF
}

# shellcheck source=scripts/fuzz-common.sh
source "$(dirname "$0")/fuzz-common.sh"

target=""
seconds=0
jobs="$(nproc)"
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --time) [ $# -ge 2 ] || fuzz_die "--time needs a number of seconds"; seconds="$2"; shift 2 ;;
    --time=*) seconds="${1#*=}"; shift ;;
    --jobs) [ $# -ge 2 ] || fuzz_die "--jobs needs a number"; jobs="$2"; shift 2 ;;
    --jobs=*) jobs="${1#*=}"; shift ;;
    --) shift; extra=("$@"); break ;;
    -*) usage >&2; fuzz_die "unknown option $1" ;;
    *) [ -z "$target" ] || fuzz_die "one target at a time (got '$target' and '$1')"; target="$1"; shift ;;
  esac
done
[[ $seconds =~ ^[0-9]+$ ]] || fuzz_die "--time wants a whole number of seconds, not '$seconds'"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || fuzz_die "--jobs wants a positive number, not '$jobs'"
[ -n "$target" ] || { usage >&2; exit 2; }
fuzz_require_target "$target"

fuzz_build "$target"
binary="$(fuzz_binary "$target")"
[ -x "$binary" ] || fuzz_die "$binary was not built: is fuzz/$target.cpp registered in fuzz/CMakeLists.txt?"

corpus="$XFEN_ROOT/corpus/$target"
artifacts="$XFEN_ROOT/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
work="$(mktemp -d "${TMPDIR:-/tmp}/xfen-fuzz-$target.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fuzz_copy_inputs "$work/corpus" "$corpus" "$XFEN_ROOT/corpus/regressions"
touch "$work/start"

mapfile -t option_flags < <(fuzz_option_flags "$target")
flags=(-artifact_prefix="$artifacts/" -max_total_time="$seconds" -print_final_stats=1
       "${option_flags[@]}")
[ "$jobs" -gt 1 ] && flags+=(-fork="$jobs")
flags+=("${extra[@]}")

echo "=== fuzzing $target: ${seconds}s (0 = until Ctrl-C), $jobs job(s), $(ls "$work/corpus" | wc -l) seed inputs"
echo "    $binary ${flags[*]} $work/corpus"
# libFuzzer runs in the background so that Ctrl-C (which it handles itself, by stopping) also
# reaches this script's trap: the merge below still happens.
interrupted=0
trap 'interrupted=1' INT
"$binary" "${flags[@]}" "$work/corpus" &
fuzzer=$!
while :; do
  status=0
  wait "$fuzzer" || status=$?
  # A status over 128 with the fuzzer still alive: the wait was cut short by Ctrl-C.
  [ "$status" -gt 128 ] && kill -0 "$fuzzer" 2>/dev/null && continue
  break
done
trap - INT
[ "$interrupted" -eq 0 ] || echo "=== interrupted (libFuzzer exit status $status)"

before="$(ls "$corpus" | wc -l)"
echo "=== merging new inputs into corpus/$target (-merge=1)"
mkdir -p "$work/merge-tmp"
if ! TMPDIR="$work/merge-tmp" "$binary" -merge=1 "${option_flags[@]}" \
    -artifact_prefix="$work/merge-artifacts-" "$corpus" "$work/corpus" >"$work/merge.log" 2>&1; then
  tail -n 20 "$work/merge.log" >&2
  echo "warning: the merge failed (log above); corpus/$target may be unchanged" >&2
fi
after="$(ls "$corpus" | wc -l)"
echo "corpus/$target: $before -> $after inputs ($((after - before)) new; review with git status)"

mapfile -t found < <(find "$artifacts" -maxdepth 1 -type f -newer "$work/start" \
  \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
if [ ${#found[@]} -gt 0 ]; then
  echo "=== ${#found[@]} new artifact(s) in artifacts/$target/:"
  for file in "${found[@]}"; do
    rel="${file#"$XFEN_ROOT"/}"
    echo "  $rel"
    echo "    input: \"$(fuzz_escape_file "$file" | head -c 2000)\""
    echo "    scripts/fuzz-reproduce.sh $rel"
    echo "    scripts/fuzz-minimize.sh $target $rel"
  done
  exit 1
fi
if [ "$status" -ne 0 ] && [ "$interrupted" -eq 0 ]; then
  echo "libFuzzer exited with status $status and wrote no artifact (see above)" >&2
  exit 1
fi
exit 0
