#!/usr/bin/env bash
# Merges other corpora (a ClusterFuzzLite download, another machine's run) into corpus/TARGET,
# keeping only the inputs that add coverage (libFuzzer -merge=1).
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/fuzz-merge.sh TARGET DIR...

Builds fuzz_TARGET with the `fuzz` preset if needed and runs
  fuzz_TARGET -merge=1 corpus/TARGET DIR...
which copies into corpus/TARGET each input of the DIRs that covers something corpus/TARGET does
not (nothing is removed). Review the new files with git status and commit them.

  TARGET  a fuzz/TARGET.cpp target
  DIR     folders of inputs (a .zip, as ClusterFuzzLite stores corpora, is unpacked first)

Exit status: 0 merged, 2 usage, build or merge error.
EOF
}

# shellcheck source=scripts/fuzz-common.sh
source "$(dirname "$0")/fuzz-common.sh"

case "${1-}" in
  -h | --help) usage; exit 0 ;;
esac
[ $# -ge 2 ] || { usage >&2; exit 2; }
target="$1"
shift
fuzz_require_target "$target"

work="$(mktemp -d "${TMPDIR:-/tmp}/xfen-merge-$target.XXXXXX")"
trap 'rm -rf "$work"' EXIT
sources=()
index=0
for source in "$@"; do
  if [ -d "$source" ]; then
    sources+=("$(cd "$source" && pwd)")
  elif [ -f "$source" ] && [[ $source == *.zip ]]; then
    index=$((index + 1))
    mkdir -p "$work/zip-$index"
    (cd "$work/zip-$index" && unzip -q -j -o "$(cd "$(dirname "$source")" && pwd)/$(basename "$source")") ||
      fuzz_die "cannot unpack $source"
    sources+=("$work/zip-$index")
  else
    fuzz_die "$source is neither a folder nor a .zip"
  fi
done

fuzz_build "$target"
binary="$(fuzz_binary "$target")"
[ -x "$binary" ] || fuzz_die "$binary was not built: is fuzz/$target.cpp registered in fuzz/CMakeLists.txt?"

corpus="$XFEN_ROOT/corpus/$target"
mkdir -p "$corpus" "$work/tmp"
mapfile -t option_flags < <(fuzz_option_flags "$target" | grep -v '^-dict=' || true)
before="$(ls "$corpus" | wc -l)"
if ! (cd "$work" && TMPDIR="$work/tmp" "$binary" -merge=1 -timeout=60 "${option_flags[@]}" \
    -artifact_prefix="$work/" "$corpus" "${sources[@]}") >"$work/merge.log" 2>&1; then
  tail -n 30 "$work/merge.log" >&2
  fuzz_die "the merge failed (log above)"
fi
grep -E '^MERGE-OUTER: [0-9]+ new files' "$work/merge.log" || true
after="$(ls "$corpus" | wc -l)"
echo "corpus/$target: $before -> $after inputs ($((after - before)) new; review with git status)"
