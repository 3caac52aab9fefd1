#!/bin/bash -eu
# ClusterFuzzLite / OSS-Fuzz build: every fuzz target fuzz/<t>.cpp as $OUT/<t>, compiled with the
# builder's $CXX and $CXXFLAGS (sanitizer, coverage instrumentation, -stdlib=libc++) and linked
# with $LIB_FUZZING_ENGINE, beside
#   $OUT/<t>_seed_corpus.zip  corpus/<t>/ and corpus/regressions/
#   $OUT/<t>_seeds/           the same, unpacked: the target reads it too (fuzz/shipped_seeds.cpp)
#   $OUT/<t>.options          fuzz/<t>.options ([libfuzzer] flags; dict = xfen.dict)
#   $OUT/xfen.dict            fuzz/xfen.dict
#
# Not the `fuzz` CMake preset: its fixed ASan + UBSan flags would override the builder's choice
# of sanitizer. Only what the fuzz targets link is configured (no command, tests or benchmarks),
# so nothing beyond the builder's clang and CMake is needed: not nlohmann_json, whose Ubuntu 20.04
# package is too old for the command, nor CLI11.
# Run by the builder image (.clusterfuzzlite/Dockerfile) from $SRC/xfen; also runnable by hand,
# as tests/clusterfuzzlite_test.sh does, with extra CMake arguments after the script's name:
#   CXX=clang++ CXXFLAGS='-fsanitize=address,fuzzer-no-link -stdlib=libc++' \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out WORK=/tmp/work \
#   .clusterfuzzlite/build.sh [CMAKE_ARG…]
set -o pipefail

: "${CXX:=clang++}"
: "${CXXFLAGS:=}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
: "${OUT:?set OUT to the folder that receives the fuzz targets}"
: "${WORK:=$(mktemp -d)}"

# The source tree: the working directory in the builder image, else the one this script is in.
if [ -f "$PWD/fuzz/CMakeLists.txt" ] && [ -f "$PWD/include/xfen/xfen.hpp" ]; then
  source_dir="$PWD"
elif [ -f "$(dirname "$0")/../fuzz/CMakeLists.txt" ]; then
  source_dir="$(cd "$(dirname "$0")/.." && pwd)"
else
  source_dir="${SRC:?}/xfen"
fi
build_dir="$WORK/xfen-build"
mkdir -p "$OUT" "$build_dir"

configure() {
  cmake -S "$source_dir" -B "$build_dir" \
    -DCMAKE_BUILD_TYPE= \
    -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
    -DCMAKE_EXE_LINKER_FLAGS= \
    -DBUILD_SHARED_LIBS=OFF \
    -DXFEN_FUZZ=ON \
    -DXFEN_FUZZ_ENGINE="$LIB_FUZZING_ENGINE" \
    -DXFEN_BUILD_CLI=OFF \
    -DXFEN_BUILD_TESTS=OFF \
    -DXFEN_BUILD_BENCH=OFF \
    -DXFEN_INSTALL=OFF \
    -DXFEN_WERROR=OFF \
    --no-warn-unused-cli "$@" >"$build_dir/configure.log" 2>&1
}

configure "$@" || { cat "$build_dir/configure.log" >&2; exit 1; }

# The targets: the list fuzz/CMakeLists.txt writes for this configuration, or the ones of them
# named in $XFEN_FUZZ_ONLY (a quicker build for local checks; ClusterFuzzLite never sets it).
mapfile -t targets < "$build_dir/fuzz/fuzz_targets.txt"
if [ -n "${XFEN_FUZZ_ONLY:-}" ]; then
  # A loop, not `printf | grep -q`: under pipefail grep's early exit can
  # kill printf with SIGPIPE and fail the check on a name that is there.
  for name in $XFEN_FUZZ_ONLY; do
    known=false
    for target in "${targets[@]}"; do [ "$target" = "$name" ] && known=true; done
    $known || {
      echo "build.sh: XFEN_FUZZ_ONLY names '$name', not a target (targets: ${targets[*]})" >&2
      exit 1
    }
  done
  read -ra targets <<<"$XFEN_FUZZ_ONLY"
fi
if [ ${#targets[@]} -eq 0 ]; then
  echo "build.sh: no fuzz target to build" >&2
  exit 1
fi

build_targets=()
for name in "${targets[@]}"; do build_targets+=("fuzz_$name"); done
cmake --build "$build_dir" -j"$(nproc)" --target "${build_targets[@]}"

for dict in "$source_dir"/fuzz/*.dict; do
  [ -f "$dict" ] && cp "$dict" "$OUT/"
done

for name in "${targets[@]}"; do
  cp "$build_dir/fuzz/fuzz_$name" "$OUT/$name"

  # Seed corpus: the target's corpus and every regression input (an empty input if none); for the
  # targets that test another implementation, the records fuzz/CMakeLists.txt writes (the suite's
  # one-line inputs and a sample of the position corpus).
  seeds="$WORK/seeds-$name"
  rm -rf "$seeds" "$OUT/${name}_seed_corpus.zip"
  mkdir -p "$seeds"
  folders=("$source_dir/corpus/$name" "$source_dir/corpus/regressions")
  case "$name" in external | plugin) folders+=("$build_dir/fuzz/record-seeds") ;; esac
  for folder in "${folders[@]}"; do
    [ -d "$folder" ] || continue
    find "$folder" -maxdepth 1 -type f ! -name README.md ! -name '.*' -exec cp {} "$seeds/" \;
  done
  [ -n "$(ls -A "$seeds")" ] || : >"$seeds/empty"
  (cd "$seeds" && zip -q -X "$OUT/${name}_seed_corpus.zip" ./*)
  # The same seeds unpacked, which the target adds to its corpus folders (fuzz/shipped_seeds.cpp):
  # ClusterFuzz unpacks the zip only into a corpus of at most 5 files, and coverage never.
  rm -rf "$OUT/${name}_seeds"
  cp -R "$seeds" "$OUT/${name}_seeds"

  # Options: the target's own, or the shared dictionary alone.
  if [ -f "$source_dir/fuzz/$name.options" ]; then
    cp "$source_dir/fuzz/$name.options" "$OUT/$name.options"
  elif [ -f "$source_dir/fuzz/xfen.dict" ]; then
    printf '[libfuzzer]\ndict = xfen.dict\n' >"$OUT/$name.options"
  else
    printf '[libfuzzer]\n' >"$OUT/$name.options"
  fi
done

echo "build.sh: built ${targets[*]} into $OUT"
