"""Shared helpers for the editor integration tests (VS Code extension build, Neovim end-to-end)."""

from __future__ import annotations

import os
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
