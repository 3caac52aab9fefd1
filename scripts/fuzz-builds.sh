#!/usr/bin/env bash
# Every fuzz target built as OSS-Fuzz and ClusterFuzzLite build it (.clusterfuzzlite/build.sh with
# the builder's environment, without Docker), for each fuzzing engine and sanitizer asked; each
# target put through ClusterFuzz's bad-build checks, then fuzzed for a few seconds on one core.
#
#   scripts/fuzz-builds.sh [--engines libfuzzer,afl] [--sanitizers address,undefined,memory,coverage]
#                          [--targets all|T,...] [--seconds N] [--work DIR] [--msan-libcxx DIR]
#                          [--results FILE.tsv] [--build-script FILE] [--src DIR]
#
# Defaults: both engines, address and undefined (and memory when an MSan-instrumented libc++ is
# found: --msan-libcxx, or what scripts/build-msan-libcxx.sh left in ~/.cache/xfen/msan-libcxx),
# every target, 5 s of fuzzing. AFL++ builds with Debian's afl-clang-fast++ and libAFLDriver.a, as
# OSS-Fuzz's compile_afl does with its own; honggfuzz is not in Debian 12 (no package in bookworm
# main), so it is not built; nor is AFL++ under memory (see below). coverage is ClusterFuzzLite's
# coverage build (libFuzzer only): its check is that each target writes a profile.
#
# The checks, as oss-fuzz infra/base-images/base-runner/bad_build_check does them (commit 955c686):
# - engine: libFuzzer's `-seed=1337 -runs=4` does not say "no interesting inputs were found" and
#   loads at least 100 coverage counters (there, fewer only warns; here it fails); afl-fuzz says
#   "All set and ready to roll" and never that the target crashed or terminated.
# - sanitizer call sites (objdump -dC, direct calls to __asan*, __msan*, __ubsan*, __dfsan*):
#   address: asan >= 1000, msan <= 3, ubsan <= 200; memory: msan >= 1000, asan 0, ubsan <= 200;
#   undefined: ubsan >= 168, asan 0, msan <= 3 (libFuzzer builds only, as there); dfsan 0 always.
# - startup: libFuzzer's 4 runs end with "Done 4 runs".
# - seeds: the seed corpus runs whole without a finding (check_seed_corpus, disabled there).
# - shipped seeds (libFuzzer): given a corpus of more than 5 files, where ClusterFuzz would not
#   unpack the seed zip, the coverage script's merge reads the seeds shipped beside the target too,
#   and ClusterFuzz's merge after fuzzing takes them into the corpus (fuzz/shipped_seeds.cpp).
# Then fuzzing: --seconds from the seeds, pinned to one core (taskset), exec/s from the engine's
# own statistics (libFuzzer's stat::average_exec_per_sec, afl-fuzz's execs_per_sec).
#
# --build-script: the script `compile` runs instead of .clusterfuzzlite/build.sh (oss-fuzz/build.sh
# in a layout like OSS-Fuzz's), from this script's checkout as its WORKDIR; --src: the $SRC it
# sees (default: a scratch folder per build).
# Prints one row per build and target; with --results, also writes them as TSV. Exits 1 when a
# check fails, 77 when nothing could be built here (no clang with libFuzzer and libc++).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
engines="libfuzzer,afl"
sanitizers=""
targets="all"
seconds=5
work=""
msan_libcxx="${XFEN_MSAN_LIBCXX:-$HOME/.cache/xfen/msan-libcxx}"
results=""
build_script=".clusterfuzzlite/build.sh"
src=""
usage() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --engines) engines=${2:?--engines needs a list}; shift 2 ;;
    --sanitizers) sanitizers=${2:?--sanitizers needs a list}; shift 2 ;;
    --targets) targets=${2:?--targets needs all or a list}; shift 2 ;;
    --seconds) seconds=${2:?--seconds needs a number}; shift 2 ;;
    --work) work=${2:?--work needs a folder}; shift 2 ;;
    --msan-libcxx) msan_libcxx=${2:?--msan-libcxx needs a folder}; shift 2 ;;
    --results) results=${2:?--results needs a file}; shift 2 ;;
    --build-script) build_script=${2:?--build-script needs a file}; shift 2 ;;
    --src) src=${2:?--src needs a folder}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "fuzz-builds.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "fuzz-builds.sh: bad --seconds '$seconds'" >&2; exit 2; }
have_msan_libcxx() { [ -f "$msan_libcxx/lib/libc++.a" ] && [ -d "$msan_libcxx/include/c++/v1" ]; }
if [ -z "$sanitizers" ]; then
  sanitizers="address,undefined"
  if have_msan_libcxx; then sanitizers+=",memory"; else
    echo "note: memory left out: no MSan-instrumented libc++ in $msan_libcxx (scripts/build-msan-libcxx.sh builds one)"
  fi
fi
if [ -z "$work" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p "$work"
work="$(cd "$work" && pwd)"

# The builder's flags (OSS-Fuzz infra/base-images: base-clang's CFLAGS and CXXFLAGS_EXTRA,
# base-builder's SANITIZER_FLAGS_<sanitizer> and COVERAGE_FLAGS), joined as its `compile` joins
# them. base-clang's -Wno-error=... flags are left out: build.sh turns no warning into an error.
base_cflags="-O1 -fno-omit-frame-pointer -gline-tables-only -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"
cxxflags_extra="-stdlib=libc++"
# UBSan: these checks stop the target; unsigned-integer-overflow is only a coverage signal, whose
# reports OSS-Fuzz silences (UBSAN_OPTIONS below).
ubsan_checks="array-bounds,bool,builtin,enum,function,integer-divide-by-zero,null,object-size,return"
ubsan_checks+=",returns-nonnull-attribute,shift,signed-integer-overflow,unreachable,vla-bound,vptr"
declare -A sanitizer_flags=(
  [address]="-fsanitize=address -fsanitize-address-use-after-scope"
  [undefined]="-fsanitize=$ubsan_checks,unsigned-integer-overflow -fno-sanitize-recover=$ubsan_checks"
  [memory]="-fsanitize=memory -fsanitize-memory-track-origins"
  [coverage]="-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl -Wl,-lm -Wno-unused-command-line-argument")
export UBSAN_OPTIONS="silence_unsigned_overflow=1:print_stacktrace=1"
export ASAN_OPTIONS="detect_leaks=1:symbolize=1"
export MSAN_OPTIONS="print_stats=1:symbolize=1"
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_NO_AFFINITY=1
export AFL_QUIET=1 AFL_FORKSRV_INIT_TMOUT=30000

# libFuzzer as the builder links it. OSS-Fuzz's libFuzzer carries a C++ library of its own;
# Debian's is built against libstdc++, which is then linked beside it for libFuzzer alone (none of
# our code is compiled against it). -Wl, because clang turns -lstdc++ into -lc++ here.
printf '%s\n' '#include <cstddef>' '#include <cstdint>' '#include <string>' \
  'extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {' \
  '  return static_cast<int>(std::string(reinterpret_cast<const char*>(data), size).size() > 9); }' \
  >"$work/probe.cpp"
links() { clang++ $cxxflags_extra $1 "$work/probe.cpp" -o "$work/probe" >"$work/probe.log" 2>&1; }
if ! command -v clang++ >/dev/null 2>&1; then
  echo "SKIP: no clang++ (Debian packages clang, libclang-rt-dev; scripts/install-deps.sh installs them)"
  exit 77
fi
libfuzzer_engine="-fsanitize=fuzzer"
links "$libfuzzer_engine" || libfuzzer_engine+=" -Wl,-lstdc++"
if ! links "$libfuzzer_engine"; then
  tail -n 5 "$work/probe.log"
  echo "SKIP: clang++ cannot link a libFuzzer binary with -stdlib=libc++ (Debian packages"
  echo "      libclang-rt-dev libc++-14-dev libc++abi-14-dev; scripts/install-deps.sh installs them)"
  exit 77
fi
afl_driver=/usr/lib/afl/libAFLDriver.a

# The builder has neither nlohmann_json nor CLI11 (the fuzz build must not need them): configure
# may not find them (build.sh's CMake arguments below), and every header of theirs installed here
# is shadowed by one that stops the compiler, since an #include alone would still find them.
for include_root in /usr/include /usr/local/include; do
  for package in nlohmann CLI; do
    [ -d "$include_root/$package" ] || continue
    while read -r header; do
      mkdir -p "$work/hidden/$(dirname "$header")"
      printf '#error "the fuzz build must not include <%s>: ClusterFuzzLite builds without it"\n' \
        "$header" >"$work/hidden/$header"
    done < <(cd "$include_root" && find "$package" -type f)
  done
done

passed=0
failed=0
rows=()
pass() { passed=$((passed + 1)); echo "ok   $*"; }
fail() { failed=$((failed + 1)); echo "FAIL $*"; }

# libFuzzer flags from an options file's [libfuzzer] section, one per line; dict relative to OUT.
option_flags() {
  awk -v out="$2" '
    /^[[:space:]]*[#;]/ { next }
    /^[[:space:]]*\[/ { section = $0; gsub(/[][[:space:]]/, "", section); next }
    section == "libfuzzer" && /=/ {
      key = $0; sub(/=.*/, "", key); gsub(/[[:space:]]/, "", key)
      value = $0; sub(/^[^=]*=[[:space:]]*/, "", value); sub(/[[:space:]]*$/, "", value)
      if (key == "dict" && value !~ /^\//) value = out "/" value
      print "-" key "=" value
    }' "$1"
}

# call_sites DISASSEMBLY PREFIX: direct calls to PREFIX* (bad_build_check's CALL_INSN on x86_64).
call_sites() { grep -cE "callq?\s+[0-9a-f]+\s+<$2" "$1" || true; }

check_sanitizer_calls() {
  local tag="$1" binary="$2" sanitizer="$3" engine="$4"
  local asan msan ubsan dfsan problems=() disassembly="$binary.objdump"
  # Disassembled once for the four counts (tens of MB for a target).
  objdump -dC "$binary" >"$disassembly"
  asan=$(call_sites "$disassembly" __asan); msan=$(call_sites "$disassembly" __msan)
  ubsan=$(call_sites "$disassembly" __ubsan); dfsan=$(call_sites "$disassembly" __dfsan)
  rm -f "$disassembly"
  [ "$dfsan" -eq 0 ] || problems+=("dfsan $dfsan > 0")
  case "$sanitizer" in
    address)
      [ "$asan" -ge 1000 ] || problems+=("asan $asan < 1000")
      [ "$msan" -le 3 ] || problems+=("msan $msan > 3")
      [ "$ubsan" -le 200 ] || problems+=("ubsan $ubsan > 200") ;;
    memory)
      [ "$msan" -ge 1000 ] || problems+=("msan $msan < 1000")
      [ "$asan" -eq 0 ] || problems+=("asan $asan > 0")
      [ "$ubsan" -le 200 ] || problems+=("ubsan $ubsan > 200") ;;
    undefined)
      # bad_build_check's check_ubsan_build checks nothing for other engines than libFuzzer:
      # AFL++'s driver itself calls ASan's (weak) poisoning functions.
      if [ "$engine" != libfuzzer ]; then
        pass "$tag: sanitizer call sites not checked under $engine (as bad_build_check; asan $asan, ubsan $ubsan)"
        return
      fi
      [ "$ubsan" -ge 168 ] || problems+=("ubsan $ubsan < 168")
      [ "$asan" -eq 0 ] || problems+=("asan $asan > 0")
      [ "$msan" -le 3 ] || problems+=("msan $msan > 3") ;;
  esac
  if [ ${#problems[@]} -eq 0 ]; then
    pass "$tag: sanitizer call sites (asan $asan, msan $msan, ubsan $ubsan, dfsan $dfsan)"
  else
    fail "$tag: sanitizer call sites: ${problems[*]}"
  fi
}

# unpack_seeds BUILD NAME: the target's seed zip, unpacked into BUILD/seeds-NAME (what ClusterFuzz
# would unpack), and how many inputs it holds.
unpack_seeds() {
  local seeds="$1/seeds-$2"
  rm -rf "$seeds"; mkdir -p "$seeds"
  unzip -q "$1/out/${2}_seed_corpus.zip" -d "$seeds"
  find "$seeds" -type f | wc -l
}

# check_libfuzzer TAG BUILD NAME: engine, startup, seeds, shipped seeds, then fuzzing.
check_libfuzzer() {
  local tag="$1" build="$2" name="$3" sanitizer="$4"
  local out="$build/out" binary="$build/out/$name" log="$build/$name" flags edges
  mapfile -t flags < <(option_flags "$out/$name.options" "$out")
  # Run where $OUT is not: a path into it written into the binary would show (test_all.py does so).
  # The coverage build has no libFuzzer instrumentation, and ClusterFuzzLite checks none of it.
  if [ "$sanitizer" != coverage ]; then
    (cd "$build" && "$binary" -seed=1337 -runs=4) >"$log.startup" 2>&1 || true
    if grep -q 'no interesting inputs were found' "$log.startup"; then
      fail "$tag: no coverage instrumentation"
    else
      edges=$(grep -m 1 -Po 'INFO: Loaded [[:digit:]]+ module.*\(.*(counters|guards)\):[[:space:]]+\K[[:digit:]]+' "$log.startup" || true)
      if [ -n "$edges" ] && [ "$edges" -ge 100 ]; then
        pass "$tag: $edges coverage counters (>= 100)"
      else
        tail -n 20 "$log.startup"; fail "$tag: coverage counters '${edges:-none}' (< 100)"
      fi
    fi
    grep -q 'Done 4 runs' "$log.startup" && pass "$tag: starts up (Done 4 runs)" ||
      { tail -n 20 "$log.startup"; fail "$tag: startup crash or exit"; }
  fi

  local seeds="$build/seeds-$name" count
  count=$(unpack_seeds "$build" "$name")
  if (cd "$build" && LLVM_PROFILE_FILE="$log.seeds.profraw" "$binary" -runs=0 "${flags[@]}" "$seeds") >"$log.seeds" 2>&1 &&
     grep -q INITED "$log.seeds"; then
    pass "$tag: runs its $count seeds"
  else
    tail -n 30 "$log.seeds"; fail "$tag: running its $count seeds"
  fi
  if [ "$sanitizer" = coverage ]; then
    [ -s "$log.seeds.profraw" ] && pass "$tag: writes a coverage profile" || fail "$tag: wrote no coverage profile"
  else
    # A stored corpus of 6 inputs (ClusterFuzz unpacks the seed zip only into 5 or fewer), none a seed.
    local stored="$build/stored-$name" merged="$build/merged-$name" shipped before
    rm -rf "$stored" "$merged"; mkdir -p "$stored" "$merged"
    for byte in a b c d e f; do printf '%s' "$byte" >"$stored/$byte"; done
    shipped=$(find "$out/${name}_seeds" -type f 2>/dev/null | wc -l)
    # The coverage script's run: $OUT/$target -merge=1 -timeout=100 $corpus_dummy $CORPUS_DIR/$target.
    (cd "$build" && "$binary" -merge=1 -timeout=100 "${flags[@]}" "$merged" "$stored") >"$log.coverage-run" 2>&1 || true
    if grep -qE "MERGE-OUTER: $((6 + shipped)) files" "$log.coverage-run" && [ "$shipped" -gt 0 ]; then
      pass "$tag: coverage's merge over a stored corpus of 6 reads the $shipped shipped seeds too"
    else
      grep -m 2 'MERGE-OUTER' "$log.coverage-run" || tail -n 10 "$log.coverage-run"
      fail "$tag: coverage's merge over a stored corpus of 6 reads the shipped seeds ($shipped)"
    fi
    # ClusterFuzz's merge after fuzzing: new units into the stored corpus, which is then uploaded.
    before=$(find "$stored" -type f | wc -l)
    (cd "$build" && "$binary" -merge=1 "${flags[@]}" "$stored" "$merged") >"$log.batch-merge" 2>&1 || true
    if [ "$(find "$stored" -type f | wc -l)" -gt "$before" ]; then
      pass "$tag: the merge after fuzzing takes seeds into the stored corpus ($before -> $(find "$stored" -type f | wc -l))"
    else
      tail -n 10 "$log.batch-merge"; fail "$tag: the merge after fuzzing takes seeds into the stored corpus"
    fi

    local corpus="$build/corpus-$name" rate
    rm -rf "$corpus"; mkdir -p "$corpus"
    # The shipped seeds join the empty corpus folder (fuzz/shipped_seeds.cpp).
    if (cd "$build" && taskset -c 0 "$binary" -max_total_time="$seconds" -print_final_stats=1 "${flags[@]}" "$corpus") \
         >"$log.fuzz" 2>&1; then
      rate=$(sed -nE 's/^stat::average_exec_per_sec:[[:space:]]*([0-9]+).*/\1/p' "$log.fuzz" | tail -n 1)
      pass "$tag: fuzzed ${seconds} s without a finding, ${rate:-?} exec/s"
      rows+=("$name	libfuzzer	$sanitizer	${edges:-}	${rate:-}")
    else
      grep -m 1 -A 15 -E '==ERROR|runtime error|law broken|deadly signal' "$log.fuzz" || tail -n 30 "$log.fuzz"
      fail "$tag: fuzzing ${seconds} s found something (log: $log.fuzz)"
    fi
  fi
}

# check_afl TAG BUILD NAME: afl-fuzz starts, runs the seeds and fuzzes.
check_afl() {
  local tag="$1" build="$2" name="$3" sanitizer="$4"
  local out="$build/out" binary="$build/out/$name" log="$build/$name"
  local seeds="$build/seeds-$name" findings="$build/afl-$name" count flag dict=()
  rm -rf "$findings"
  count=$(unpack_seeds "$build" "$name")
  # The seeds through the driver, which runs each file named on its command line.
  if (cd "$build" && find "$seeds" -type f -print0 | xargs -0 "$binary") >"$log.seeds" 2>&1; then
    pass "$tag: runs its $count seeds"
  else
    tail -n 30 "$log.seeds"; fail "$tag: running its $count seeds"
  fi
  # The options' dictionary (AFL++ reads libFuzzer's format).
  while read -r flag; do
    [[ $flag != -dict=* ]] || dict=(-x "${flag#-dict=}")
  done < <(option_flags "$out/$name.options" "$out")
  # afl-fuzz insists on sanitizers that abort (it sees a crash as a signal); leaks off as in
  # OSS-Fuzz's compile_afl.
  (cd "$build" && ASAN_OPTIONS="abort_on_error=1:symbolize=0:detect_leaks=0" \
     UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:silence_unsigned_overflow=1:symbolize=0" \
     MSAN_OPTIONS="exit_code=86:abort_on_error=1:symbolize=0" taskset -c 0 timeout -s INT $((seconds + 60)) \
     afl-fuzz -i "$seeds" -o "$findings" -V "$seconds" "${dict[@]}" -- "$binary") >"$log.fuzz" 2>&1 || true
  if grep -qE 'target binary (crashed|terminated)' "$log.fuzz"; then
    tail -n 20 "$log.fuzz"; fail "$tag: afl-fuzz: the target crashed at start-up"
  elif ! grep -q 'All set and ready to roll' "$log.fuzz"; then
    tail -n 20 "$log.fuzz"; fail "$tag: afl-fuzz did not start fuzzing"
  else
    local stats="$findings/default/fuzzer_stats" crashes rate edges
    crashes=$(sed -nE 's/^saved_crashes[[:space:]]*:[[:space:]]*([0-9]+).*/\1/p' "$stats")
    rate=$(sed -nE 's/^execs_per_sec[[:space:]]*:[[:space:]]*([0-9]+).*/\1/p' "$stats")
    edges=$(sed -nE 's/^total_edges[[:space:]]*:[[:space:]]*([0-9]+).*/\1/p' "$stats")
    pass "$tag: afl-fuzz starts (All set and ready to roll), $edges edges instrumented"
    if [ "${crashes:-0}" -eq 0 ]; then
      pass "$tag: fuzzed ${seconds} s without a finding, ${rate:-?} exec/s"
      rows+=("$name	afl	$sanitizer	${edges:-}	${rate:-}")
    else
      fail "$tag: afl-fuzz saved $crashes crash(es) in $findings/default/crashes"
    fi
  fi
}

IFS=, read -ra engine_list <<<"$engines"
IFS=, read -ra sanitizer_list <<<"$sanitizers"
for engine in "${engine_list[@]}"; do
  case "$engine" in
    libfuzzer) cc=clang; cxx=clang++; lib_fuzzing_engine="$libfuzzer_engine" ;;
    afl)
      if ! command -v afl-clang-fast++ >/dev/null 2>&1 || [ ! -f "$afl_driver" ]; then
        fail "afl: afl-clang-fast++ or $afl_driver missing (Debian package afl++; scripts/install-deps.sh installs it)"
        continue
      fi
      cc=afl-clang-fast; cxx=afl-clang-fast++; lib_fuzzing_engine="$afl_driver" ;;
    honggfuzz) echo "note: honggfuzz is not in Debian 12 (no package in bookworm main): not built"; continue ;;
    *) echo "fuzz-builds.sh: unknown engine '$engine'" >&2; exit 2 ;;
  esac
  for sanitizer in "${sanitizer_list[@]}"; do
    [ -n "${sanitizer_flags[$sanitizer]+set}" ] || { echo "fuzz-builds.sh: unknown sanitizer '$sanitizer'" >&2; exit 2; }
    if [ "$sanitizer" = coverage ] && [ "$engine" != libfuzzer ]; then continue; fi
    if [ "$sanitizer" = memory ] && [ "$engine" = afl ]; then
      # Not a combination OSS-Fuzz builds either (AFL++ with address only): the driver reads each
      # input with a raw syscall(SYS_read, ...) (utils/aflpp_driver/aflpp_driver.c, line 220 at
      # 4.04c), which MSan cannot see, so every input it runs reads as uninitialised memory.
      echo "note: afl-memory not built: AFL++'s driver reads inputs with a raw read syscall, unseen by MSan"
      continue
    fi
    build="$work/$engine-$sanitizer"
    rm -rf "$build"; mkdir -p "$build/out" "$build/work"
    # COVERAGE_FLAGS: libFuzzer's instrumentation without its main; afl-clang-fast instruments by itself.
    coverage_flags="-fsanitize=fuzzer-no-link"
    [ "$engine" = libfuzzer ] && [ "$sanitizer" != coverage ] || coverage_flags=""
    cflags="$base_cflags ${sanitizer_flags[$sanitizer]} $coverage_flags"
    extra="$cxxflags_extra"
    if [ "$sanitizer" = memory ]; then
      if ! have_msan_libcxx; then
        fail "$engine-memory: no MSan-instrumented libc++ in $msan_libcxx (scripts/build-msan-libcxx.sh)"
        continue
      fi
      # As compile does with /usr/msan: the instrumented libc++ instead of the system's.
      extra+=" -nostdinc++ -isystem $msan_libcxx/include/c++/v1 -L$msan_libcxx/lib"
    fi
    only=""
    [ "$targets" = all ] || only="${targets//,/ }"
    echo "=== $engine, SANITIZER=$sanitizer (${only:-every target})"
    started=$SECONDS
    if (cd "$root" &&
        env CC="$cc" CXX="$cxx" CFLAGS="$cflags" CXXFLAGS="$cflags $extra -I$work/hidden" CXXFLAGS_EXTRA="$extra" \
          LDFLAGS="" LIB_FUZZING_ENGINE="$lib_fuzzing_engine" SANITIZER="$sanitizer" \
          FUZZING_ENGINE="$engine" FUZZING_LANGUAGE=c++ ARCHITECTURE=x86_64 XFEN_FUZZ_ONLY="$only" \
          SRC="${src:-$build/src}" WORK="$build/work" OUT="$build/out" \
          bash -eu "$build_script" \
            -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON -DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON) \
        >"$build/build.log" 2>&1; then
      pass "$engine-$sanitizer: build.sh exits 0 ($((SECONDS - started)) s)"
    else
      grep -m 5 -B 2 -A 4 -E 'error|Error' "$build/build.log" || tail -n 30 "$build/build.log"
      fail "$engine-$sanitizer: build.sh exits 0"
      continue
    fi
    read -ra built <<<"${only:-$(tr '\n' ' ' <"$build/work/xfen-build/fuzz/fuzz_targets.txt")}"
    for name in "${built[@]}"; do
      tag="$engine-$sanitizer: $name"
      binary="$build/out/$name"
      [ -x "$binary" ] && grep -q LLVMFuzzerTestOneInput "$binary" && [ -s "$build/out/${name}_seed_corpus.zip" ] &&
        [ -d "$build/out/${name}_seeds" ] && grep -q '^\[libfuzzer\]' "$build/out/$name.options" &&
        pass "$tag: binary, seed zip, shipped seeds and options in \$OUT" ||
        { fail "$tag: \$OUT lacks the binary, seed zip, shipped seeds or options"; continue; }
      [ "$sanitizer" = coverage ] || check_sanitizer_calls "$tag" "$binary" "$sanitizer" "$engine"
      if [ "$engine" = afl ]; then check_afl "$tag" "$build" "$name" "$sanitizer"
      else check_libfuzzer "$tag" "$build" "$name" "$sanitizer"; fi
    done
  done
done

if [ ${#rows[@]} -gt 0 ]; then
  echo
  printf '%-14s %-10s %-10s %8s %10s\n' target engine sanitizer edges exec/s
  for row in "${rows[@]}"; do
    IFS=$'\t' read -r name engine sanitizer edges rate <<<"$row"
    printf '%-14s %-10s %-10s %8s %10s\n' "$name" "$engine" "$sanitizer" "$edges" "$rate"
  done
  if [ -n "$results" ]; then
    { printf 'target\tengine\tsanitizer\tedges\texec_per_s\n'; printf '%s\n' "${rows[@]}"; } >"$results"
  fi
fi
echo "fuzz builds: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
