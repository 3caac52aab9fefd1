#!/usr/bin/env bash
# scripts/merge-profiles.sh: a raw profile cut short by a killed process is left out and named,
# the rest merged (CI's coverage stage once failed on 9 such profiles among thousands, with
# llvm-profdata's "no profile can be merged"); too many unreadable profiles, or none readable,
# still fail. Profiles of a small C program built here with clang's -fprofile-instr-generate.
# Usage: merge_profiles_test.sh SOURCE_DIR. Exit 77 (ctest: skipped) without clang or llvm-profdata.
set -euo pipefail

merge="$(cd "${1:?usage: merge_profiles_test.sh SOURCE_DIR}" && pwd)/scripts/merge-profiles.sh"
command -v clang >/dev/null 2>&1 || { echo "SKIP: no clang"; exit 77; }
command -v llvm-profdata-14 >/dev/null 2>&1 || command -v llvm-profdata >/dev/null 2>&1 ||
  { echo "SKIP: no llvm-profdata (Debian package llvm-14)"; exit 77; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

printf 'int main(int argc, char** argv) { (void)argv; return argc > 5; }\n' >"$TMP/program.c"
clang -fprofile-instr-generate -fcoverage-mapping "$TMP/program.c" -o "$TMP/program"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# profiles DIR GOOD CUT: GOOD whole profiles and CUT ones cut after 40 bytes (inside the header).
profiles() {
  mkdir -p "$1"
  local i
  for ((i = 0; i < $2 + $3; i++)); do LLVM_PROFILE_FILE="$1/$i.profraw" "$TMP/program"; done
  for ((i = 0; i < $3; i++)); do truncate -s 40 "$1/$i.profraw"; done
}

profiles "$TMP/one-cut" 40 1
if "$merge" "$TMP/one-cut" "$TMP/one-cut.profdata" 2>"$TMP/one-cut.log" && [ -s "$TMP/one-cut.profdata" ]; then
  pass "1 cut-short profile of 41: merged without it"
else
  cat "$TMP/one-cut.log"; fail "1 cut-short profile of 41: merged without it"
fi
grep -q '1 of 41 raw profiles unreadable.*left out: 0.profraw' "$TMP/one-cut.log" &&
  pass "the cut-short profile is counted and named" ||
  { cat "$TMP/one-cut.log"; fail "the cut-short profile is counted and named"; }

profiles "$TMP/many-cut" 10 5
if "$merge" "$TMP/many-cut" "$TMP/many-cut.profdata" 2>"$TMP/many-cut.log"; then
  fail "5 cut-short profiles of 15 (over 20%): a failure"
else
  grep -q 'more than 20% of the raw profiles are unreadable' "$TMP/many-cut.log" &&
    pass "5 cut-short profiles of 15 (over 20%): a failure" ||
    { cat "$TMP/many-cut.log"; fail "5 cut-short profiles of 15: the reason given"; }
fi

profiles "$TMP/all-cut" 0 3
"$merge" "$TMP/all-cut" "$TMP/all-cut.profdata" 50 2>"$TMP/all-cut.log" &&
  fail "no readable profile: a failure" || pass "no readable profile: a failure"

mkdir -p "$TMP/none"
"$merge" "$TMP/none" "$TMP/none.profdata" 2>"$TMP/none.log" &&
  fail "no raw profile: a failure" || pass "no raw profile: a failure"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
