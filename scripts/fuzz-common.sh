# shellcheck shell=bash
# Shared by the scripts/fuzz*.sh commands (sourced, not run): where things are, which targets
# exist, how to build them with the `fuzz` preset, and how to turn fuzz/<target>.options into
# libFuzzer flags.
#
# Environment:
#   XFEN_FUZZ_BUILD_DIR  build folder of the fuzz preset (default: build-fuzz/ in the source tree)

# The source tree: the folder above scripts/.
XFEN_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
XFEN_FUZZ_BUILD_DIR="${XFEN_FUZZ_BUILD_DIR:-$XFEN_ROOT/build-fuzz}"

# Sanitizer settings for every run: full stacks, abort() (a broken law) printing its stack too,
# and no recovery, so that the first report is the one you read.
export ASAN_OPTIONS="${ASAN_OPTIONS:-print_stacktrace=1:handle_abort=1:detect_leaks=1:symbolize=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:handle_abort=1:symbolize=1}"

fuzz_die() {
  echo "${0##*/}: $*" >&2
  exit 2
}

# Configures the fuzz preset once (re-configuring when fuzz/CMakeLists.txt is newer).
fuzz_configure() {
  if [ ! -f "$XFEN_FUZZ_BUILD_DIR/CMakeCache.txt" ]; then
    echo "=== configuring the fuzz preset in $XFEN_FUZZ_BUILD_DIR" >&2
    (cd "$XFEN_ROOT" && cmake --preset fuzz -B "$XFEN_FUZZ_BUILD_DIR" >/dev/null) ||
      fuzz_die "configuring the fuzz preset failed (output above)"
  elif [ "$XFEN_ROOT/fuzz/CMakeLists.txt" -nt "$XFEN_FUZZ_BUILD_DIR/fuzz/fuzz_targets.txt" ]; then
    cmake "$XFEN_FUZZ_BUILD_DIR" >/dev/null || fuzz_die "configuring $XFEN_FUZZ_BUILD_DIR failed (output above)"
  fi
}

# The fuzz targets, as fuzz/CMakeLists.txt lists them for the fuzz preset.
fuzz_targets() {
  fuzz_configure
  cat "$XFEN_FUZZ_BUILD_DIR/fuzz/fuzz_targets.txt"
}

fuzz_is_target() {
  local name
  for name in $(fuzz_targets); do
    [ "$name" = "$1" ] && return 0
  done
  return 1
}

fuzz_require_target() {
  [ -n "$1" ] || fuzz_die "no target given (targets: $(fuzz_targets | tr '\n' ' '))"
  fuzz_is_target "$1" ||
    fuzz_die "unknown target '$1': fuzz/CMakeLists.txt registers no such target (targets: $(fuzz_targets | tr '\n' ' '))"
}

fuzz_binary() {
  echo "$XFEN_FUZZ_BUILD_DIR/fuzz/fuzz_$1"
}

# Fails with a clear message when clang cannot link a libFuzzer binary.
fuzz_require_libfuzzer() {
  command -v clang++ >/dev/null 2>&1 ||
    fuzz_die "clang++ not found: run scripts/install-deps.sh (Debian packages clang, libclang-rt-dev)"
  local probe
  probe="$(mktemp -d)"
  printf '%s\n' '#include <cstddef>' '#include <cstdint>' \
    'extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }' \
    >"$probe/probe.cpp"
  if ! clang++ -fsanitize=fuzzer "$probe/probe.cpp" -o "$probe/probe" >"$probe/log" 2>&1; then
    cat "$probe/log" >&2
    rm -rf "$probe"
    fuzz_die "clang++ cannot link a libFuzzer binary (libclang_rt.fuzzer missing?): run scripts/install-deps.sh (Debian package libclang-rt-dev)"
  fi
  rm -rf "$probe"
}

# Configures the fuzz preset (once) and builds the named targets' binaries (all targets when none
# is named). Only targets that fuzz/CMakeLists.txt registers are built; the others are reported.
fuzz_build() {
  fuzz_require_libfuzzer
  fuzz_configure
  local wanted=("$@")
  [ ${#wanted[@]} -gt 0 ] || mapfile -t wanted < <(fuzz_targets)
  local build_targets=() name
  for name in "${wanted[@]}"; do build_targets+=("fuzz_$name"); done
  [ ${#build_targets[@]} -gt 0 ] || return 0
  echo "=== building ${build_targets[*]} (fuzz preset, $XFEN_FUZZ_BUILD_DIR)" >&2
  local log="$XFEN_FUZZ_BUILD_DIR/fuzz-scripts-build.log"
  if ! cmake --build "$XFEN_FUZZ_BUILD_DIR" -j"$(nproc)" --target "${build_targets[@]}" >"$log" 2>&1; then
    cat "$log" >&2
    fuzz_die "the fuzz build failed (output above, also in $log)"
  fi
}

# libFuzzer flags from fuzz/<target>.options ([libfuzzer] section, `key = value` lines, the
# OSS-Fuzz format), one per line; `dict` is resolved against fuzz/. Without an options file,
# fuzz/xfen.dict is used when it exists.
fuzz_option_flags() {
  local options="$XFEN_ROOT/fuzz/$1.options"
  if [ ! -f "$options" ]; then
    [ -f "$XFEN_ROOT/fuzz/xfen.dict" ] && echo "-dict=$XFEN_ROOT/fuzz/xfen.dict"
    return 0
  fi
  local line section="" key value
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line%%#*}"
    line="$(sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//' <<<"$line")"
    [ -n "$line" ] || continue
    if [[ $line =~ ^\[(.*)\]$ ]]; then
      section="${BASH_REMATCH[1]}"
      continue
    fi
    [ "$section" = "libfuzzer" ] || continue
    [[ $line == *=* ]] || continue
    key="$(sed 's/[[:space:]]*$//' <<<"${line%%=*}")"
    value="$(sed 's/^[[:space:]]*//' <<<"${line#*=}")"
    if [ "$key" = "dict" ] && [[ $value != /* ]]; then
      value="$XFEN_ROOT/fuzz/$value"
      [ -f "$value" ] || { echo "warning: $options names a missing dictionary $value" >&2; continue; }
    fi
    echo "-$key=$value"
  done <"$options"
}

# The input as a C string literal body, as fuzz_support.hpp's escaped() writes it.
fuzz_escape_file() {
  od -An -v -tu1 "$1" | tr -s ' \n' '\n\n' | awk '
    NF { b = $1 + 0
         if (b == 92) printf "\\\\"; else if (b == 34) printf "\\\""
         else if (b >= 32 && b < 127) printf "%c", b
         else printf "\\x%02x", b }
    END { printf "\n" }'
}

# Copies the files of each folder (not README.md, not dot files) into `destination`.
fuzz_copy_inputs() {
  local destination="$1" folder file
  shift
  mkdir -p "$destination"
  for folder in "$@"; do
    [ -d "$folder" ] || continue
    for file in "$folder"/*; do
      [ -f "$file" ] || continue
      [ "$(basename "$file")" = "README.md" ] && continue
      cp "$file" "$destination/"
    done
  done
}
