#!/usr/bin/env bash
# Runs one input (a crash file, or the base64 string libFuzzer prints) through every fuzz target
# in the sanitizer build and says, for each, whether it passed or what broke.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/fuzz-reproduce.sh CRASH_FILE | BASE64

Runs the input through EVERY fuzz target (fuzz/*.cpp), each a libFuzzer binary with ASan and
UBSan built by the `fuzz` preset (built first if needed), and prints the input escaped, then for
each target either "passed" or what failed: the broken law (target, law, input, expected,
actual) and the sanitizer's stack.

  CRASH_FILE  a file, e.g. artifacts/parse/crash-1f2e... or corpus/regressions/parse-0a1b2c3d4e
  BASE64      the string after "Base64:" in libFuzzer's report (the "Base64:" word may be kept)

Exit status: 0 no target fails on the input, 1 some target fails, 2 usage or build error.
EOF
}

# shellcheck source=scripts/fuzz-common.sh
source "$(dirname "$0")/fuzz-common.sh"

case "${1-}" in
  -h | --help) usage; exit 0 ;;
esac
[ $# -ge 1 ] || { usage >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/xfen-reproduce.XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -f "$1" ]; then
  input="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
  origin="file $1"
else
  [ $# -eq 1 ] || { [ "$1" = "Base64:" ] && [ $# -eq 2 ]; } ||
    fuzz_die "'$1' is not a file; as base64, pass one string"
  encoded="${*: -1}"
  encoded="${encoded#Base64:}"
  encoded="$(tr -d ' \n\r\t' <<<"$encoded")"
  [[ $encoded =~ ^[A-Za-z0-9+/]*=?=?$ ]] ||
    fuzz_die "'$1' is neither a file nor base64 (characters A-Z a-z 0-9 + / =)"
  input="$work/input"
  printf '%s' "$encoded" | base64 -d >"$input" 2>/dev/null ||
    fuzz_die "'$1' is not valid base64"
  origin="base64"
fi

fuzz_build
mapfile -t targets < <(fuzz_targets)

echo "input (${origin}, $(wc -c <"$input") bytes):"
echo "  \"$(fuzz_escape_file "$input")\""
echo "  base64: $(base64 -w0 <"$input")"
echo

failed=()
passed=()
for target in "${targets[@]}"; do
  binary="$(fuzz_binary "$target")"
  if [ ! -x "$binary" ]; then
    echo "--- $target: not built (not registered in fuzz/CMakeLists.txt?), skipped"
    continue
  fi
  mapfile -t option_flags < <(fuzz_option_flags "$target" | grep -v '^-dict=' || true)
  status=0
  (cd "$work" && "$binary" -timeout=60 "${option_flags[@]}" "$input") >"$work/$target.log" 2>&1 ||
    status=$?
  if [ "$status" -eq 0 ]; then
    echo "--- $target: passed"
    passed+=("$target")
  else
    echo "--- $target: FAILED (exit status $status)"
    grep -Ev '^(INFO: |Running: |Executed .* in [0-9]+ ms$|\*\*\* NOTE: fuzzing was not performed|\*\*\*$)' \
      "$work/$target.log" | sed 's/^/    /' || true
    failed+=("$target")
  fi
done

echo
echo "reproduce: ${#passed[@]} passed, ${#failed[@]} failed${failed:+ (${failed[*]})}"
[ ${#failed[@]} -eq 0 ]
