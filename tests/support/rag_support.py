"""The docs workspace of the rag_lookup tests, shared by the in-process ones (tests/unit/test_rag_passages.py)
and those that run a generator process or an HTTP endpoint (tests/e2e/test_rag.py)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from lsp_server.commands import CommandContext
from lsp_server.surfaces.commands import rag_lookup_command
from lsp_server.workspace import Workspace
from tests.conftest import EXAMPLES, trust_folder

PACK = EXAMPLES / "layout-engine"
QUESTION = "how do I add many rows to a table?"


@pytest.fixture(scope="module")
def shared_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("rag-cache")  # one docs index for every workspace of this module


def workspace(root: Path, cache: Path, rag_toml: str = "") -> Workspace:
    root.mkdir(parents=True, exist_ok=True)
    (root / "footprint.toml").write_text(
        f'cache_dir = "{cache.as_posix()}"\npacks = ["{PACK.as_posix()}"]\n' + (f"[rag]\n{rag_toml}" if rag_toml
                                                                                else ""), encoding="utf-8")
    trust_folder(root)  # the test's own config names a cache_dir and generators: trusted-only keys
    ws = Workspace(root)
    assert not ws.settings.errors, ws.settings.errors
    return ws


def call(ws: Workspace, cancelled: threading.Event | None = None, client: str = "cli", **args) -> dict:
    ctx = CommandContext(ws, client_id=client)
    if cancelled is not None:
        ctx.cancelled = cancelled
    return rag_lookup_command(ctx, args)


def alive(pid: int) -> bool:
    """Whether process `pid` (a generator command the server started) is running; a zombie its parent has not
    reaped yet is not."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True
