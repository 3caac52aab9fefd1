#!/usr/bin/env bash
# The results matrix against the real programs (docs/results/README.md):
#   expectations  chessops and Ethereal (Chess960 mode) certified on the whole suite, at the
#                 versions the manifest pins, and compared case by case with
#                 docs/results/expected/RUN.txt: a new failure, a changed verdict or an expected
#                 failure that now passes fails the test, so a change of ours that alters a verdict
#                 shows at once.
#   triage        every run of examples/adapters/programs.json certified on the whole suite, and
#                 the triage (docs/results/triage/*.json) checked against the reports: every
#                 failure explained by exactly one behaviour, every behaviour still seen.
# Both need scripts/install-adapters.sh; until it has run the test exits 77 (skipped).
# usage: results_test.sh expectations|triage XFEN SOURCE_DIR
set -euo pipefail

mode=$1
xfen=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
root=$(cd "$3" && pwd)
cd "$root"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The runs: those with expectations, or every run of the manifest.
runs=()
if [ "$mode" = expectations ]; then
  for file in docs/results/expected/*.txt; do runs+=("$(basename "$file" .txt)"); done
fi
# Every run's program must be installed: a run left out would leave its expectations unchecked.
absent=$(python3 - examples/adapters/programs.json "${runs[@]}" << 'PY'
import json, os, sys
for p in json.load(open(sys.argv[1]))["programs"]:
    if (not sys.argv[2:] or p["name"] in sys.argv[2:]) and not all(os.path.exists(r) for r in p["requires"]):
        print(p["name"])
PY
)
if [ -n "$absent" ]; then
  echo "skipped: not installed (scripts/install-adapters.sh): $(echo $absent)"
  exit 77
fi

case $mode in
  expectations)
    expected=(docs/results/expected/*.txt)
    XFEN=$xfen scripts/certify-programs.sh --no-install --patient --only "${runs[@]}" --out "$work" \
      > "$work/certify.log" 2>&1 || { cat "$work/certify.log"; exit 1; }
    # --manifest: the versions that ran must be the ones the expectations were made with.
    python3 tools/results/triage.py compare --reports "$work" --manifest examples/adapters/programs.json \
      "${expected[@]}"
    ;;
  triage)
    XFEN=$xfen scripts/certify-programs.sh --no-install --patient --out "$work" \
      > "$work/certify.log" 2>&1 || { cat "$work/certify.log"; exit 1; }
    tail -n 1 "$work/certify.log"
    python3 tools/results/triage.py check --reports "$work" docs/results/triage/*.json
    ;;
  *)
    echo "usage: results_test.sh expectations|triage XFEN SOURCE_DIR" >&2
    exit 2
    ;;
esac
