#!/usr/bin/env bash
# The results matrix from a fresh machine, in one command: installs what is missing (the build's
# packages, Node.js, the npm libraries, the Debian engines), builds xfen, certifies every run of
# examples/adapters/programs.json against the whole suite, merges the reports with
# `xfen certify matrix`, checks the triage (docs/results/triage/*.json: every failure explained by
# exactly one behaviour, every behaviour still seen), and writes docs/RESULTS.md (with
# docs/results/generated.md, what generative certification found, as a section) and, when it stays
# under 3 MB, docs/results/matrix.html. Install, build and certification are timed apart.
#
# usage: scripts/results-matrix.sh [--out DIR] [--no-install] [--latest]
#   --out DIR     where the reports and the merged matrix go (default build/results)
#   --no-install  skip the installers (a machine that has everything)
#   --latest      certify the latest release of every npm library instead of the pinned one
#                 (`npm install NAME@latest` in examples/adapters, which changes its package.json
#                 and lock file: the weekly workflow's run; see the diff, or `git checkout` them)
# DIR/changes.md says what differs from what the triage was written for (versions, the triage's
# problems); the last line of output is "changed" or "unchanged".
# Exit status: 0 when every run wrote its report and the triage explains every failure; 1 when a
# run failed or the triage does not hold (docs/RESULTS.md is then left as it was, and the
# problems are listed); 2 for a usage error. See docs/results/README.md.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

out=build/results
install=1
latest=0
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || { echo "usage: scripts/results-matrix.sh [--out DIR] [--no-install] [--latest]" >&2; exit 2; }
      out=$2; shift 2 ;;
    --no-install) install=0; shift ;;
    --latest) latest=1; shift ;;
    *) echo "usage: scripts/results-matrix.sh [--out DIR] [--no-install] [--latest]" >&2; exit 2 ;;
  esac
done
page_limit=$((3 * 1024 * 1024))

started=$SECONDS
if [ $install -eq 1 ]; then
  scripts/install-deps.sh
  scripts/install-adapters.sh
fi
if [ $latest -eq 1 ]; then
  mapfile -t libraries < <(python3 -c 'import json, sys
print("\n".join(f"{name}@latest" for name in json.load(open(sys.argv[1]))["dependencies"]))' \
    examples/adapters/package.json)
  echo "installing: ${libraries[*]} (examples/adapters)"
  npm install --prefix examples/adapters --save-exact --no-audit --no-fund --loglevel=error \
    "${libraries[@]}" >/dev/null
fi
install_seconds=$((SECONDS - started))

started=$SECONDS
cmake --preset default >/dev/null
cmake --build --preset default --target xfen_cli -j"$(nproc)"
build_seconds=$((SECONDS - started))

started=$SECONDS
rm -rf "$out"
certify_status=0
XFEN=build/xfen scripts/certify-programs.sh --no-install --out "$out" || certify_status=$?
certify_seconds=$((SECONDS - started))

triage=(docs/results/triage/*.json)
triage_status=0
python3 tools/results/triage.py check --reports "$out" "${triage[@]}" | tee "$out/triage.txt" ||
  triage_status=$?

if [ $certify_status -eq 0 ] && [ $triage_status -eq 0 ]; then
  # What generative certification found (scripts/certify-programs.sh --generate, committed as
  # docs/results/generated.md: an hour of runs, not part of this command) is a section of its own.
  generated=()
  [ -f docs/results/generated.md ] && generated=(--generated docs/results/generated.md)
  python3 tools/results/triage.py results --reports "$out" --matrix "$out/matrix.md" \
    --manifest examples/adapters/programs.json --out docs/RESULTS.md "${generated[@]}" "${triage[@]}"
  size=$(stat -c %s "$out/matrix.html")
  if [ "$size" -lt $page_limit ]; then
    cp "$out/matrix.html" docs/results/matrix.html
    page="docs/results/matrix.html ($size bytes)"
  else
    rm -f docs/results/matrix.html
    page="$out/matrix.html only ($size bytes, over the 3 MB a committed page may take)"
  fi
  echo "wrote docs/RESULTS.md and $page"
else
  echo "docs/RESULTS.md left as it was: $([ $certify_status -ne 0 ] && echo "a run wrote no report")" \
    "$([ $triage_status -ne 0 ] && echo "the triage does not explain every failure ($out/triage.txt)")"
fi
python3 tools/results/triage.py changes --reports "$out" --manifest examples/adapters/programs.json \
  --out "$out/changes.md" "${triage[@]}" > "$out/changed"
echo "results-matrix: install ${install_seconds} s, build ${build_seconds} s, certification" \
  "${certify_seconds} s (every run, wall clock); reports in $out/"
cat "$out/changed"
[ $certify_status -eq 0 ] && [ $triage_status -eq 0 ]
