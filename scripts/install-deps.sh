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
  # tests/clusterfuzzlite_test.sh: libc++, which OSS-Fuzz's builder compiles C++ against (clang
  # -stdlib=libc++), and YAML for reading the ClusterFuzzLite workflows
  libc++-14-dev libc++abi-14-dev python3-yaml
  # tests/conformance_schema_test.py: a JSON Schema validator for corpus/conformance/schema.json
  python3-jsonschema
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
