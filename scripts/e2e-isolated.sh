#!/usr/bin/env bash
# Runs Playwright specs against a private build on a private port, so several
# people (or agents) can run end-to-end tests at once in one checkout.
#   scripts/e2e-isolated.sh <name> <port> [playwright args…]
set -euo pipefail
name=$1; port=$2; shift 2
root=$(cd "$(dirname "$0")/.." && pwd)

# Inside the repo so the bundled BFF resolves node_modules.
out="$root/.test-data/build-$name"
mkdir -p "$out"
(cd "$root/apps/web" && npx vite build --outDir "$out/web" --emptyOutDir --logLevel warn)
(cd "$root/apps/bff" && BFF_OUT_DIR="$out/bff" node build.mjs)
cd "$root"
WEB_DIST="$out/web" BFF_SERVER="$out/bff/server.js" E2E_PORT="$port" npx playwright test "$@"
