"""Shared fixtures: paths of the bundled examples and a way to run the CLI as users do."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"


@pytest.fixture(autouse=True)
def _isolated_cache(tmp_path_factory, monkeypatch):
    # Never write indexes into the user's real cache (nor a cache key into their config) from tests.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.getbasetemp() / "xdg-config"))


def run_cli(*args: str, cwd: Path | None = None, input: str | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run `footprint-ls ARGS` in a subprocess, exactly as a user or an agent hook would."""
    return subprocess.run([sys.executable, "-m", "lsp_server", *args], cwd=cwd or REPO, input=input,
                          capture_output=True, text=True, timeout=timeout,
                          env={**__import__("os").environ, "PYTHONPATH": str(REPO)})
