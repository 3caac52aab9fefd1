#!/usr/bin/env bash
# Runs xfen certify on every adapter run of examples/adapters/programs.json (one per program and
# mode), then merges the reports with `xfen certify matrix` (the runs by class, by tag, and what
# describes each; printed) and says how long all the runs took.
#
# usage: scripts/certify-programs.sh [--quick] [--patient] [--no-install] [--only NAME...] [--out DIR]
#                                    [--generate N [--seed S] [--time S] [--shrink-time S] [--suite-reports DIR]]
#   --quick       only the side-to-move cases (--tag side), as CI runs it
#   --patient     a minute per answer (--timeout-ms, --startup-ms 60000): for a loaded machine
#                 (the tests), where a slow answer must not pass for a timeout
#   --no-install  do not run scripts/install-adapters.sh; a run whose program is missing fails
#   --only NAME   only these runs (names of programs.json; several may follow one --only)
#   --generate N  generative certification instead of the suite: N generated records per run
#                 (xfen certify --generate, profile from the run's --supports: 10x8, chess960 or
#                 8x8), each minimal disagreement saved as a case (NAME.cases.jsonl); prints the
#                 groups of every run (tools/results/generated.py) instead of the matrix
#   --seed S      with --generate: the seed of every run (default 1)
#   --time S      with --generate: seconds of generation at most per run (an engine restarted after
#                 every crash, as Stockfish is, takes an hour for 100,000 records)
#   --shrink-time S  with --generate: seconds at most to shrink one group (xfen's default: 120; an
#                 engine that crashes restarts for every candidate record, a few a second)
#   --suite-reports DIR  with --generate: the suite runs' reports (DIR/NAME.json, as a run without
#                 --generate writes them), so that each group says whether the suite shows it
#   --out DIR     where the reports go (default build/certify-programs): NAME.json, NAME.html and
#                 NAME.txt (certify's output) per run, and matrix.md, matrix.json, matrix.html
# XFEN=PATH chooses the xfen binary (default build/xfen). scripts/install-adapters.sh runs first
# (it does nothing when everything is installed); its time is printed apart and not counted.
# Each run is `xfen certify --impl COMMAND --name NAME --impl-version VERSION --supports TAGS
# --json ... --html ...` with the run's options from the manifest; VERSION is the version installed
# (node_modules/PACKAGE/package.json for npm, dpkg-query for Debian), which may differ from the
# version the manifest pins. Exit status: 0 when every run wrote its report (whatever its verdicts), 1 otherwise,
# 2 for a usage error.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

xfen=${XFEN:-build/xfen}
manifest=examples/adapters/programs.json
out=build/certify-programs
quick=0
patient=0
install=1
generate=
seed=1
shrink_time=
time_limit=
suite_reports=
only=()
usage() {
  echo "usage: scripts/certify-programs.sh [--quick] [--patient] [--no-install] [--only NAME...] [--out DIR]
#                                    [--generate N [--seed S] [--time S] [--shrink-time S] [--suite-reports DIR]]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --quick) quick=1; shift ;;
    --patient) patient=1; shift ;;
    --no-install) install=0; shift ;;
    --generate) [ $# -ge 2 ] || usage; generate=$2; shift 2 ;;
    --seed) [ $# -ge 2 ] || usage; seed=$2; shift 2 ;;
    --shrink-time) [ $# -ge 2 ] || usage; shrink_time=$2; shift 2 ;;
    --time) [ $# -ge 2 ] || usage; time_limit=$2; shift 2 ;;
    --suite-reports) [ $# -ge 2 ] || usage; suite_reports=$2; shift 2 ;;
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
[ $install -eq 0 ] || scripts/install-adapters.sh
install_seconds=$((SECONDS - started))

# The runs, one line each: name, command, supports (comma-separated), options and the version
# installed, separated by the unit separator (0x1F): not white space, so an empty field (a run
# without options) stays a field where a tab would be merged with the next.
runs=$(python3 - "$manifest" "${only[@]}" << 'PY'
import json, os, subprocess, sys

def installed_version(p):
    if p["installed_by"] == "npm":
        path = os.path.join("examples/adapters/node_modules", p["package"], "package.json")
        try:
            return json.load(open(path))["version"] + " (npm)"
        except OSError:
            return "not installed"
    query = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", p["package"]],
                           capture_output=True, text=True)
    return f"Debian {query.stdout}" if query.returncode == 0 and query.stdout else "not installed"

programs = json.load(open(sys.argv[1]))["programs"]
names = [p["name"] for p in programs]
unknown = [name for name in sys.argv[2:] if name not in names]
if unknown:
    sys.exit(f"certify-programs.sh: no run named {', '.join(unknown)} in {sys.argv[1]}; "
             f"there are: {' '.join(names)}")
for p in programs:
    if sys.argv[2:] and p["name"] not in sys.argv[2:]:
        continue
    fields = [p["name"], p["command"], ",".join(p["supports"]), " ".join(p["options"]),
              installed_version(p)]
    if any("\x1f" in f or "\n" in f for f in fields) or any(not o or o != o.strip() or " " in o
                                                         for o in p["options"]):
        sys.exit(f"certify-programs.sh: {p['name']}: a unit separator, line break or space where none can be")
    print("\x1f".join(fields))
PY
) || exit 2

mkdir -p "$out"
reports=()
failed=()
total=$(wc -l <<< "$runs")
i=0
runs_started=$SECONDS
while IFS=$'\x1f' read -r name command supports options version; do
  i=$((i + 1))
  args=(certify --impl "$command" --name "$name" --impl-version "$version" --supports "$supports"
    --json "$out/$name.json" --html "$out/$name.html")
  if [ -n "$generate" ]; then
    case ,$supports, in
      *,10x8,*) profile=10x8 ;;
      *,chess960,*) profile=chess960 ;;
      *) profile=8x8 ;;
    esac
    args+=(--generate "$generate" --seed "$seed" --profile "$profile" --save-cases "$out/$name.cases.jsonl")
    [ -z "$shrink_time" ] || args+=(--shrink-time "$shrink_time")
    [ -z "$time_limit" ] || args+=(--time "$time_limit")
    if [ -n "$suite_reports" ] && [ -f "$suite_reports/$name.json" ]; then
      args+=(--suite-report "$suite_reports/$name.json")
    fi
  fi
  read -r -a extra <<< "$options"
  if [ -n "$generate" ]; then
    # A crash is a finding there, and the records after it are still to come: the manifest's
    # --max-restarts (what a suite run may spend) would end the run in not-run records.
    kept=()
    for ((k = 0; k < ${#extra[@]}; k += 2)); do
      [ "${extra[k]}" = --max-restarts ] || kept+=("${extra[k]}" "${extra[k + 1]}")
    done
    extra=("${kept[@]}")
  fi
  if [ $patient -eq 1 ]; then  # the manifest's own limits give way (options come in pairs)
    kept=()
    for ((k = 0; k < ${#extra[@]}; k += 2)); do
      case ${extra[k]} in --timeout-ms | --startup-ms) ;; *) kept+=("${extra[k]}" "${extra[k + 1]}") ;; esac
    done
    extra=("${kept[@]}" --timeout-ms 60000 --startup-ms 60000)
  fi
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

if [ ${#reports[@]} -gt 0 ] && [ -n "$generate" ]; then
  python3 tools/results/generated.py "${reports[@]}" > "$out/generated.md" || failed+=("(generated.py)")
  cat "$out/generated.md"
elif [ ${#reports[@]} -gt 0 ]; then
  "$xfen" certify matrix "${reports[@]}" --markdown "$out/matrix.md" --json "$out/matrix.json" \
    --html "$out/matrix.html" || failed+=("(xfen certify matrix)")
  [ -f "$out/matrix.md" ] && cat "$out/matrix.md"
fi
echo
echo "${#reports[@]} runs in ${runs_seconds} s (wall clock, install not counted; installing took" \
  "${install_seconds} s)$([ $quick -eq 1 ] && echo ", --quick: --tag side only")." \
  "Reports: $out/"
if [ ${#failed[@]} -gt 0 ]; then
  echo "no report from: ${failed[*]}"
  exit 1
fi
