#!/usr/bin/env bash
# Installs what is missing (Debian packages; Node.js's chessops, locked, into examples/adapters/),
# builds xfen (build/xfen), checks the bundled corpus of 13,000 Chess960 and Capablanca positions
# with it, lints the start positions of the bundled PGN collection of 400 games, and certifies
# xfen's own streaming adapter against the conformance suite.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/install-adapters.sh
cmake --preset default >/dev/null
cmake --build --preset default -j"$(nproc)"

echo
echo "$ build/xfen check --legal corpus/positions/mixed.xfen"
build/xfen check --legal corpus/positions/mixed.xfen
echo
echo "$ build/xfen pgn lint corpus/pgn/games.pgn"
build/xfen pgn lint corpus/pgn/games.pgn
echo
echo "$ build/xfen certify --impl 'build/xfen adapter' --per-case-impl 'build/xfen canon --whole' --html build/certify-report.html"
build/xfen certify --impl 'build/xfen adapter' --per-case-impl 'build/xfen canon --whole' --html build/certify-report.html
