#!/usr/bin/env bash
# Installs what the adapters of examples/adapters/ run on, when any of it is missing: Node.js with
# npm and the locked chessops (chessops.mjs), Debian's pychess (pychess_adapter.py), and the
# Debian chess engines of examples/adapters/engines/ (one adapter per engine and mode). Idempotent:
# on a machine that has them all it does nothing and needs no network. tests/adapters_test.sh
# skips until this has run.
set -euo pipefail

adapters="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/examples/adapters"

# Commands rather than package names for Node.js: an image may carry a nodejs package of its own
# that bundles npm (and conflicts with Debian's npm). pychess is 8×8 only and pulls in about 40
# packages (GTK introspection data, ~30 MB to download), which the headless adapter never loads.
packages=(pychess)
# The engines (into /usr/games, which the adapters look in): about 10 s and 32 MB of downloads
# with their recommended packages on Debian 12, less without them (the engines need none: GNU
# Chess's opening book, gnuchess-book, is off unless asked for).
packages+=(stockfish fairy-stockfish ethereal-chess glaurung sjaakii phalanx hoichess gnuchess)
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
"$(dirname "${BASH_SOURCE[0]}")/apt-install-missing.sh" "${packages[@]}"

# npm ci writes node_modules/.package-lock.json; a lock file newer than it means a new lock.
if [ ! -f "$adapters/node_modules/.package-lock.json" ] ||
   [ "$adapters/package-lock.json" -nt "$adapters/node_modules/.package-lock.json" ]; then
  echo "installing: examples/adapters/node_modules (npm ci)"
  npm ci --prefix "$adapters" --no-audit --no-fund --loglevel=error >/dev/null
fi
