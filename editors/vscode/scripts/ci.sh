#!/usr/bin/env bash
# CI for the VS Code extension, from a fresh checkout: install exactly the locked dependencies, type-check,
# run the unit tests, bundle with esbuild and package the .vsix with vsce.
# Output: editors/vscode/footprint.vsix (gitignored). Needs Node >= 20 and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "== node $(node --version), npm $(npm --version)"
npm ci --no-audit --no-fund
echo "== tsc --noEmit"
npx tsc --noEmit -p .
echo "== unit tests"
npm test
echo "== esbuild bundle"
npm run build
echo "== vsce package"
rm -f footprint.vsix
npx vsce package --no-dependencies --out footprint.vsix
ls -l footprint.vsix
