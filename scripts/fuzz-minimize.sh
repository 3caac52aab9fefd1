#!/usr/bin/env bash
# Shrinks an input that crashes a target (libFuzzer -minimize_crash=1) and files the result as a
# regression input, corpus/regressions/<target>-<sha1 prefix>, which ctest replays through every
# target in every build from then on.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/fuzz-minimize.sh TARGET CRASH_FILE [--runs N] [--time SECONDS]

Builds fuzz_TARGET with the `fuzz` preset if needed, minimises CRASH_FILE with
-minimize_crash=1 -runs=N -exact_artifact_path, checks that the smaller input still fails, and
copies it to corpus/regressions/TARGET-<first 10 hex digits of its sha1>. Commit that file with
the fix: the replay tests (ctest, every preset) run it through every target.

  TARGET          the target that fails on CRASH_FILE (see scripts/fuzz-reproduce.sh)
  CRASH_FILE      e.g. artifacts/TARGET/crash-...
  --runs N        runs per minimisation step (default 100000)
  --time SECONDS  at most this long in all (default 120)

Exit status: 0 a regression input was written, 1 CRASH_FILE does not fail TARGET, 2 usage or
build error.
EOF
}

# shellcheck source=scripts/fuzz-common.sh
source "$(dirname "$0")/fuzz-common.sh"

positional=()
runs=100000
seconds=120
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) usage; exit 0 ;;
    --runs) [ $# -ge 2 ] || fuzz_die "--runs needs a number"; runs="$2"; shift 2 ;;
    --runs=*) runs="${1#*=}"; shift ;;
    --time) [ $# -ge 2 ] || fuzz_die "--time needs a number of seconds"; seconds="$2"; shift 2 ;;
    --time=*) seconds="${1#*=}"; shift ;;
    -*) usage >&2; fuzz_die "unknown option $1" ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -eq 2 ] || { usage >&2; exit 2; }
target="${positional[0]}"
crash="${positional[1]}"
[[ $runs =~ ^[1-9][0-9]*$ ]] || fuzz_die "--runs wants a positive number, not '$runs'"
[[ $seconds =~ ^[1-9][0-9]*$ ]] || fuzz_die "--time wants a positive number of seconds, not '$seconds'"
fuzz_require_target "$target"
[ -f "$crash" ] || fuzz_die "no such file: $crash"
crash="$(cd "$(dirname "$crash")" && pwd)/$(basename "$crash")"

fuzz_build "$target"
binary="$(fuzz_binary "$target")"
[ -x "$binary" ] || fuzz_die "$binary was not built: is fuzz/$target.cpp registered in fuzz/CMakeLists.txt?"

work="$(mktemp -d "${TMPDIR:-/tmp}/xfen-minimize-$target.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mapfile -t option_flags < <(fuzz_option_flags "$target" | grep -Ev '^-(dict|max_len)=' || true)

if (cd "$work" && "$binary" -timeout=60 "${option_flags[@]}" "$crash") >"$work/check.log" 2>&1; then
  echo "${0##*/}: $crash does not make $target fail; nothing to minimise" >&2
  echo "(scripts/fuzz-reproduce.sh $crash tells which targets it fails)" >&2
  exit 1
fi

echo "=== minimising $(wc -c <"$crash") bytes against $target (-runs=$runs, at most ${seconds}s)"
minimized="$work/minimized"
status=0
(cd "$work" && "$binary" -minimize_crash=1 -runs="$runs" -max_total_time="$seconds" \
  -timeout=60 "${option_flags[@]}" -exact_artifact_path="$minimized" "$crash") \
  >"$work/minimize.log" 2>&1 || status=$?
if [ ! -f "$minimized" ]; then
  tail -n 30 "$work/minimize.log" >&2
  echo "${0##*/}: libFuzzer wrote no minimised input (exit status $status); keeping the original" >&2
  cp "$crash" "$minimized"
fi
if (cd "$work" && "$binary" -timeout=60 "${option_flags[@]}" "$minimized") >"$work/recheck.log" 2>&1; then
  echo "${0##*/}: the minimised input no longer fails $target (flaky?); keeping the original" >&2
  cp "$crash" "$minimized"
  (cd "$work" && "$binary" -timeout=60 "${option_flags[@]}" "$minimized") >"$work/recheck.log" 2>&1 || true
fi

sha="$(sha1sum "$minimized" | cut -c1-10)"
destination="$XFEN_ROOT/corpus/regressions/$target-$sha"
mkdir -p "$XFEN_ROOT/corpus/regressions"
cp "$minimized" "$destination"

echo "minimised: $(wc -c <"$crash") -> $(wc -c <"$minimized") bytes"
echo "  \"$(fuzz_escape_file "$minimized")\""
echo "written:   ${destination#"$XFEN_ROOT"/}"
echo
grep -E '^(=== xfen fuzz|target:|law:|input:|expected:|actual:|SUMMARY:)' "$work/recheck.log" | sed 's/^/  /' || true
echo
echo "next: fix the bug, then check with"
echo "  scripts/fuzz-reproduce.sh ${destination#"$XFEN_ROOT"/}"
echo "and commit ${destination#"$XFEN_ROOT"/} with the fix (ctest replays it through every target)."
