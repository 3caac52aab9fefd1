#!/usr/bin/env bash
# The ClusterFuzzLite build as the OSS-Fuzz builder runs it, without Docker:
# .clusterfuzzlite/build.sh with the builder's environment (clang, -stdlib=libc++, OSS-Fuzz's
# flags, libFuzzer at link time) and without nlohmann_json or CLI11, once for every sanitizer the
# workflows use. Checks, for each build, that every fuzz target built left its binary, seed corpus
# zip and options (and the dictionary they name) in $OUT and that each binary runs its whole seed
# corpus with its options (the coverage build must also write a profile); that the workflows parse
# as YAML and use no sanitizer other than those; and, where Docker runs, that the real image builds
# and its `compile` builds every target.
# Usage: clusterfuzzlite_test.sh SOURCE_DIR. Exit 77 (ctest: skipped) without clang's libFuzzer
# or libc++.
set -euo pipefail

SOURCE_DIR="$(cd "${1:?usage: clusterfuzzlite_test.sh SOURCE_DIR}" && pwd)"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# The sanitizers tested, and the targets each builds (empty: all), since two more full builds
# would add twice the address build's time on CI's two cores. address builds every target;
# undefined parse (structure-aware mutator, generator library) and adapter (the command's line
# library), which between them compile all that the other targets link but their own source
# file; coverage, whose flags instrument but check nothing, adapter alone.
sanitizers=(address undefined coverage)
declare -A only=([address]="" [undefined]="parse adapter" [coverage]="adapter")

# The builder's compiler flags (OSS-Fuzz infra/base-images: base-clang's CFLAGS and
# CXXFLAGS_EXTRA, base-builder's SANITIZER_FLAGS_<sanitizer> and COVERAGE_FLAGS[_coverage]),
# joined as its `compile` joins them. base-clang's -Wno-error=... flags are left out: build.sh
# turns warnings into errors nowhere, and this clang does not know all of them.
base_cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
cxxflags_extra="-stdlib=libc++"
# UBSan: these checks stop the target; unsigned-integer-overflow is only a coverage signal, whose
# reports OSS-Fuzz silences (UBSAN_OPTIONS below).
ubsan_checks="array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return"
ubsan_checks+=",returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
declare -A sanitizer_flags=(
  [address]="-fsanitize=address -fsanitize-address-use-after-scope"
  [undefined]="-fsanitize=$ubsan_checks,unsigned-integer-overflow -fno-sanitize-recover=$ubsan_checks"
  [coverage]="")
profile_flags="-fprofile-instr-generate -fcoverage-mapping -pthread"
profile_flags+=" -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument"
declare -A coverage_flags=(
  [address]="-fsanitize=fuzzer-no-link"
  [undefined]="-fsanitize=fuzzer-no-link"
  [coverage]="$profile_flags")
export UBSAN_OPTIONS="silence_unsigned_overflow=1:print_stacktrace=1"

# libFuzzer as the builder links it. OSS-Fuzz's libFuzzer carries a C++ library of its own;
# Debian's is built against libstdc++, which is then linked beside it for libFuzzer alone (none
# of our code is compiled against it). -Wl, because clang turns -lstdc++ into -lc++ here.
printf '%s\n' '#include <cstddef>' '#include <cstdint>' '#include <string>' \
  'extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {' \
  '  return static_cast<int>(std::string(reinterpret_cast<const char*>(data), size).size() > 9); }' \
  >"$TMP/probe.cpp"
links() {
  local -a flags
  read -ra flags <<<"$cxxflags_extra $1"
  clang++ "${flags[@]}" "$TMP/probe.cpp" -o "$TMP/probe" >"$TMP/probe.log" 2>&1
}
if ! command -v clang++ >/dev/null 2>&1; then
  echo "SKIP: no clang++ (Debian packages clang, libclang-rt-dev; scripts/install-deps.sh"
  echo "      installs them)"
  exit 77
fi
engine="-fsanitize=fuzzer"
links "$engine" || engine+=" -Wl,-lstdc++"
if ! links "$engine"; then
  tail -n 5 "$TMP/probe.log"
  echo "SKIP: clang++ cannot link a libFuzzer binary with -stdlib=libc++ (Debian packages"
  echo "      libclang-rt-dev libc++-14-dev libc++abi-14-dev; scripts/install-deps.sh installs them)"
  exit 77
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

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

echo "=== .github/workflows: YAML, and only the sanitizers tested here (${sanitizers[*]})"
# One line a ClusterFuzzLite step: file, job, action, sanitizer (ClusterFuzzLite's default is
# address; a matrix expression stands for each of its values); ERROR lines for what is wrong.
if ! python3 - "$SOURCE_DIR/.github/workflows" >"$TMP/workflows.txt" 2>&1 <<'EOF'
import pathlib, re, sys
import yaml

for path in sorted(pathlib.Path(sys.argv[1]).glob("*.y*ml")):
    try:
        workflow = yaml.safe_load(path.read_text())
    except yaml.YAMLError as error:
        print(f"ERROR\t{path.name}: not YAML: {error}".replace("\n", " "))
        continue
    for job_name, job in (workflow.get("jobs") or {}).items():
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        by_action = {}
        for step in job.get("steps") or []:
            action = re.match(r"google/clusterfuzzlite/actions/(\w+)", step.get("uses", ""))
            if not action:
                continue
            value = str((step.get("with") or {}).get("sanitizer", "address"))
            variable = re.fullmatch(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", value)
            values = matrix.get(variable.group(1), []) if variable else [value]
            by_action[action.group(1)] = set(values)
            for value in values:
                print(f"{path.name}\t{job_name}\t{action.group(1)}\t{value}")
        if len({frozenset(values) for values in by_action.values()}) > 1:
            print(f"ERROR\t{path.name}: job {job_name} builds and runs under different sanitizers: "
                  + ", ".join(f"{action} {sorted(values)}" for action, values in by_action.items()))
EOF
then
  cat "$TMP/workflows.txt"
  fail "reading the workflows (python3 with yaml: Debian package python3-yaml)"
else
  steps=0
  while IFS=$'\t' read -r file job action sanitizer; do
    if [ "$file" = ERROR ]; then fail "$job"; continue; fi
    steps=$((steps + 1))
    if [[ " ${sanitizers[*]} " == *" $sanitizer "* ]]; then
      pass "$file: $job: $action under $sanitizer"
    else
      fail "$file: $job: $action under '$sanitizer', which this test never builds with"
    fi
  done <"$TMP/workflows.txt"
  [ "$steps" -gt 0 ] || fail "no ClusterFuzzLite step found in .github/workflows"
fi

# nlohmann_json and CLI11 as if not installed: configure may not find them (build.sh's CMake
# arguments below), and every header of theirs installed here is shadowed by one that stops the
# compiler, since an #include alone would still find them in /usr/include.
for root in /usr/include /usr/local/include; do
  for package in nlohmann CLI; do
    [ -d "$root/$package" ] || continue
    while read -r header; do
      mkdir -p "$TMP/hidden/$(dirname "$header")"
      printf '#error "the fuzz build must not include <%s>: ClusterFuzzLite builds without it"\n' \
        "$header" >"$TMP/hidden/$header"
    done < <(cd "$root" && find "$package" -type f)
  done
done

# libFuzzer flags from an options file's [libfuzzer] section, one per line; dict relative to OUT.
option_flags() {
  awk -v out="$2" '
    /^[[:space:]]*\[/ { section = $0; gsub(/[][[:space:]]/, "", section); next }
    section == "libfuzzer" && /=/ {
      key = $0; sub(/=.*/, "", key); gsub(/[[:space:]]/, "", key)
      value = $0; sub(/^[^=]*=[[:space:]]*/, "", value); sub(/[[:space:]]*$/, "", value)
      if (key == "dict" && value !~ /^\//) value = out "/" value
      print "-" key "=" value
    }' "$1"
}

# check_target SANITIZER NAME: what build.sh left in that build's $OUT for NAME, run on its seeds.
check_target() {
  local sanitizer="$1" name="$2"
  local out="$TMP/$sanitizer/out" tag="$sanitizer: $2"
  local binary="$out/$name" zip="$out/${name}_seed_corpus.zip" options="$out/$name.options"
  [ -x "$binary" ] && pass "$tag: \$OUT/$name is an executable" ||
    { fail "$tag: \$OUT/$name is missing"; return; }
  grep -q LLVMFuzzerTestOneInput "$binary" && pass "$tag: binary is a fuzz target" ||
    fail "$tag: binary has no LLVMFuzzerTestOneInput"
  [ -s "$zip" ] && pass "$tag: ${name}_seed_corpus.zip exists" ||
    { fail "$tag: ${name}_seed_corpus.zip is missing"; return; }
  [ -f "$options" ] && grep -q '^\[libfuzzer\]' "$options" &&
    pass "$tag: $name.options has a [libfuzzer] section" ||
    { fail "$tag: $name.options is missing or has no [libfuzzer] section"; return; }

  local flags flag
  mapfile -t flags < <(option_flags "$options" "$out")
  for flag in "${flags[@]}"; do
    if [[ $flag == -dict=* ]]; then
      [ -f "${flag#-dict=}" ] && pass "$tag: dictionary ${flag#-dict="$out"/} is in \$OUT" ||
        fail "$tag: $name.options names ${flag#-dict=}, which is not in \$OUT"
    fi
  done

  local seeds="$TMP/$sanitizer/seeds-$name" count
  mkdir -p "$seeds"
  unzip -q "$zip" -d "$seeds"
  count="$(find "$seeds" -type f | wc -l)"
  if (cd "$TMP/$sanitizer" && LLVM_PROFILE_FILE="$TMP/$sanitizer/$name.profraw" \
        "$binary" -runs=0 "${flags[@]}" "$seeds") >"$TMP/$sanitizer/$name.log" 2>&1 &&
     grep -q 'INITED' "$TMP/$sanitizer/$name.log"; then
    pass "$tag: runs its $count seed inputs with its options"
  else
    tail -n 40 "$TMP/$sanitizer/$name.log"
    fail "$tag: running its $count seed inputs"
  fi
  if [ "$sanitizer" = coverage ]; then
    [ -s "$TMP/$sanitizer/$name.profraw" ] && pass "$tag: wrote a coverage profile" ||
      fail "$tag: wrote no coverage profile"
  fi
}

for sanitizer in "${sanitizers[@]}"; do
  cflags="$base_cflags ${sanitizer_flags[$sanitizer]} ${coverage_flags[$sanitizer]}"
  echo "=== .clusterfuzzlite/build.sh, SANITIZER=$sanitizer (${only[$sanitizer]:-every target})"
  mkdir -p "$TMP/$sanitizer/src" "$TMP/$sanitizer/work" "$TMP/$sanitizer/out"
  started=$SECONDS
  if (cd "$SOURCE_DIR" &&
      env CC=clang CXX=clang++ CFLAGS="$cflags" \
        CXXFLAGS="$cflags $cxxflags_extra -I$TMP/hidden" CXXFLAGS_EXTRA="$cxxflags_extra" \
        LIB_FUZZING_ENGINE="$engine" SANITIZER="$sanitizer" FUZZING_ENGINE=libfuzzer \
        FUZZING_LANGUAGE=c++ ARCHITECTURE=x86_64 XFEN_FUZZ_ONLY="${only[$sanitizer]}" \
        SRC="$TMP/$sanitizer/src" WORK="$TMP/$sanitizer/work" OUT="$TMP/$sanitizer/out" \
        bash -eu .clusterfuzzlite/build.sh \
          -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON) \
      >"$TMP/$sanitizer/build.log" 2>&1; then
    pass "$sanitizer: build.sh exits 0 ($((SECONDS - started)) s)"
  else
    # The first errors with their context (under make -j2 the last lines may be another job's).
    grep -m 5 -B 2 -A 4 -E 'error|Error' "$TMP/$sanitizer/build.log" || tail -n 30 "$TMP/$sanitizer/build.log"
    fail "$sanitizer: build.sh exits 0"
    continue
  fi
  read -ra built <<<"${only[$sanitizer]:-${targets[*]}}"
  for name in "${built[@]}"; do check_target "$sanitizer" "$name"; done
done

# The real image, where Docker runs: the builder's clang, libc++ and Ubuntu packages, which are the
# same for every sanitizer, so one `compile` (the builder's entry point, which runs build.sh as
# ClusterFuzzLite does) under address; $OUT is listed inside the container and checked here.
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
        for file in "$name" "${name}_seed_corpus.zip" "$name.options"; do
          grep -qxF "$file" "$TMP/docker-out.txt" || missing+=("$file")
        done
      done
      [ ${#missing[@]} -eq 0 ] && pass "docker: every target's binary, seed zip and options in \$OUT" ||
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
