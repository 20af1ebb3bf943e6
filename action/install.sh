#!/usr/bin/env bash
# Step "Install the suite" of action.yml, in the action's own directory (a checkout of the suite at the ref the
# workflow names). The command line runs the compiled JavaScript of dist/ (docs/package.md): with dist/ there
# (a ref that ships it, or this repository's own workflows after `npm ci` and a build), only the runtime
# dependencies are installed (npm ci --omit=dev), and nothing when node_modules is there too; without it, the
# whole install (the compiler is a dev dependency), then `npm run build`.
set -euo pipefail

if [ -f dist/cli/main.js ]; then
  if [ -d node_modules ]; then
    echo "The suite is installed and built already ($PWD): nothing to install."
  else
    npm ci --omit=dev --no-audit --no-fund
  fi
else
  if [ ! -d node_modules ]; then npm ci --no-audit --no-fund; fi
  npm run build
fi
