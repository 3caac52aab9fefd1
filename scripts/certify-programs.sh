#!/usr/bin/env bash
# Runs xfen certify on every adapter run of examples/adapters/programs.json (one per program and
# mode), then prints one Markdown table of the reports (tools/certify_programs/table.py) and the
# run time per program and in total.
#
# usage: scripts/certify-programs.sh [--quick] [--only NAME...] [--out DIR]
#   --quick      only the side-to-move cases (--tag side), as CI runs it
#   --only NAME  only these runs (names of programs.json; several may follow one --only)
#   --out DIR    where the reports go (default build/certify-programs): NAME.json, NAME.html and
#                NAME.txt (certify's output) per run, and table.md
# XFEN=PATH chooses the xfen binary (default build/xfen). scripts/install-adapters.sh runs first
# (it does nothing when everything is installed); its time is printed apart and not counted.
# Each run is `xfen certify --impl COMMAND --name NAME --supports TAGS --json ... --html ...` with
# the run's options from the manifest. Exit status: 0 when every run wrote its report (whatever its verdicts), 1 otherwise,
# 2 for a usage error.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

xfen=${XFEN:-build/xfen}
manifest=examples/adapters/programs.json
out=build/certify-programs
quick=0
only=()
usage() {
  echo "usage: scripts/certify-programs.sh [--quick] [--only NAME...] [--out DIR]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --only)
      shift
      if [ $# -eq 0 ] || [[ $1 == --* ]]; then usage; fi
      while [ $# -gt 0 ] && [[ $1 != --* ]]; do only+=("$1"); shift; done ;;
    *) usage ;;
  esac
done
[ -x "$xfen" ] || { echo "certify-programs.sh: no xfen binary at $xfen (set XFEN)" >&2; exit 2; }

started=$SECONDS
scripts/install-adapters.sh
install_seconds=$((SECONDS - started))

# The runs, one line each: name, command, supports (comma-separated) and options, tab-separated.
runs=$(python3 - "$manifest" "${only[@]}" << 'PY'
import json, sys
programs = json.load(open(sys.argv[1]))["programs"]
names = [p["name"] for p in programs]
unknown = [name for name in sys.argv[2:] if name not in names]
if unknown:
    sys.exit(f"certify-programs.sh: no run named {', '.join(unknown)} in {sys.argv[1]}; "
             f"there are: {' '.join(names)}")
for p in programs:
    if sys.argv[2:] and p["name"] not in sys.argv[2:]:
        continue
    fields = [p["name"], p["command"], ",".join(p["supports"]), " ".join(p["options"])]
    if any("\t" in f or "\n" in f for f in fields) or any(not o or o != o.strip() or " " in o
                                                       for o in p["options"]):
        sys.exit(f"certify-programs.sh: {p['name']}: a tab, line break or space where none can be")
    print("\t".join(fields))
PY
) || exit 2

mkdir -p "$out"
reports=()
failed=()
total=$(wc -l <<< "$runs")
i=0
runs_started=$SECONDS
while IFS=$'\t' read -r name command supports options; do
  i=$((i + 1))
  args=(certify --impl "$command" --name "$name" --supports "$supports" --json "$out/$name.json"
    --html "$out/$name.html")
  read -r -a extra <<< "$options"
  args+=("${extra[@]}")
  [ $quick -eq 1 ] && args+=(--tag side)
  rm -f "$out/$name.json"
  run_started=$SECONDS
  status=0
  "$xfen" "${args[@]}" > "$out/$name.txt" 2>&1 || status=$?
  if [ -f "$out/$name.json" ]; then
    reports+=("$out/$name.json")
    echo "[$i/$total] $name: $((SECONDS - run_started)) s, exit status $status" >&2
  else
    failed+=("$name")
    echo "[$i/$total] $name: no report (exit status $status); see $out/$name.txt" >&2
  fi
done <<< "$runs"
runs_seconds=$((SECONDS - runs_started))

if [ ${#reports[@]} -gt 0 ]; then
  python3 tools/certify_programs/table.py --manifest "$manifest" "${reports[@]}" |
    tee "$out/table.md"
fi
echo
echo "${#reports[@]} runs in ${runs_seconds} s (wall clock, install not counted; installing took" \
  "${install_seconds} s)$([ $quick -eq 1 ] && echo ", --quick: --tag side only")." \
  "Reports: $out/"
if [ ${#failed[@]} -gt 0 ]; then
  echo "no report from: ${failed[*]}"
  exit 1
fi
