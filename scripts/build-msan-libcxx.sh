#!/usr/bin/env bash
# Builds libc++ and libc++abi instrumented with MemorySanitizer from Debian's own LLVM sources
# (source package llvm-toolchain-14, the version of the installed clang), as OSS-Fuzz's base-clang
# image builds its /usr/msan: static, with origins. MSan reports every value an uninstrumented
# library computes as uninitialised, so a fuzz target built with -fsanitize=memory must link a C++
# library built the same way; Debian ships none. scripts/fuzz-builds.sh uses it for its memory
# builds.
#
#   scripts/build-msan-libcxx.sh [DEST]     (default ~/.cache/xfen/msan-libcxx)
#
# Idempotent: does nothing when DEST already holds a build of the installed clang's version. Adds
# the deb-src entry apt-get source needs (/etc/apt/sources.list.d/xfen-deb-src.sources, as root or
# with sudo) when there is none. About 130 MB downloaded and 2 minutes of build on 2 cores.
set -euo pipefail

dest="${1:-$HOME/.cache/xfen/msan-libcxx}"
package=llvm-toolchain-14
version=$(dpkg-query -W -f='${source:Version}' clang-14 2>/dev/null || true)
[ -n "$version" ] || { echo "build-msan-libcxx.sh: clang-14 is not installed (Debian package clang-14)" >&2; exit 1; }
if [ -f "$dest/lib/libc++.a" ] && [ "$(cat "$dest/VERSION" 2>/dev/null)" = "$package $version" ]; then
  echo "build-msan-libcxx.sh: $dest already holds $package $version"
  exit 0
fi

if [ -z "$(apt-cache showsrc "$package" 2>/dev/null)" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:?}")
  printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$codename" | $sudo tee /etc/apt/sources.list.d/xfen-deb-src.sources >/dev/null
  $sudo apt-get update -qq
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$scratch"
apt-get source --download-only -qq "$package=$version" >/dev/null 2>apt-source.log ||
  { cat apt-source.log >&2; exit 1; }
upstream=${version#*:}
upstream=${upstream%-*}
top="$package"_"$upstream"
# Only what the runtimes build reads, not the whole LLVM tree.
tar -xJf "$top.orig.tar.xz" --wildcards "$top/libcxx/*" "$top/libcxxabi/*" "$top/libunwind/*" \
  "$top/runtimes/*" "$top/cmake/*" "$top/llvm/cmake/*" "$top/llvm/utils/*"
cmake -S "$top/runtimes" -B build -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
  -DLLVM_ENABLE_RUNTIMES="libcxx;libcxxabi" -DLLVM_USE_SANITIZER=MemoryWithOrigins \
  -DLIBCXX_ENABLE_SHARED=OFF -DLIBCXXABI_ENABLE_SHARED=OFF -DLIBCXX_ENABLE_STATIC_ABI_LIBRARY=ON \
  -DLIBCXXABI_USE_LLVM_UNWINDER=OFF -DLIBCXX_INCLUDE_BENCHMARKS=OFF -DLIBCXX_INCLUDE_TESTS=OFF \
  -DLIBCXXABI_INCLUDE_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$scratch/install" >configure.log 2>&1 ||
  { tail -n 30 configure.log >&2; exit 1; }
cmake --build build -j "$(nproc)" --target cxx cxxabi >build.log 2>&1 || { tail -n 30 build.log >&2; exit 1; }
cmake --build build --target install-cxx install-cxxabi >>build.log 2>&1 || { tail -n 30 build.log >&2; exit 1; }
echo "$package $version" >"$scratch/install/VERSION"
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
mv "$scratch/install" "$dest"
echo "build-msan-libcxx.sh: MSan-instrumented libc++ of $package $version in $dest"
