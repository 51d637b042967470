#!/usr/bin/env bash
# Installs whatever Marker needs that is missing, idempotently: Debian packages, npm packages, the
# OpenCV binding (built once per OpenCV/Node version and cached outside the checkout), the build.
# Usage: scripts/setup.sh [--for-tests] [--for-training]   (root or sudo; Debian 12 / Raspberry Pi OS)
set -euo pipefail
cd "$(dirname "$0")/.."
for_tests=0; for_training=0
for a in "$@"; do
  case "$a" in
    --for-tests) for_tests=1 ;;
    --for-training) for_training=1 ;;
    *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
  esac
done
log() { printf '[setup] %s\n' "$*" >&2; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  log "Node.js 20 or newer is required (found: $(node -v 2>/dev/null || echo none))"; exit 1
fi

# Debian packages: run time (video, OpenCV to build against), then what tests drive for real, then training.
apt_pkgs=(ffmpeg libopencv-dev pkg-config)
[ $for_tests = 1 ] && apt_pkgs+=(mosquitto chromium openssl)
[ $for_training = 1 ] && apt_pkgs+=(python3-torch python3-onnx python3-numpy)
missing=()
for p in "${apt_pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  log "installing Debian packages: ${missing[*]}"
  $sudo apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
fi

# npm packages without their install scripts: onnxruntime-node ships its CPU binaries (its script would
# try a download), and the OpenCV binding is built below only when no cached build fits.
export ONNXRUNTIME_NODE_INSTALL=skip
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  log "installing npm packages"
  npm ci --ignore-scripts --no-audit --no-fund >&2
fi

# @u4/opencv4nodejs against Debian's OpenCV; the binary is keyed by its version, OpenCV's and Node's ABI.
cv_dir=node_modules/@u4/opencv4nodejs
if [ -d "$cv_dir" ] && [ ! -f "$cv_dir/build/Release/opencv4nodejs.node" ]; then
  arch_lib=/usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)
  cv_ver=$(pkg-config --modversion opencv4 2>/dev/null || echo unknown)
  key="$(node -p "require('./$cv_dir/package.json').version")-cv$cv_ver-abi$(node -p process.versions.modules)-$(uname -m)"
  cache_root=${MARKER_BUILD_CACHE:-/var/cache/marker}
  cache="$cache_root/opencv4nodejs-$key"
  if [ -f "$cache/opencv4nodejs.node" ]; then
    log "OpenCV binding: using the cached build $cache"
    mkdir -p "$cv_dir/build/Release" && cp "$cache/opencv4nodejs.node" "$cv_dir/build/Release/"
  else
    log "OpenCV binding: building against OpenCV $cv_ver (a few minutes, once)"
    gyp="$(npm root -g)/npm/node_modules/node-gyp/bin/node-gyp.js"
    [ -f "$gyp" ] || { log "node-gyp not found next to npm ($gyp)"; exit 1; }
    # node-gyp run directly does not see npm's config: pass Node's own headers, never a download
    nodedir=$(npm config get nodedir 2>/dev/null || true)
    [ -n "$nodedir" ] && [ "$nodedir" != "undefined" ] || nodedir=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
    ( cd "$cv_dir" && OPENCV4NODEJS_DISABLE_AUTOBUILD=1 OPENCV_INCLUDE_DIR=/usr/include/opencv4 \
      OPENCV_LIB_DIR="$arch_lib" OPENCV_BIN_DIR=/usr/bin node "$gyp" rebuild -j 2 --nodedir="$nodedir" >&2 )
    mkdir -p "$cache" 2>/dev/null && cp "$cv_dir/build/Release/opencv4nodejs.node" "$cache/" 2>/dev/null || true
  fi
fi

# Build when any source is newer than the last build.
stamp=dist/.built
if [ ! -f "$stamp" ] || [ -n "$(find src test scripts tsconfig.json package.json -newer "$stamp" \( -name '*.ts' -o -name '*.json' -o -name '*.html' -o -name '*.css' -o -name '*.js' \) 2>/dev/null | head -1)" ]; then
  log "building"
  npx tsc -p tsconfig.json >&2
  mkdir -p dist && touch "$stamp"
fi
