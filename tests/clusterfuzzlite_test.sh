#!/usr/bin/env bash
# The fuzz targets built as OSS-Fuzz and ClusterFuzzLite build them, without Docker, and put
# through ClusterFuzz's bad-build checks (scripts/fuzz-builds.sh says which), a short version of
# `scripts/fuzz-builds.sh` (every target, both engines, every sanitizer, longer fuzzing):
# - OSS-Fuzz's layout: the repository cloned into $SRC/xfen as oss-fuzz/Dockerfile clones it (the
#   local checkout for its address; copied instead when the working tree has uncommitted changes),
#   oss-fuzz/build.sh in $SRC, run from the WORKDIR as `compile` runs it: libFuzzer, address,
#   every target, fuzzed 2 s each;
# - .clusterfuzzlite/build.sh as ClusterFuzzLite runs it: libFuzzer under undefined (parse and
#   adapter, which between them compile all that the other targets link but their own source
#   file), memory (the same two; when scripts/build-msan-libcxx.sh has built an instrumented
#   libc++), and coverage (adapter); AFL++ under address (parse, legal) and undefined (parse).
# Then, where Docker runs, the real image and its `compile`.
# Usage: clusterfuzzlite_test.sh SOURCE_DIR. Exit 77 (ctest: skipped) without clang's libFuzzer
# or libc++.
set -euo pipefail

SOURCE_DIR="$(cd "${1:?usage: clusterfuzzlite_test.sh SOURCE_DIR}" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
builds="$SOURCE_DIR/scripts/fuzz-builds.sh"

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# run_builds NAME ARGUMENTS...: one fuzz-builds.sh run; 77 (nothing can be built) skips the test.
run_builds() {
  local name="$1"; shift
  local status=0
  echo "=== $name: scripts/fuzz-builds.sh $*"
  "$@" --work "$TMP/$name" >"$TMP/$name.log" 2>&1 || status=$?
  grep -E '^(ok|FAIL|note|SKIP|===) ' "$TMP/$name.log" | grep -v '^ok ' || true
  sed -n '/^target /,$p' "$TMP/$name.log"
  case "$status" in
    0) pass "$name: $(tail -n 1 "$TMP/$name.log")" ;;
    77) cat "$TMP/$name.log"; exit 77 ;;
    *) grep -B 30 -m 1 '^FAIL' "$TMP/$name.log"; fail "$name: $(tail -n 1 "$TMP/$name.log")" ;;
  esac
}

# OSS-Fuzz's layout: $SRC/xfen is the clone the Dockerfile makes, $SRC/build.sh its COPY.
src="$TMP/oss-fuzz-src"
mkdir -p "$src"
repository="$(sed -nE 's/^RUN git clone (--depth 1 )?(\S+) (\S+)$/\2/p' "$SOURCE_DIR/oss-fuzz/Dockerfile")"
folder="$(sed -nE 's/^RUN git clone (--depth 1 )?(\S+) (\S+)$/\3/p' "$SOURCE_DIR/oss-fuzz/Dockerfile")"
workdir="$(sed -nE 's/^WORKDIR (\S+)$/\1/p' "$SOURCE_DIR/oss-fuzz/Dockerfile")"
if [ -z "$repository" ] || [ "$folder" != xfen ] || [ "$workdir" != xfen ]; then
  fail "oss-fuzz/Dockerfile: no 'RUN git clone URL xfen' and 'WORKDIR xfen' (found '$repository' '$folder' '$workdir')"
elif [ -d "$SOURCE_DIR/.git" ] && [ -z "$(git -C "$SOURCE_DIR" status --porcelain 2>/dev/null)" ]; then
  git clone -q --depth 1 "file://$SOURCE_DIR" "$src/xfen"
  pass "oss-fuzz layout: cloned $SOURCE_DIR for $repository into \$SRC/xfen"
else
  echo "note: the working tree has uncommitted changes: copied into \$SRC/xfen instead of cloned"
  mkdir -p "$src/xfen"
  tar -C "$SOURCE_DIR" --exclude='./build*' --exclude=./.git --exclude='*/node_modules' -cf - . | tar -C "$src/xfen" -xf -
fi
cp "$SOURCE_DIR/oss-fuzz/build.sh" "$src/build.sh"
if [ -d "$src/xfen" ]; then
  run_builds oss-fuzz-libfuzzer-address "$src/xfen/scripts/fuzz-builds.sh" --engines libfuzzer \
    --sanitizers address --seconds 2 --build-script "$src/build.sh" --src "$src"
fi

run_builds libfuzzer-undefined "$builds" --engines libfuzzer --sanitizers undefined --targets parse,adapter --seconds 2
msan_libcxx="${XFEN_MSAN_LIBCXX:-$HOME/.cache/xfen/msan-libcxx}"
if [ -f "$msan_libcxx/lib/libc++.a" ]; then
  run_builds libfuzzer-memory "$builds" --engines libfuzzer --sanitizers memory --targets parse,adapter \
    --seconds 2 --msan-libcxx "$msan_libcxx"
else
  echo "note: memory not built: no MSan-instrumented libc++ in $msan_libcxx (scripts/build-msan-libcxx.sh)"
fi
run_builds libfuzzer-coverage "$builds" --engines libfuzzer --sanitizers coverage --targets adapter
run_builds afl-address "$builds" --engines afl --sanitizers address --targets parse,legal --seconds 3
run_builds afl-undefined "$builds" --engines afl --sanitizers undefined --targets parse --seconds 3

# The real image, where Docker runs: the builder's clang, libc++ and Ubuntu packages, which are the
# same for every sanitizer, so one `compile` (the builder's entry point, which runs build.sh as
# ClusterFuzzLite does) under address; $OUT is listed inside the container and checked here.
mapfile -t targets < <(sed -nE 's/^xfen_add_fuzz_target\(([a-z_]+).*/\1/p' "$SOURCE_DIR/fuzz/CMakeLists.txt")
if ! command -v docker >/dev/null 2>&1; then
  echo "docker build: skipped (no docker command)"
elif ! docker info >"$TMP/docker-info.log" 2>&1; then
  echo "docker build: skipped (docker info: $(grep -v '^[[:space:]]*$' "$TMP/docker-info.log" | tail -n 1))"
else
  image=xfen-clusterfuzzlite-test
  if docker build -t "$image" -f "$SOURCE_DIR/.clusterfuzzlite/Dockerfile" "$SOURCE_DIR" \
       >"$TMP/docker-build.log" 2>&1; then
    pass "docker build -f .clusterfuzzlite/Dockerfile"
    if docker run --rm -e SANITIZER=address -e FUZZING_ENGINE=libfuzzer -e FUZZING_LANGUAGE=c++ \
         -e ARCHITECTURE=x86_64 "$image" \
         bash -c 'compile >/tmp/compile.log 2>&1 || { tail -n 60 /tmp/compile.log; exit 1; }; ls /out' \
         >"$TMP/docker-out.txt" 2>&1; then
      pass "docker: compile (SANITIZER=address) exits 0"
      missing=()
      for name in "${targets[@]}"; do
        for file in "$name" "${name}_seed_corpus.zip" "$name.options" "${name}_seeds"; do
          grep -qxF "$file" "$TMP/docker-out.txt" || missing+=("$file")
        done
      done
      [ ${#missing[@]} -eq 0 ] && pass "docker: every target's binary, seeds and options in \$OUT" ||
        fail "docker: \$OUT lacks ${missing[*]}"
    else
      cat "$TMP/docker-out.txt"
      fail "docker: compile (SANITIZER=address) exits 0"
    fi
  else
    tail -n 40 "$TMP/docker-build.log"
    fail "docker build -f .clusterfuzzlite/Dockerfile"
  fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
