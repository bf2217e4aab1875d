#!/usr/bin/env bash
# Installs what the workbench end-to-end test needs, into a cache folder outside git:
#   code-server 4.100.x (the last line that runs on Node 20: the real VS Code workbench + extension host)
#   playwright-core (drives Debian's Chromium; no browser download)
# Prerequisites (Debian): nodejs 20 + npm, chromium, libkrb5-dev, ripgrep, g++/make/python3 (native modules).
# Prints the install folder on the last line of stdout. Exit 2 = a prerequisite is missing, 1 = install failed.
set -euo pipefail

CODE_SERVER_VERSION="${CODE_SERVER_VERSION:-4.100.3}"
PLAYWRIGHT_VERSION="${PLAYWRIGHT_VERSION:-1.55.1}"
DEST="${FOOTPRINT_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/footprint-test/vscode-e2e}/code-server-$CODE_SERVER_VERSION"

need() { command -v "$1" >/dev/null 2>&1 || { echo "missing prerequisite: $1 ($2)" >&2; exit 2; }; }
need node "Node.js 20"
need npm "npm"
need rg "Debian package ripgrep: code-server's @vscode/ripgrep download is served from it"
need g++ "build-essential: code-server builds native modules"
[ -e /usr/include/krb5.h ] || [ -e /usr/include/krb5/krb5.h ] || { echo "missing prerequisite: libkrb5-dev (kerberos native module)" >&2; exit 2; }
node_major="$(node -p 'process.versions.node.split(".")[0]')"
[ "$node_major" = 20 ] || { echo "code-server $CODE_SERVER_VERSION needs Node 20, found $(node --version)" >&2; exit 2; }

if [ -x "$DEST/node_modules/.bin/code-server" ] && [ -f "$DEST/.complete" ]; then
  echo "$DEST"
  exit 0
fi
mkdir -p "$DEST"
cd "$DEST"

# @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache already holds the release archive:
# build that archive from Debian's ripgrep, for every @vscode/ripgrep 1.x version npm may pick.
rg_tmp="$(mktemp -d)"
cp "$(command -v rg)" "$rg_tmp/rg"
arch="$(uname -m)"
case "$arch" in
  x86_64) target=x86_64-unknown-linux-musl ;;
  aarch64) target=aarch64-unknown-linux-musl ;;
  *) echo "unsupported architecture $arch" >&2; exit 2 ;;
esac
tmp_root="$(node -p 'require("os").tmpdir()')"
# One archive, copied into every place (compressing rg again for each of ~60 places took seconds of CPU).
tar -czf "$rg_tmp/rg.tar.gz" -C "$rg_tmp" rg
for v in $(npm view @vscode/ripgrep versions --json | node -e 'JSON.parse(require("fs").readFileSync(0,"utf8")).filter(v=>/^1\./.test(v)).forEach(v=>console.log(v))'); do
  for rel in v13.0.0-10 v13.0.0-11 v13.0.0-13 v13.0.0-4; do
    mkdir -p "$tmp_root/vscode-ripgrep-cache-$v"
    cp "$rg_tmp/rg.tar.gz" "$tmp_root/vscode-ripgrep-cache-$v/ripgrep-$rel-$target.tar.gz"
  done
done
rm -rf "$rg_tmp"

cat > package.json <<JSON
{
  "name": "footprint-vscode-e2e",
  "private": true,
  "version": "0.0.0",
  "allowScripts": { "code-server": true, "argon2": true }
}
JSON
# code-server's postinstall refuses to run as root without unsafe-perm, compiles native modules against
# the system Node headers (nodedir=/usr) and runs a nested `npm install` that must not prompt.
export npm_config_unsafe_perm=true npm_config_nodedir=/usr npm_config_yes=true
npm install --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" "playwright-core@$PLAYWRIGHT_VERSION" >&2
touch .complete
echo "$DEST"
