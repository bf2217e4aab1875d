#!/usr/bin/env bash
# CI for the VS Code extension, from a fresh checkout: install exactly the locked dependencies, type-check,
# run the unit tests, bundle with esbuild, build the bundled server's wheels and package the linux-x64 .vsix.
# Output: editors/vscode/footprint.vsix and editors/vscode/bundled/wheels/ (both gitignored).
# Needs Node >= 20, npm, and a Python >= 3.11 with pip that can reach PyPI (for the dependencies' wheels).
#
# The bundle (src/bundled.ts installs it on the user's machine, offline): the footprint-ls wheel built from
# this checkout, pip's own wheel, and every dependency's wheel for CPython 3.11-3.14 on manylinux x86_64
# (tree-sitter, regex and rapidfuzz are native: one wheel per CPython version, hence a per-platform .vsix).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
PY_VERSIONS="${FOOTPRINT_BUNDLE_PYTHONS:-3.11 3.12 3.13 3.14}"
echo "== node $(node --version), npm $(npm --version), $("$PYTHON" --version)"
npm ci --no-audit --no-fund
echo "== tsc --noEmit"
npx tsc --noEmit -p .
echo "== unit tests"
npm test
echo "== esbuild bundle"
npm run build
echo "== bundled server wheels"
rm -rf bundled/wheels
mkdir -p bundled/wheels
"$PYTHON" -m pip wheel --quiet --no-deps --wheel-dir bundled/wheels ../..
mapfile -t deps < <("$PYTHON" -c 'import tomllib; print("\n".join(tomllib.load(open("../../pyproject.toml", "rb"))["project"]["dependencies"]))')
for v in $PY_VERSIONS; do
  "$PYTHON" -m pip download --quiet --dest bundled/wheels --only-binary=:all: --implementation cp --python-version "$v" \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 "${deps[@]}"
done
"$PYTHON" -m pip download --quiet --dest bundled/wheels --only-binary=:all: --no-deps pip
ls bundled/wheels
echo "== vsce package (linux-x64)"
rm -f footprint.vsix
npx vsce package --no-dependencies --target linux-x64 --out footprint.vsix
ls -l footprint.vsix
echo "== ci.sh passed"  # the last line only when every step passed (set -e): tests/editors/test_vscode_ci.py
