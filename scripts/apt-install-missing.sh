#!/usr/bin/env bash
# Installs the Debian packages named on the command line that are not installed yet, quietly; does
# nothing (and needs no network) when all of them are. Shared by install-deps.sh and
# install-adapters.sh. Usage: scripts/apt-install-missing.sh PACKAGE...
set -euo pipefail

missing=()
for package in "$@"; do
  [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] ||
    missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
