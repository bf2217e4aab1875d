"""Shared fixtures: paths of the bundled examples and a way to run the CLI as users do."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"



def session_tempdir(prefix: str) -> str:
    """A temporary folder for the whole test run (for state captured at import, before per-test fixtures),
    removed when the run ends: a run leaves nothing behind in /tmp."""
    path = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


# The processes the suite starts (the CLI, servers, hooks: several hundred) reuse compiled bytecode: with
# PYTHONDONTWRITEBYTECODE in the environment each of them would compile all of lsp_server again (~0.15 s of
# CPU apiece). __pycache__ is gitignored.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# A config folder for the whole run (module-scoped fixtures and servers started with an env captured at import
# run before the per-test one below is set): the user's real trust store and config.toml are never read.
SESSION_CONFIG_HOME = session_tempdir("footprint-test-config-")
os.environ["XDG_CONFIG_HOME"] = SESSION_CONFIG_HOME


@pytest.fixture(autouse=True)
def _isolated_user_dirs(tmp_path_factory, monkeypatch):
    # Never write indexes into the user's real cache, nor read or write their trust store, user-level config or
    # cache key: each test gets an empty config folder, so every folder is untrusted unless the test trusts it
    # (trust_folder below).
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "xdg-cache"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))


def trust_folder(path: Path, config_home: str | None = None) -> None:
    """Trust `path` in this test's (isolated) trust store, as `footprint-ls trust PATH` would; in the one of
    `config_home` when given (the servers of tests/e2e read SESSION_CONFIG_HOME)."""
    from lsp_server import trust

    saved = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = config_home or saved or SESSION_CONFIG_HOME
    try:
        trust.trust(path)
    finally:
        if saved is None:
            os.environ.pop("XDG_CONFIG_HOME", None)
        else:
            os.environ["XDG_CONFIG_HOME"] = saved


def run_cli(*args: str, cwd: Path | None = None, input: str | None = None, timeout: int = 120) -> subprocess.CompletedProcess:
    """Run `footprint-ls ARGS` in a subprocess, exactly as a user or an agent hook would."""
    return subprocess.run([sys.executable, "-m", "lsp_server", *args], cwd=cwd or REPO, input=input,
                          capture_output=True, text=True, timeout=timeout,
                          env={**__import__("os").environ, "PYTHONPATH": str(REPO)})
