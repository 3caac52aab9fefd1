#!/usr/bin/env bash
# The adapters of examples/adapters (docs/PROTOCOL.md "Ten-line adapters"), spoken to as xfen
# certify speaks to them:
#   - stream-adapter.sh around `xfen canon --whole`: known records, then the whole suite in stream mode,
#     every case a pass or on tests/adapters_test.skip;
#   - chessops.mjs and pychess_adapter.py: known records, each answered `ok <record>` or `error …`
#     in order, and the whole suite run without a crash, timeout, protocol error, restart or extra
#     answer (what each library accepts is its own business: certification reports it);
#   - every other run of examples/adapters/programs.json (one per program and mode), on the
#     side-to-move cases: the npm adapters held to the same, the engine adapters of engines/ to no
#     timeout, protocol error, extra answer or start error (their crashes are the engines');
#   - hoichess.py and gnuchess.py: known records (HoiChess going on after a refusal, GNU Chess's
#     four-field answers and its Polyglot thread's refusals).
# The library adapters need scripts/install-adapters.sh (Node.js, npm ci, Debian's pychess); until
# it has run they are skipped and the test exits 77 after checking the shell wrapper.
# usage: adapters_test.sh XFEN SOURCE_DIR
set -uo pipefail

xfen=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$2" && pwd)
adapters=$root/examples/adapters
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

# answers NAME RECORDS_FILE PATTERNS... : the adapter's command from $command; one answer line per
# record, each matching its shell pattern.
# The time an answering run may take: 60 s, more where a run starts a program many times over
# (answer_seconds=… before the call).
answers() {
  local name=$1 records=$2
  shift 2
  local output
  output=$(timeout "${answer_seconds:-60}" sh -c "$command" < "$records" 2> /dev/null) || fail "$name: exit status $?"
  local lines=()
  mapfile -t lines <<< "$output"
  if [ ${#lines[@]} -ne $# ]; then
    fail "$name: ${#lines[@]} answer lines for $# records:"
    printf '  %s\n' "${lines[@]}"
    return
  fi
  local i=0 pattern
  for pattern in "$@"; do
    # shellcheck disable=SC2053  # the right side is a pattern on purpose
    [[ ${lines[i]} == $pattern ]] ||
      fail "$name: record $((i + 1)) answered '${lines[i]}', wanted '$pattern'"
    i=$((i + 1))
  done
}

start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
chess960_shredder='bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1'
chess960='bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1'
inner_rook='4k3/8/8/8/8/8/8/4K1RR w G - 0 1'
capablanca='rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1'
# The last two: a lone carriage return inside a record (one record, one answer), and a byte that is
# not UTF-8.
printf '%s\n' "$start" "$chess960_shredder" "$inner_rook" "$capablanca" $'x\ry' \
  $'4k3/8/8/8/8/8/8/4K3 w - - 0 \xff' > "$work/known.txt"
# The same and an empty record, for the library adapters.
{ cat "$work/known.txt"; echo; } > "$work/known-and-empty.txt"

# certify NAME: the whole suite against $command in stream mode, the report in $work/NAME.json.
certify() {
  local name=$1
  shift
  nice -n 19 "$xfen" certify --impl "$command" --name "$name" --suite "$root/corpus/conformance" \
    --json "$work/$name.json" "$@" > "$work/$name.txt" 2>&1
}

# --- stream-adapter.sh around xfen canon --whole ---
command="'$adapters/stream-adapter.sh' '$xfen' canon --whole"
answers stream-adapter.sh "$work/known.txt" "ok $start" "ok $chess960" "ok $inner_rook" \
  "ok $capablanca" 'error exit status 1' 'error exit status 1'
# A crash of the program is the wrapper's crash, with the program's status; exit 1 is a rejection.
printf 'a\nb\n' | "$adapters/stream-adapter.sh" sh -c 'exit 3' > "$work/crash.txt" 2>/dev/null
status=$?
if [ $status -ne 3 ] || [ -s "$work/crash.txt" ]; then
  fail "stream-adapter.sh: a program exiting 3 gave status $status and '$(cat "$work/crash.txt")'"
fi
printf 'a\nb' | "$adapters/stream-adapter.sh" sh -c 'exit 1' > "$work/reject.txt"
[ "$(cat "$work/reject.txt")" = $'error exit status 1\nerror exit status 1' ] ||
  fail "stream-adapter.sh: two rejections answered '$(cat "$work/reject.txt")'"
if certify stream-adapter --skip-file "$root/tests/adapters_test.skip" --jobs 2; then
  echo "stream-adapter.sh around xfen canon: $(grep "^verdicts:" "$work/stream-adapter.txt")"
else
  fail "stream-adapter.sh around xfen canon did not pass the suite:"
  cat "$work/stream-adapter.txt"
fi

# --- the library adapters ---
missing=()
if [ ! -f "$adapters/node_modules/.package-lock.json" ] || ! command -v node > /dev/null; then
  missing+=("chessops (examples/adapters/node_modules)")
fi
/usr/bin/python3 -c 'import pychess.Utils.lutils.LBoard' 2> /dev/null || missing+=("pychess")

# protocol_only NAME: no verdict that says the adapter, rather than the library, went wrong.
protocol_only() {
  python3 - "$work/$1.json" << 'PY' || fail "$1: the adapter broke the protocol (report above)"
import json, sys
report = json.load(open(sys.argv[1]))
summary = report["summary"]
bad = {v: n for v, n in summary["verdicts"].items()
       if v in ("crash", "timeout", "protocol-error", "not-run") and n}
if bad or summary["restarts"] or summary["extra_answers"]:
    print(sys.argv[1], bad, "restarts", summary["restarts"],
          "extra answers", summary["extra_answers"])
    for case in report["cases"]:
        if case["verdict"] in bad:
            print(" ", case["id"], case["verdict"], case["detail"])
    sys.exit(1)
PY
}

if [[ ${missing[*]} != *chessops* ]]; then
  command="node '$adapters/chessops.mjs'"
  answers chessops.mjs "$work/known-and-empty.txt" "ok $start" "ok $chess960" "ok $inner_rook" \
    'error ERR_BOARD' 'error ERR_TURN' 'error ERR_FULLMOVES' 'error ERR_BOARD'
  certify chessops
  echo "chessops.mjs: $(grep "^verdicts:" "$work/chessops.txt")"
  protocol_only chessops
fi
if [[ ${missing[*]} != *pychess* ]]; then
  command="'$adapters/pychess_adapter.py'"
  # pychess writes Shredder castling letters, and reads a 10×8 board's piece letters as unknown.
  answers pychess_adapter.py "$work/known-and-empty.txt" \
    'ok rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1' "ok $chess960_shredder" \
    "ok $inner_rook" "error KeyError: 'A'" 'error SyntaxError: *' \
    'error UnicodeDecodeError: *' 'error SyntaxError: *'
  certify pychess
  echo "pychess_adapter.py: $(grep "^verdicts:" "$work/pychess.txt")"
  protocol_only pychess
fi

# --- every other run of examples/adapters/programs.json (the manifest scripts/certify-programs.sh
# runs; chessops and pychess ran the whole suite above), each on the side-to-move cases, with the
# manifest's options, a minute per record (ffish compiles its WebAssembly before it reads its first
# record, which under a loaded CI machine took over the default 10 s: a timeout, not the adapter's
# fault) and at least 100 restarts for the engines. The npm libraries never crash on the suite, so
# their own refusals are answers and a crash, timeout, protocol error, restart or extra answer
# there would be the adapter's. Engines (installed by apt) crash on records they cannot read, and
# the adapter must die as the engine did, so crashes and restarts are theirs to have; what the
# adapter itself must never cause is a timeout, a protocol error, an extra answer or a program
# that cannot run. A run whose program is not installed (its manifest "requires") is skipped.
manifest_runs=$(python3 - "$root/examples/adapters/programs.json" "$root" << 'PY'
import json, os, shutil, sys
root = sys.argv[2]
for p in json.load(open(sys.argv[1]))["programs"]:
    if p["name"] in ("chessops", "pychess"):
        continue
    options = p["options"]
    assert len(options) % 2 == 0 and all(o.startswith("--") for o in options[::2]), p["name"]
    options = dict(zip(options[::2], options[1::2]))
    options["--timeout-ms"] = str(max(60000, int(options.get("--timeout-ms", 0))))
    if p["installed_by"] == "apt":
        options["--max-restarts"] = str(max(100, int(options.get("--max-restarts", 0))))
    absent = [r for r in p["requires"] if not os.path.exists(os.path.join(root, r))]
    if p["installed_by"] == "npm" and not shutil.which("node"):
        absent.append("node")
    print("\t".join([p["name"], p["command"], p["installed_by"],
                     " ".join(f"{k} {v}" for k, v in options.items()), " ".join(absent)]))
PY
) || fail "examples/adapters/programs.json could not be read"
while IFS=$'\t' read -r name command installed_by options absent; do
  [ -n "$name" ] || continue
  if [ -n "$absent" ]; then
    missing+=("$name ($absent)")
    continue
  fi
  read -r -a extra <<< "$options"
  (cd "$root" && certify "$name" --tag side "${extra[@]}")
  if [ "$installed_by" = npm ]; then
    protocol_only "$name"
  else
    python3 - "$work/$name.json" "$name" << 'PY' || fail "$name: the adapter broke the protocol"
import json, sys
summary = json.load(open(sys.argv[1]))["summary"]
bad = {v: n for v, n in summary["verdicts"].items() if v in ("timeout", "protocol-error", "not-run") and n}
if bad or summary["extra_answers"] or "start_error" in summary or summary["passed"] + summary["failed"] == 0:
    print(sys.argv[2], bad, summary.get("start_error", ""), "extra answers", summary["extra_answers"])
    sys.exit(1)
PY
  fi
  echo "$name ($command): $(grep "^verdicts:" "$work/$name.txt")"
done <<< "$manifest_runs"

# Known records for the two engines that need more than a pipe (their headers say why): HoiChess,
# under its terminal, goes on after a refused record (through a pipe it exited with status 1);
# GNU Chess answers the four fields `save` writes (a1 invented where its reader stopped before the
# en passant field), and a record its Polyglot thread refuses with Polyglot's message, the next
# one being answered by a new GNU Chess.
if [ -x /usr/games/hoichess ]; then
  command="'$adapters/engines/hoichess.py'"
  answers hoichess.py "$work/known.txt" "ok $start" 'error tellusererror Illegal position' \
    'error tellusererror Illegal position' 'error tellusererror Illegal position' \
    'error Error (command requires 6 arguments): setboard' 'error tellusererror Illegal position'
fi
if [ -x /usr/games/gnuchess ]; then
  command="'$adapters/engines/gnuchess.py'"
  answers gnuchess.py "$work/known.txt" "ok ${start% 0 1}" \
    'ok bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w - a1' 'error telluser Board is wrong!' \
    'error telluser Board is wrong! board_from_fen(): bad FEN (a piece was expected at pos=2) *' \
    'error telluser Board is wrong! board_from_fen(): bad FEN (a piece was expected at pos=0) *' \
    'ok 4k3/8/8/8/8/8/8/4K3 w - -'
  # Each record Polyglot refuses ends that GNU Chess, so these 60 start 60 of them back to back. A
  # start takes from a few input lines to over 2,000 (slow_start_gnuchess.py says why), all waiting
  # unread: pinged every 2 ms, a long one gathered 4 KB of pings and aborted (CI saw
  # record.empty-castling-field crash so; here about one start in 20).
  refused='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'
  for _ in $(seq 60); do echo "$refused"; done > "$work/refused.txt"
  mapfile -t patterns < <(for _ in $(seq 60); do echo 'error *board_from_fen(): bad FEN*'; done)
  # 60 starts of GNU Chess took 49 s beside one other busy job, and a fresh-clone run, beside
  # ctest's other job (the ClusterFuzzLite build), had 51 of them in 60 s: the bound is on
  # hanging, not on speed.
  answer_seconds=240 answers 'gnuchess.py (60 starts)' "$work/refused.txt" "${patterns[@]}"
fi
# The same starts, made long on purpose by a stand-in GNU Chess that starts only after so many input
# lines, and aborts as GNU Chess does if 4096 bytes wait by then (tests/adapters/slow_start_gnuchess.py):
# 1,500 lines are a start longer than most; one that never starts is ended, and after five the
# adapter gives up with a message rather than waiting for certify's time limit.
mkdir -p "$work/slow" && ln -s "$root/tests/adapters/slow_start_gnuchess.py" "$work/slow/gnuchess"
command="PATH='$work/slow':\$PATH SLOW_START_LINES=1500 '$adapters/engines/gnuchess.py'"
answers 'gnuchess.py (a start of 1,500 lines)' <(echo "$start") 'error save wrote no position*'
never=$(echo "$start" | PATH="$work/slow:$PATH" SLOW_START_LINES=0 timeout 60 \
  "$adapters/engines/gnuchess.py" 2>&1)
status=$?
if [ $status -ne 1 ] || [[ $never != *"GNU Chess did not start, 5 times in a row"* ]]; then
  fail "gnuchess.py, GNU Chess never starting: status $status, '$never'"
fi

# The matrix scripts/certify-programs.sh prints, from this test's reports: one row per run.
reports=("$work"/*.json)
if [ -e "${reports[0]}" ]; then
  "$xfen" certify matrix "${reports[@]}" --markdown "$work/matrix.md" > /dev/null ||
    fail "xfen certify matrix failed on this test's reports"
  rows=$(sed -n '/^## By class/,/^## By tag/p' "$work/matrix.md" | grep -c '^| [a-z]' || true)
  [ "$rows" -eq $((${#reports[@]} + 1)) ] ||
    fail "certify matrix: $((rows - 1)) rows by class for ${#reports[@]} reports"
fi

if [ $failures -gt 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "SKIP: ${missing[*]} not installed (run scripts/install-adapters.sh);" \
    "stream-adapter.sh passed"
  exit 77
fi
echo "all adapters passed"
