#!/usr/bin/env bash
# Step "Install the suite" of action.yml, in the action's own directory: its runtime dependencies, from its
# package-lock.json (npm ci --omit=dev), unless node_modules is there already (this repository's own
# workflows, `uses: ./` after `npm ci`; a self-hosted runner's earlier run of the same ref).
set -euo pipefail

if [ -d node_modules ]; then
  echo "The suite is installed already ($PWD/node_modules): nothing to install."
else
  npm ci --omit=dev --no-audit --no-fund
fi
