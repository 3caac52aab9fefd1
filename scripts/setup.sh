#!/usr/bin/env bash
# Installs what is missing, builds xfen (build/xfen) and checks the bundled corpus of 13,000
# Chess960 and Capablanca positions with it.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default -j"$(nproc)"

echo
echo "$ build/xfen check --legal corpus/positions/mixed.xfen"
build/xfen check --legal corpus/positions/mixed.xfen
