#!/usr/bin/env bash
# Installs whatever Marker needs that is missing, idempotently: Debian packages, npm packages, the build.
# Usage: scripts/setup.sh [--for-tests]   (run as root, or with sudo available, on Debian 12 / Raspberry Pi OS)
set -euo pipefail
cd "$(dirname "$0")/.."
for_tests=0
[ "${1:-}" = "--for-tests" ] && for_tests=1
log() { printf '[setup] %s\n' "$*" >&2; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  log "Node.js 20 or newer is required (found: $(node -v 2>/dev/null || echo none))"; exit 1
fi

# System packages: run time, then what the tests drive for real.
apt_runtime=(ffmpeg)
apt_tests=()
[ $for_tests = 1 ] && apt_tests=()
missing=()
for p in "${apt_runtime[@]}" "${apt_tests[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  log "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi

# npm packages: onnxruntime-node ships its CPU binaries; its install script would try a download.
export ONNXRUNTIME_NODE_INSTALL=skip
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages"
  npm ci --no-audit --no-fund >&2
fi

# Build when any source is newer than the last build.
stamp=dist/.built
if [ ! -f "$stamp" ] || [ -n "$(find src test scripts tsconfig.json package.json -newer "$stamp" -name '*.ts' -o -newer "$stamp" -name '*.json' 2>/dev/null | head -1)" ]; then
  log "building"
  npx tsc -p tsconfig.json >&2
  mkdir -p dist && touch "$stamp"
fi
