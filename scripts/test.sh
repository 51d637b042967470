#!/usr/bin/env bash
# Runs the whole test suite on the built code (scripts/setup.sh --for-tests builds it first).
set -euo pipefail
cd "$(dirname "$0")/.."
export OPENCV4NODEJS_DISABLE_AUTOBUILD=1
mapfile -t files < <(find dist/test -name '*.test.js' | sort)
if [ ${#files[@]} -eq 0 ]; then echo "no test files found under dist/test" >&2; exit 1; fi
exec node --test --test-concurrency=2 "${files[@]}"
