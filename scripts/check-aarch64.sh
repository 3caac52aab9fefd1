#!/usr/bin/env bash
# The library built for AArch64 with Debian's cross compiler, and its NEON board writer checked
# against the portable one under qemu-user (tests/aarch64/board_writer_check.cpp): the vector code
# of an architecture this machine is not. Static, so qemu needs no AArch64 libraries.
#
#   scripts/check-aarch64.sh [BUILD_DIR]     (default build-aarch64)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-aarch64}"
compiler=aarch64-linux-gnu-g++
for tool in "$compiler" qemu-aarch64; do
  command -v "$tool" >/dev/null || { echo "check-aarch64: $tool is missing (scripts/install-deps.sh installs it)" >&2; exit 1; }
done
cmake -S . -B "$build" -DCMAKE_SYSTEM_NAME=Linux -DCMAKE_SYSTEM_PROCESSOR=aarch64 \
  -DCMAKE_CXX_COMPILER="$compiler" -DCMAKE_BUILD_TYPE=Release -DXFEN_WERROR=ON \
  -DXFEN_BUILD_CLI=OFF -DXFEN_BUILD_TESTS=OFF -DXFEN_BUILD_BENCH=OFF -DXFEN_INSTALL=OFF >/dev/null
cmake --build "$build" -j"$(nproc)" --target xfen >/dev/null
"$compiler" -std=c++20 -O2 -Wall -Wextra -Werror -static -DXFEN_STATIC_DEFINE \
  -Iinclude -Isrc -I"$build/include" tests/aarch64/board_writer_check.cpp "$build/src/libxfen.a" \
  -o "$build/board_writer_check"
qemu-aarch64 "$build/board_writer_check" corpus/positions/mixed.xfen
