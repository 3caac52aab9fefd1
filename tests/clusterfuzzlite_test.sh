#!/usr/bin/env bash
# The ClusterFuzzLite build, without Docker: runs .clusterfuzzlite/build.sh as the OSS-Fuzz
# builder would (clang, ASan, fuzzer-no-link; libFuzzer at link time) with local folders for
# $SRC, $WORK and $OUT, then checks that every registered fuzz target left its binary, seed
# corpus zip and options (and the dictionary they name) in $OUT, and that each binary runs its
# whole seed corpus with its options.
# Usage: clusterfuzzlite_test.sh SOURCE_DIR. Exit 77 (ctest: skipped) without clang's libFuzzer.
set -euo pipefail

SOURCE_DIR="$(cd "${1:?usage: clusterfuzzlite_test.sh SOURCE_DIR}" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# Skip only when clang cannot link a libFuzzer binary.
printf '%s\n' '#include <cstddef>' '#include <cstdint>' \
  'extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }' \
  >"$TMP/probe.cpp"
if ! command -v clang++ >/dev/null 2>&1 ||
   ! clang++ -fsanitize=fuzzer "$TMP/probe.cpp" -o "$TMP/probe" >"$TMP/probe.log" 2>&1; then
  echo "SKIP: clang++ with libFuzzer is not available (Debian packages clang, libclang-rt-dev;"
  echo "      scripts/install-deps.sh installs them)"
  exit 77
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

mkdir -p "$TMP/src" "$TMP/work" "$TMP/out"
echo "=== .clusterfuzzlite/build.sh (CXX=clang++, address + fuzzer-no-link)"
if (cd "$SOURCE_DIR" &&
    env CC=clang CXX=clang++ \
      CFLAGS="-fsanitize=address,fuzzer-no-link" CXXFLAGS="-fsanitize=address,fuzzer-no-link" \
      LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address FUZZING_ENGINE=libfuzzer \
      FUZZING_LANGUAGE=c++ ARCHITECTURE=x86_64 \
      SRC="$TMP/src" WORK="$TMP/work" OUT="$TMP/out" \
      bash -eu .clusterfuzzlite/build.sh) >"$TMP/build.log" 2>&1; then
  pass "build.sh exits 0"
else
  tail -n 60 "$TMP/build.log"
  fail "build.sh exits 0"
  echo "$passed passed, $failed failed"
  exit 1
fi

# The targets: fuzz/<t>.cpp defining LLVMFuzzerTestOneInput and registered in fuzz/CMakeLists.txt.
targets=()
for file in "$SOURCE_DIR"/fuzz/*.cpp; do
  grep -Eq '^[^/]*int[[:space:]]+LLVMFuzzerTestOneInput[[:space:]]*\([^;]*$' "$file" || continue
  name="$(basename "$file" .cpp)"
  if grep -Eq "xfen_add_fuzz_target\\(${name}([[:space:]]|\\))" "$SOURCE_DIR/fuzz/CMakeLists.txt"; then
    targets+=("$name")
  else
    echo "note: fuzz/$name.cpp is not in fuzz/CMakeLists.txt: not expected in \$OUT"
  fi
done
[ ${#targets[@]} -gt 0 ] && pass "fuzz targets found: ${targets[*]}" || fail "no fuzz target found"

# libFuzzer flags from an options file's [libfuzzer] section, one per line.
option_flags() {
  awk -v out="$TMP/out" '
    /^[[:space:]]*\[/ { section = $0; gsub(/[][[:space:]]/, "", section); next }
    section == "libfuzzer" && /=/ {
      key = $0; sub(/=.*/, "", key); gsub(/[[:space:]]/, "", key)
      value = $0; sub(/^[^=]*=[[:space:]]*/, "", value); sub(/[[:space:]]*$/, "", value)
      if (key == "dict" && value !~ /^\//) value = out "/" value
      print "-" key "=" value
    }' "$1"
}

for name in "${targets[@]}"; do
  binary="$TMP/out/$name"
  zip="$TMP/out/${name}_seed_corpus.zip"
  options="$TMP/out/$name.options"
  [ -x "$binary" ] && pass "$name: \$OUT/$name is an executable" ||
    { fail "$name: \$OUT/$name is missing"; continue; }
  grep -q LLVMFuzzerTestOneInput "$binary" && pass "$name: binary is a fuzz target" ||
    fail "$name: binary has no LLVMFuzzerTestOneInput"
  [ -s "$zip" ] && pass "$name: ${name}_seed_corpus.zip exists" ||
    { fail "$name: ${name}_seed_corpus.zip is missing"; continue; }
  [ -f "$options" ] && grep -q '^\[libfuzzer\]' "$options" &&
    pass "$name: $name.options has a [libfuzzer] section" ||
    { fail "$name: $name.options is missing or has no [libfuzzer] section"; continue; }

  mapfile -t flags < <(option_flags "$options")
  for flag in "${flags[@]}"; do
    if [[ $flag == -dict=* ]]; then
      [ -f "${flag#-dict=}" ] && pass "$name: dictionary ${flag#-dict=$TMP/out/} is in \$OUT" ||
        fail "$name: $name.options names ${flag#-dict=}, which is not in \$OUT"
    fi
  done

  seeds="$TMP/seeds-$name"
  mkdir -p "$seeds"
  unzip -q "$zip" -d "$seeds"
  count="$(find "$seeds" -type f | wc -l)"
  if (cd "$TMP" && "$binary" -runs=0 "${flags[@]}" "$seeds") >"$TMP/$name.log" 2>&1 &&
     grep -q 'INITED' "$TMP/$name.log"; then
    pass "$name: runs its $count seed inputs with its options"
  else
    tail -n 40 "$TMP/$name.log"
    fail "$name: running its $count seed inputs"
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
