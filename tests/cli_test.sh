#!/usr/bin/env bash
# End-to-end tests of the xfen command (SPEC R11): every subcommand, exit status and input
# oddity (CRLF, no final newline, empty lines, NUL bytes, invalid UTF-8, a 1 MB line).
# Usage: cli_test.sh path/to/xfen
set -euo pipefail

XFEN=${1:?usage: cli_test.sh path/to/xfen}
if [[ ! -x $XFEN ]]; then
  echo "cli_test.sh: $XFEN is not an executable" >&2
  exit 2
fi
XFEN=$(cd "$(dirname "$XFEN")" && pwd)/$(basename "$XFEN")  # we cd to a temporary directory
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

passed=0
failed=0

# Real records: the Capablanca start, a Chess960 start, inner rooks, and en passant squares.
CAPA='rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1'
C960='bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1'
INNER='rr2k1rr/8/8/8/8/8/8/RR2K1R1 w BGbg - 0 1'
INNER_CANON='rr2k1rr/8/8/8/8/8/8/RR2K1R1 w KBgb - 0 1'
EP_NO_CAPTURER='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
EP_NO_CAPTURER_CANON='rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'
EP_PINNED='8/8/8/8/k2pP2Q/8/8/4K3 b - e3 0 1'  # d4xe3 would expose the king on a4
EP_PINNED_LEGAL_STYLE='8/8/8/8/k2pP2Q/8/8/4K3 b - - 0 1'
PAWN_ON_BACK_RANK='k7/8/8/8/8/8/8/K6P w - - 0 1'

ok() {
  passed=$((passed + 1))
}
not_ok() {
  failed=$((failed + 1))
  echo "FAIL: $1" >&2
  if [[ -s out ]]; then echo "--- stdout:" >&2; head -c 2000 out >&2; fi
  if [[ -s err ]]; then echo "--- stderr:" >&2; head -c 2000 err >&2; fi
}

# run [--stdin FILE] CMD...: runs with stdout in ./out and stderr in ./err, status in $status.
run() {
  local input=/dev/null
  if [[ $1 == --stdin ]]; then
    input=$2
    shift 2
  fi
  set +e
  "$@" <"$input" >out 2>err
  status=$?
  set -e
}

expect_status() {  # expect_status WANTED NAME
  if [[ $status == "$1" ]]; then ok; else not_ok "$2: exit status $status, wanted $1"; fi
}
expect_out() {  # expect_out EXPECTED_TEXT NAME: stdout is exactly the text plus a newline
  if [[ "$(cat out; echo x)" == "$1"$'\n'x ]]; then ok; else not_ok "$2: stdout differs"; fi
}
expect_grep() {  # expect_grep FILE PATTERN NAME: an extended regex matches a line of FILE
  if grep -Eq -- "$2" "$1"; then ok; else not_ok "$3: no line of $1 matches /$2/"; fi
}
expect_no_grep() {
  if ! grep -Eq -- "$2" "$1"; then ok; else not_ok "$3: a line of $1 matches /$2/"; fi
}
expect_lines() {  # expect_lines FILE COUNT NAME
  local count
  count=$(wc -l <"$1")
  if [[ $count == "$2" ]]; then ok; else not_ok "$3: $1 has $count lines, wanted $2"; fi
}
expect_empty() {
  if [[ ! -s $1 ]]; then ok; else not_ok "$2: $1 is not empty"; fi
}
expect_json_lines() {  # every line of FILE is a JSON value
  if python3 -c 'import json,sys;[json.loads(l) for l in sys.stdin]' <"$1"; then ok
  else not_ok "$2: not JSON Lines"; fi
}

printf '%s\n%s\n' "$CAPA" "$C960" >valid.txt
printf '%s\n\n%s x\n%s\n' "$CAPA" "$C960" "$INNER" >mixed.txt
printf '%s\r\n%s\r\n' "$CAPA" "$INNER" >crlf.txt
printf '%s\n%s' "$CAPA" "$INNER" >no_final_newline.txt
{ head -c 1000000 /dev/zero | tr '\0' 'r'; printf '\n%s\n' "$CAPA"; } >long_line.txt
printf '%s\n8/8/8/8/8/8/8/8 w - - 0 1\0\nr\0k\n%s\n' "$CAPA" "$CAPA" >nul.txt
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq \xff\xfe 0 1\n%s\n' "$CAPA" >utf8.txt
mkdir a_directory

# ---------------------------------------------------------------- general

run "$XFEN" --version
expect_status 0 "--version"
expect_grep out '^xfen [0-9]+\.[0-9]+\.[0-9]+' "--version prints the version"

run "$XFEN" --help
expect_status 0 "--help"
for command in check canon explain adapter; do
  expect_grep out "$command" "--help lists $command"
done

run "$XFEN" check --no-such-option valid.txt
expect_status 2 "unknown option"
expect_grep err 'no-such-option' "unknown option is named"

run "$XFEN"
expect_status 2 "no subcommand"

run "$XFEN" frobnicate
expect_status 2 "unknown subcommand"
expect_grep err "unknown subcommand 'frobnicate'" "unknown subcommand is named"
expect_grep err 'check, canon, explain, adapter' "unknown subcommand lists the valid ones"
expect_no_grep err 'A subcommand is required' "unknown subcommand is not a missing one"

# ---------------------------------------------------------------- check

run "$XFEN" check valid.txt
expect_status 0 "check valid file"
expect_empty out "check valid file prints no diagnostic"
expect_grep err '^checked 2 records in 1 file: 2 valid, 0 invalid, 0 warnings$' "check summary"

run "$XFEN" check --quiet valid.txt
expect_status 0 "check --quiet"
expect_empty err "check --quiet has no summary"

run "$XFEN" check mixed.txt
expect_status 1 "check invalid records"
expect_grep out '^mixed\.txt:2:1: error\[record\.empty\]: ' "empty line is record.empty"
expect_grep out '^mixed\.txt:3:[0-9]+: error\[record\.extra-field\]: ' "extra field"
expect_lines out 2 "one diagnostic per problem"
expect_grep err '^checked 4 records in 1 file: 2 valid, 2 invalid, 0 warnings$' "summary counts"

run --stdin mixed.txt "$XFEN" check
expect_status 1 "check stdin"
expect_grep out '^<stdin>:2:1: error\[record\.empty\]' "stdin is named <stdin>"

run --stdin mixed.txt "$XFEN" check valid.txt - valid.txt
expect_status 1 "check '-' among files"
expect_grep out '^<stdin>:2:1: error\[record\.empty\]' "'-' reads stdin"
expect_grep err '^checked 8 records in 3 files: ' "three inputs counted"

run "$XFEN" check crlf.txt
expect_status 0 "CRLF lines are valid"

run "$XFEN" check no_final_newline.txt
expect_status 0 "final line without newline"
expect_grep err '^checked 2 records in 1 file: 2 valid' "final line without newline is a record"

run "$XFEN" check long_line.txt
expect_status 1 "1 MB line"
expect_grep out '^long_line\.txt:1:4097: error\[input\.too-long\]: ' "1 MB line is input.too-long"
expect_lines out 1 "the line after a long line is read normally"

run "$XFEN" check nul.txt
expect_status 1 "NUL bytes"
expect_grep out '^nul\.txt:2:' "NUL bytes are diagnosed"
expect_grep out '^nul\.txt:3:' "NUL bytes are diagnosed again"
expect_grep err '^checked 4 records in 1 file: 2 valid, 2 invalid' "NUL bytes do not split lines"

run "$XFEN" check utf8.txt
expect_status 1 "invalid UTF-8"
expect_grep out '^utf8\.txt:1:' "invalid UTF-8 is diagnosed"

run "$XFEN" check --json mixed.txt long_line.txt nul.txt utf8.txt
expect_status 1 "check --json"
expect_json_lines out "check --json"
expect_lines out 6 "check --json: one object per diagnostic"
if python3 - out <<'PY'
import json, sys
keys = ["file", "line", "column", "offset", "severity", "code", "field", "message"]
for text in open(sys.argv[1], encoding="utf-8"):
    obj = json.loads(text)
    assert list(obj) == keys, obj
    assert obj["column"] == obj["offset"] + 1, obj
    assert obj["severity"] == "error", obj
first = json.loads(open(sys.argv[1], encoding="utf-8").readline())
assert first["file"] == "mixed.txt" and first["line"] == 2 and first["code"] == "record.empty"
PY
then ok; else not_ok "check --json objects"; fi

printf '  %s\n' "$CAPA" >lenient.txt
run "$XFEN" check lenient.txt
expect_status 1 "leading space is strict error"
expect_grep out '^lenient\.txt:1:1: error\[record\.separator\]' "strict separator error"
run "$XFEN" check --lenient lenient.txt
expect_status 0 "check --lenient"
expect_grep out '^lenient\.txt:1:1: warning\[record\.separator\]: ' "lenient warning"
expect_grep err ' 1 valid, 0 invalid, 1 warning$' "summary counts warnings"

printf '%s\n' "$PAWN_ON_BACK_RANK" >illegal.txt
run "$XFEN" check illegal.txt
expect_status 0 "legality not checked by default"
run "$XFEN" check --legal illegal.txt
expect_status 1 "check --legal"
expect_grep out '^illegal\.txt:1:[0-9]+: error\[legal\.pawn-on-back-rank\]: ' "legality finding"

run "$XFEN" check no_such_file.txt valid.txt
expect_status 2 "missing file"
expect_grep err 'no_such_file\.txt' "missing file is named"
expect_grep err '^checked 2 records in 1 file' "other files still checked"

run "$XFEN" check mixed.txt no_such_file.txt
expect_status 2 "missing file wins over invalid records"

run "$XFEN" check a_directory
expect_status 2 "directory is an I/O error"

# ---------------------------------------------------------------- canon

printf '%s\n%s\n%s\n' "$CAPA" "$INNER" "$EP_NO_CAPTURER" >canon.txt
run "$XFEN" canon canon.txt
expect_status 0 "canon"
expect_out "$CAPA"$'\n'"$INNER_CANON"$'\n'"$EP_NO_CAPTURER_CANON" "canon writes canonical records"
expect_empty err "canon of valid records is silent"

run --stdin canon.txt "$XFEN" canon -
expect_status 0 "canon from '-'"
expect_out "$CAPA"$'\n'"$INNER_CANON"$'\n'"$EP_NO_CAPTURER_CANON" "canon from '-'"

run "$XFEN" canon --castling shredder --ep always canon.txt
expect_status 0 "canon shredder/always"
expect_out "${CAPA/KQkq/JAja}"$'\n'"${INNER/BGbg/GBgb}"$'\n'"${EP_NO_CAPTURER/KQkq/HAha}" \
  "canon --castling shredder --ep always"

printf '%s\n' "$EP_PINNED" >pinned.txt
run "$XFEN" canon --ep legal pinned.txt
expect_out "$EP_PINNED_LEGAL_STYLE" "canon --ep legal drops a pinned capture"
run "$XFEN" canon --ep xfen pinned.txt
expect_out "$EP_PINNED" "canon --ep xfen keeps a pinned capture"

run "$XFEN" canon --castling classic canon.txt
expect_status 1 "canon classic cannot name an inner rook"
expect_out "$CAPA"$'\n'"$EP_NO_CAPTURER_CANON" "write errors are left out"
expect_grep err '^canon\.txt:2:[0-9]+: error\[write\.needs-file-letter\]: ' "write error diagnosed"

run "$XFEN" canon --castling bogus canon.txt
expect_status 2 "canon bad --castling value"
expect_grep err "^--castling: 'bogus' is not one of xfen, shredder, classic$" "--castling error"
expect_no_grep err '[^[:print:][:space:]]' "--castling error has no control bytes"

for style in 0 1 2 '' XFEN; do
  run "$XFEN" canon --castling "$style" canon.txt
  expect_status 2 "canon --castling '$style' is not a style"
  run "$XFEN" canon --ep "$style" canon.txt
  expect_status 2 "canon --ep '$style' is not a style"
done
run "$XFEN" canon --ep 1 canon.txt
expect_grep err "^--ep: '1' is not one of xfen, always, legal$" "--ep error"

for command in canon adapter; do
  run "$XFEN" "$command" --help
  expect_no_grep out '[^[:print:][:space:]]' "$command --help has no control bytes"
  expect_grep out '--castling .*xfen.*shredder.*classic' "$command --help names castling styles"
  expect_grep out '--ep .*xfen.*always.*legal' "$command --help names en passant styles"
done

run "$XFEN" canon mixed.txt
expect_status 1 "canon invalid lines"
expect_lines out 2 "canon without --aligned leaves invalid lines out"
expect_grep err '^mixed\.txt:2:1: error\[record\.empty\]' "canon diagnoses empty line"
expect_grep err '^mixed\.txt:3:[0-9]+: error\[record\.extra-field\]' "canon diagnoses bad line"

run "$XFEN" canon --aligned mixed.txt
expect_status 1 "canon --aligned"
expect_out "$CAPA"$'\n\n\n'"$INNER_CANON" "canon --aligned keeps line numbers"

run "$XFEN" canon --aligned long_line.txt
expect_out $'\n'"$CAPA" "canon --aligned over a 1 MB line"
expect_grep err '^long_line\.txt:1:4097: error\[input\.too-long\]' "canon reports the 1 MB line"

run "$XFEN" canon crlf.txt
expect_status 0 "canon CRLF"
expect_out "$CAPA"$'\n'"$INNER_CANON" "canon strips CRLF"

run "$XFEN" canon no_final_newline.txt
expect_out "$CAPA"$'\n'"$INNER_CANON" "canon final line without newline"

run "$XFEN" canon --aligned nul.txt
expect_status 1 "canon NUL bytes"
expect_lines out 4 "canon --aligned with NUL bytes"

run "$XFEN" canon --lenient lenient.txt
expect_status 0 "canon --lenient"
expect_out "$CAPA" "canon --lenient output"
expect_grep err '^lenient\.txt:1:1: warning\[record\.separator\]' "canon warnings on stderr"

run "$XFEN" canon no_such_file.txt canon.txt
expect_status 2 "canon missing file"
expect_lines out 3 "canon continues after a missing file"

# ---------------------------------------------------------------- explain

run "$XFEN" explain "$CAPA"
expect_status 0 "explain"
expect_grep out '^ +a b c d e f g h i j$' "explain draws 10 files"
expect_grep out '^ 8 \| r n a b q k b c n r \| 8$' "explain draws rank 8"
expect_grep out '^ 1 \| R N A B Q K B C N R \| 1$' "explain draws rank 1"
expect_grep out 'white' "explain names the side"
expect_grep out 'K -> rook j1, h-side of king f1' "explain resolves K"
expect_grep out 'q -> rook a8, a-side of king f8' "explain resolves q"
expect_grep out "^canonical +$CAPA\$" "explain shows the canonical record"

run "$XFEN" explain "$INNER"
expect_grep out 'B -> rook b1, a-side of king e1 \(an inner rook' "explain inner rook"
expect_grep out "^canonical +$INNER_CANON\$" "explain inner rook canonical"

run "$XFEN" explain "$EP_PINNED"
expect_status 0 "explain en passant"
expect_grep out 'capturers +d4 ' "explain finds the capturer"
expect_grep out 'style xfen +writes e3' "explain xfen style"
expect_grep out 'style always +writes e3' "explain always style"
expect_grep out 'style legal +writes -' "explain legal style"

run "$XFEN" explain "$EP_NO_CAPTURER"
expect_grep out 'style xfen +writes -' "explain: no capturer, not written"

run "$XFEN" explain "$PAWN_ON_BACK_RANK"
expect_grep out 'legal\.pawn-on-back-rank' "explain legality"

run "$XFEN" explain --lenient "  $CAPA"
expect_status 0 "explain --lenient"
expect_grep out 'warning\[record\.separator\]' "explain warnings"

run "$XFEN" explain "${CAPA/ w / x }"
expect_status 1 "explain invalid"
# The side is at offset 56: column 57, and the caret under it after the two-space indent.
expect_grep out '^<record>:1:57: error\[side\.invalid\]: ' "explain error line"
if [[ "$(sed -n 3p out)" == "$(printf '%59s' '^')" ]]; then ok
else not_ok "explain caret under the offending byte"; fi

run "$XFEN" explain ""
expect_status 1 "explain empty record"
expect_grep out 'record\.empty' "explain empty record"

run "$XFEN" explain
expect_status 2 "explain without record"

# ---------------------------------------------------------------- adapter

cat mixed.txt long_line.txt nul.txt utf8.txt crlf.txt no_final_newline.txt >adapter_in.txt
input_lines=$(($(wc -l <adapter_in.txt) + 1))  # the last line has no newline
run --stdin adapter_in.txt "$XFEN" adapter
expect_status 0 "adapter exits 0 at end of input"
expect_lines out "$input_lines" "adapter answers every line exactly once"
if ! grep -Evq '^(ok [^ ]|error [a-z-]+\.[a-z-]+ )' out; then ok
else not_ok "adapter answers are 'ok RECORD' or 'error CODE MESSAGE'"; fi
expect_grep out '^error record\.empty ' "adapter empty line"
expect_grep out '^error input\.too-long ' "adapter 1 MB line"
if [[ "$(sed -n 1p out)" == "ok $CAPA" && "$(sed -n 5p out)" == "error input.too-long"* \
      && "$(sed -n 6p out)" == "ok $CAPA" ]]; then ok
else not_ok "adapter answers in input order"; fi
if [[ "$(tail -n 1 out)" == "ok $INNER_CANON" ]]; then ok
else not_ok "adapter answers a final line without newline"; fi

printf '%s\n' "$EP_PINNED" "$INNER" >adapter_styles.txt
run --stdin adapter_styles.txt "$XFEN" adapter --ep legal --castling shredder
expect_out "ok $EP_PINNED_LEGAL_STYLE"$'\n'"ok ${INNER/BGbg/GBgb}" "adapter --ep --castling"

# Interactive: each answer must arrive while the input is still open. A dead adapter must fail
# this test, not abort the script, hence the saved descriptors and the ignored SIGPIPE.
coproc ADAPTER { "$XFEN" adapter; }
to_adapter=${ADAPTER[1]}
from_adapter=${ADAPTER[0]}
adapter_pid=$ADAPTER_PID
trap '' PIPE
interactive_ok=1
for record in "$CAPA" "" "$INNER"; do
  if ! printf '%s\n' "$record" >&"$to_adapter" \
      || ! IFS= read -r -t 10 answer <&"$from_adapter"; then
    interactive_ok=0
    break
  fi
  case $record in
    "") [[ $answer == "error record.empty "* ]] || interactive_ok=0 ;;
    "$INNER") [[ $answer == "ok $INNER_CANON" ]] || interactive_ok=0 ;;
    *) [[ $answer == "ok $record" ]] || interactive_ok=0 ;;
  esac
done
exec {to_adapter}>&-
wait "$adapter_pid" || interactive_ok=0
trap - PIPE
if [[ $interactive_ok == 1 ]]; then ok; else not_ok "adapter answers interactively"; fi

# ---------------------------------------------------------------- --fields (SPEC R15)

# EPD records and bare boards: the first four fields of INNER and EP_NO_CAPTURER, and a board.
INNER_EPD=${INNER% - 0 1}' -'
INNER_CANON_EPD=${INNER_CANON% - 0 1}' -'
EP_EPD=${EP_NO_CAPTURER% 0 1}
EP_CANON_EPD=${EP_NO_CAPTURER_CANON% 0 1}
CAPA_BOARD=${CAPA%% *}
printf '%s\n' "$INNER_EPD" "$EP_EPD" >epd.txt
printf '%s\n' "$CAPA_BOARD" "${INNER%% *}" >boards.txt

run "$XFEN" canon --fields epd epd.txt
expect_status 0 "canon --fields epd"
expect_out "$INNER_CANON_EPD"$'\n'"$EP_CANON_EPD" "canon --fields epd writes four fields"
expect_empty err "canon --fields epd of valid records is silent"

run "$XFEN" canon --fields epd --castling shredder epd.txt
expect_out "${INNER_EPD/BGbg/GBgb}"$'\n'"${EP_CANON_EPD/KQkq/HAha}" "canon --fields epd --castling shredder"

run "$XFEN" canon --fields board boards.txt
expect_status 0 "canon --fields board"
expect_out "$CAPA_BOARD"$'\n'"${INNER%% *}" "canon --fields board writes the board alone"

run "$XFEN" canon --fields epd canon.txt
expect_status 1 "canon --fields epd refuses full records"
expect_empty out "canon --fields epd writes no full record"
expect_grep err '^canon\.txt:1:[0-9]+: error\[record\.extra-field\]: unexpected fifth field '"'0'"': an EPD record has exactly four fields$' \
  "the extra field of an EPD record is counted against four"

run "$XFEN" canon --fields board epd.txt
expect_status 1 "canon --fields board refuses EPD records"
expect_grep err '^epd\.txt:1:29: error\[record\.extra-field\]: unexpected second field '"'w'"': a board-only record has exactly one field$' \
  "the extra field of a board is counted against one"

run "$XFEN" canon epd.txt
expect_status 1 "canon reads full records by default"
expect_grep err '^epd\.txt:1:[0-9]+: error\[record\.missing-field\]: .*\(a record has six fields\)$' \
  "a full record still has six fields"

printf '%s\n' "${INNER%% *} w" >short_epd.txt
run "$XFEN" canon --fields epd --lenient short_epd.txt
expect_status 0 "canon --fields epd --lenient fills in missing fields"
expect_out "${INNER%% *} w - -" "canon --fields epd --lenient output"
expect_grep err "^short_epd\.txt:1:[0-9]+: warning\[record\.missing-field\]: the record ends after 2 fields; the missing ones are read as '- -'$" \
  "the EPD defaults are named"

run "$XFEN" check --fields epd epd.txt
expect_status 0 "check --fields epd"
expect_grep err '^checked 2 records in 1 file: 2 valid, 0 invalid, 0 warnings$' "check --fields epd summary"
run "$XFEN" check --fields board --json boards.txt canon.txt
expect_status 1 "check --fields board"
expect_grep out '"code":"record\.extra-field"' "check --fields board --json"
expect_grep err '^checked 5 records in 2 files: 2 valid, 3 invalid, 0 warnings$' "check --fields board summary"

run "$XFEN" explain --fields epd "$EP_EPD"
expect_status 0 "explain --fields epd"
expect_grep out '^fullmove number +1$' "explain --fields epd: the fullmove number's default"
expect_grep out "^canonical +$EP_CANON_EPD\$" "explain --fields epd writes the canonical EPD record"
run "$XFEN" explain --fields board "$CAPA"
expect_status 1 "explain --fields board refuses a full record"
expect_grep out 'error\[record\.extra-field\]' "explain --fields board names the extra field"

printf '%s\n' "$INNER_EPD" "$INNER" >adapter_epd.txt
run --stdin adapter_epd.txt "$XFEN" adapter --fields epd
expect_status 0 "adapter --fields epd"
expect_out "ok $INNER_CANON_EPD"$'\n'"error record.extra-field unexpected fifth field '0': an EPD record has exactly four fields" \
  "adapter --fields epd answers in EPD"

for name in fen EPD '' 1 six; do
  run "$XFEN" canon --fields "$name" epd.txt
  expect_status 2 "canon --fields '$name' is not a layout"
done
run "$XFEN" check --fields fen epd.txt
expect_grep err "^--fields: 'fen' is not one of full, epd, board$" "--fields error"
for command in check canon explain adapter; do
  run "$XFEN" "$command" --help
  expect_grep out '--fields .*full.*epd.*board' "$command --help names the layouts"
done
for command in lint extract canon; do
  run "$XFEN" pgn "$command" --fields epd
  expect_status 2 "pgn $command has no --fields: a FEN tag holds a full record"
done

# ---------------------------------------------------------------- every diagnostic shown

# Twelve warnings; the last four (castling rights and en passant square dropped, fullmove 0 read
# as 1) change the meaning and come after the library's eight kept ones.
MANY_WARNINGS='4k3/44/44/44/44/44/44/4K3  w  KQ e6 0 0'
TEN_PAWNS='p3k5/10/10/10/10/10/10/PPPPKPPPPP w - - 0 1'  # ten legal.pawn-on-back-rank findings
printf '%s\n' "$MANY_WARNINGS" >many_warnings.txt
printf '%s\n' "$TEN_PAWNS" >ten_pawns.txt

run "$XFEN" canon --lenient many_warnings.txt
expect_status 0 "canon --lenient with 12 warnings"
expect_lines err 12 "canon --lenient shows all 12 warnings"
expect_grep err '^many_warnings\.txt:1:31: warning\[castling\.no-rook\]' "canon: dropped K shown"
expect_grep err '^many_warnings\.txt:1:32: warning\[castling\.no-rook\]' "canon: dropped Q shown"
expect_grep err '^many_warnings\.txt:1:34: warning\[en-passant\.no-pawn\]' "canon: dropped e6 shown"
expect_grep err '^many_warnings\.txt:1:39: warning\[fullmove\.range\]' "canon: fullmove 0 shown"

run "$XFEN" check --lenient many_warnings.txt
expect_lines out 12 "check --lenient shows all 12 warnings"
expect_grep err ' 1 valid, 0 invalid, 12 warnings$' "check counts 12 warnings"
run "$XFEN" check --lenient --json many_warnings.txt
expect_lines out 12 "check --json shows all 12 warnings"

run "$XFEN" check --legal ten_pawns.txt
expect_status 1 "check --legal ten pawns"
expect_lines out 10 "check --legal shows all 10 findings"
expect_grep out '^ten_pawns\.txt:1:1: error\[legal\.pawn-on-back-rank\]' "the tenth finding, a8"

run "$XFEN" explain "$TEN_PAWNS"
if [[ $(grep -c 'error\[legal\.pawn-on-back-rank\]' out) == 10 ]]; then ok
else not_ok "explain shows all 10 findings"; fi
run "$XFEN" explain --lenient "$MANY_WARNINGS"
if [[ $(grep -c '^<record>:1:[0-9]*: warning\[' out) == 12 ]]; then ok
else not_ok "explain shows all 12 warnings"; fi
expect_no_grep out 'not kept' "explain keeps every warning"

# ---------------------------------------------------------------- I/O errors

# run_to OUT CMD...: like run, but stdout goes to OUT (/dev/full, or '-' for closed).
run_to() {
  local target=$1
  shift
  set +e
  if [[ $target == - ]]; then "$@" </dev/null >&- 2>err; else "$@" </dev/null >"$target" 2>err; fi
  status=$?
  set -e
  : >out
}

# expect_write_errors CMD...: a full and a closed stdout are both reported, with status 2.
expect_write_errors() {
  run_to /dev/full "$XFEN" "$@"
  expect_status 2 "$* >/dev/full"
  expect_grep err '^xfen: cannot write <stdout>: No space left on device$' "$* >/dev/full: message"
  expect_no_grep err '^checked' "$* >/dev/full: no summary after losing the output"
  run_to - "$XFEN" "$@"
  expect_status 2 "$* >&-"
  expect_grep err '^xfen: cannot write <stdout>: Bad file descriptor$' "$* >&-: message"
}
expect_write_errors check mixed.txt
expect_write_errors canon mixed.txt
expect_write_errors explain "$CAPA"

set +e
"$XFEN" adapter <valid.txt >/dev/full 2>err
status=$?
set -e
expect_status 2 "adapter >/dev/full"
expect_grep err '^xfen: cannot write <stdout>: No space left on device$' "adapter >/dev/full: message"

for command in check canon adapter; do
  set +e
  "$XFEN" $command </ >out 2>err
  status=$?
  set -e
  expect_status 2 "$command </"
  expect_grep err '^xfen: cannot read <stdin>: Is a directory$' "$command </: message"
  set +e
  "$XFEN" $command <&- >out 2>err
  status=$?
  set -e
  expect_status 2 "$command <&-"
  expect_grep err '^xfen: cannot read <stdin>: Bad file descriptor$' "$command <&-: message"
done

# Once the output is gone, reading stops: an endless input must not keep the command running.
# (check writes only diagnostics, so its endless input is of invalid records.)
for command in check canon adapter; do
  record=$CAPA
  [[ $command == check ]] && record=x
  set +e
  yes "$record" | timeout 20 "$XFEN" $command >/dev/full 2>err
  status=${PIPESTATUS[1]}
  set -e
  expect_status 2 "$command stops reading when its output is gone"
done

# Diagnostics that cannot be written are an I/O error too.
set +e
"$XFEN" canon mixed.txt >out 2>/dev/full
status=$?
set -e
expect_status 2 "canon 2>/dev/full"

# With --json, I/O errors are JSON objects in the JSON stream as well.
run "$XFEN" check --json mixed.txt a_directory no_such_file.txt
expect_status 2 "check --json with unreadable files"
expect_json_lines out "check --json with unreadable files"
expect_grep out '"file":"a_directory".*"code":"io\.read".*Is a directory' "JSON io.read"
expect_grep out '"file":"no_such_file\.txt".*"code":"io\.open".*No such file' "JSON io.open"
expect_grep err '^xfen: cannot read a_directory: Is a directory$' "io.read also on stderr"
set +e
"$XFEN" check --json mixed.txt >out 2>/dev/full
status=$?
set -e
expect_status 2 "check --json 2>/dev/full"
expect_grep out '"code":"io\.write".*cannot write <stderr>: No space left on device' "JSON io.write"

# ---------------------------------------------------------------- file names

# A name with a newline and a byte that is not UTF-8 still gives one-line diagnostics.
odd_name=$'odd\nname\xff.txt'
printf '\n' >"$odd_name"
run "$XFEN" check "$odd_name"
expect_status 1 "check odd file name"
expect_lines out 1 "odd file name: one line per diagnostic"
expect_grep out '^odd\\x0aname\\xff\.txt:1:1: error\[record\.empty\]' "odd file name escaped"
run "$XFEN" canon "$odd_name"
expect_lines err 1 "canon odd file name: one line"
run "$XFEN" check $'no\nsuch\xff'
expect_status 2 "missing odd file name"
expect_grep err '^xfen: cannot open no\\x0asuch\\xff: No such file or directory$' "missing odd name escaped"
run "$XFEN" check --json "$odd_name" utf8.txt
expect_json_lines out "check --json odd file name"
if python3 - out <<'PY'
import json, sys
objects = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
odd = objects[0]
assert odd["file"] == "odd\nname\ufffd.txt", odd
assert odd["file_bytes"] == "odd\\x0aname\\xff.txt", odd
assert list(odd)[:2] == ["file", "file_bytes"], odd
assert all("file_bytes" not in o for o in objects[1:]), objects  # UTF-8 names need none
PY
then ok; else not_ok "check --json: a non-UTF-8 name is identified by file_bytes"; fi

# ---------------------------------------------------------------- en passant explained

run "$XFEN" explain --lenient '4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1'
expect_status 0 "explain --lenient dropped square"
expect_no_grep out 'no square read' "explain: a dropped square was read"
expect_grep out '^en passant +e3 read, dropped: en-passant\.wrong-rank' "explain: e3 read and dropped"
run "$XFEN" explain --lenient "$EP_NO_CAPTURER"
expect_grep out '^en passant +e3, as read$' "explain --lenient: e3 read"
expect_grep out '^  style xfen +writes -: no black pawn stands beside the pushed pawn' \
  "explain --lenient: why X-FEN does not write e3"

# ---------------------------------------------------------------- line length boundary

# 4096 bytes (plus CRLF) is still a line that is read; 4097 bytes is too long.
{
  head -c 4096 /dev/zero | tr '\0' '8'
  printf '\r\n'
  head -c 4097 /dev/zero | tr '\0' '8'
  printf '\n'
} >boundary.txt
run "$XFEN" check boundary.txt
expect_no_grep out '^boundary\.txt:1:4097: error\[input\.too-long\]' "4096 bytes is not too long"
expect_grep out '^boundary\.txt:2:4097: error\[input\.too-long\]' "4097 bytes is too long"

# ---------------------------------------------------------------- suite list and export

# The arguments as main.cpp wires them; what the commands print and write is pinned in process
# by cli_commands_test.
run "$XFEN" suite list
expect_status 0 "suite list (the suite the command was built with)"
expect_grep out '^[0-9]+ cases$' "suite list ends with the count"
if [[ "$(tail -n 1 out)" == "$(($(wc -l <out) - 1)) cases" ]]; then ok
else not_ok "suite list: one line per case"; fi

run "$XFEN" suite list --id 'side.*' --class invalid --class dialect
expect_status 0 "suite list --id --class --class"
expect_grep out '^[0-9]+ cases? of [0-9]+$' "a filtered count says of how many"
head -n -1 out >listed
expect_grep listed '^side\.[^ ]+ invalid ' "suite list --id --class lists cases"
expect_no_grep listed '^([^s]|s[^i])' "--id keeps side.* only"
expect_no_grep listed '^[^ ]+ (valid|implementation-defined) ' "--class keeps the classes named"

run "$XFEN" suite list --class optional
expect_status 2 "suite list --class with an unknown name"
expect_grep err "'optional' is not one of valid, invalid, implementation-defined, dialect" \
  "an unknown class lists the classes"

run "$XFEN" suite frob
expect_status 2 "unknown suite subcommand"
expect_grep err "^xfen suite: unknown subcommand 'frob'; the subcommands are list, export$" \
  "an unknown suite subcommand is named"

mkdir suite
printf '%s\n' '{"id": "side.a", "class": "valid", "tags": ["8x8"], "input": "x", "output": "x"}' \
  '{"id": "side.b", "tags": ["8x8", "other"], "input": "x\u0000", "error": {"code": "side.invalid", "offset": 0}}' \
  >suite/side.jsonl
run "$XFEN" suite list --suite suite --tag other --tag 8x8
expect_status 0 "suite list --suite --tag --tag"
expect_out "side.b invalid 8x8,other 'x\\x00'"$'\n'"1 case of 2" "suite list --suite"

run "$XFEN" suite export --suite suite suite-out
expect_status 2 "suite export without --format"
run "$XFEN" suite export --format xml --suite suite suite-out
expect_status 2 "suite export --format xml"
expect_grep err "'xml' is not one of files, jsonl" "an unknown format lists the formats"

run "$XFEN" suite export --format jsonl --suite suite suite-out
expect_status 0 "suite export --format jsonl"
if cmp -s suite/side.jsonl suite-out/side.jsonl; then ok; else not_ok "jsonl export copies the lines"; fi
run "$XFEN" suite export --format files --suite suite --class invalid suite-out
expect_status 2 "suite export into a folder that is not empty"
run "$XFEN" suite export --format files --suite suite --class invalid --force suite-out
expect_status 0 "suite export --force"
if [[ "$(od -An -c suite-out/invalid/side.b.input | tr -s ' ')" == " x \\0" ]]; then ok
else not_ok "files export writes the input's bytes"; fi
ln -s suite-out suite-link
run "$XFEN" suite export --format files --suite suite --force suite-link
expect_status 2 "suite export into a symbolic link"
expect_grep err '^xfen: suite-link is a symbolic link: refusing to write through it$' \
  "a symbolic link is refused"

printf '%s\n' '{"id": "side.a", "class": "invalid", "input": "x", "output": "x"}' >suite/side.jsonl
run "$XFEN" suite list --suite suite
expect_status 2 "suite list on a broken suite"
expect_grep err '^  side\.jsonl:1: "class" is "invalid", but ' "a broken suite names file:line"

echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
