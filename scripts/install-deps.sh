#!/usr/bin/env bash
# Installs the Debian packages xfen builds and tests with, when any is missing. Idempotent: on a
# machine that has them all it does nothing and needs no network.
set -euo pipefail

packages=(
  cmake g++ clang make python3
  libboost-test-dev librapidcheck-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
  # fuzzing: libFuzzer (libclang_rt.fuzzer-x86_64.a), llvm-symbolizer for sanitizer stacks, and
  # zip/unzip for ClusterFuzzLite's seed corpora
  libclang-rt-dev llvm zip unzip
  # scripts/fuzz-builds.sh: AFL++ (afl-clang-fast++, libAFLDriver.a), objdump for ClusterFuzz's
  # sanitizer call-site counts (binutils), taskset to pin fuzzing to one core (util-linux)
  afl++ binutils util-linux
  # tests/clusterfuzzlite_test.sh: libc++, which OSS-Fuzz's builder compiles C++ against (clang
  # -stdlib=libc++), and YAML for reading the ClusterFuzzLite workflows
  libc++-14-dev libc++abi-14-dev python3-yaml
  # tests/conformance_schema_test.py: a JSON Schema validator for corpus/conformance/schema.json
  python3-jsonschema
  # xfen certify's JUnit report: an XML writer that escapes for us
  libpugixml-dev
  # tests/certify_html_render_test.py: the HTML report rendered and screenshotted headless
  chromium
  # bench/certify_throughput.sh: /usr/bin/time, for the maximum resident set size
  time
  # tests/package: a client built with the installed xfen.pc, as a non-CMake build system does
  pkgconf
  # scripts/check-aarch64.sh: the library cross-built for AArch64, its NEON code run under qemu
  g++-aarch64-linux-gnu qemu-user
)

exec "$(dirname "${BASH_SOURCE[0]}")/apt-install-missing.sh" "${packages[@]}"
