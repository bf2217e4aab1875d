"""The `dependency_graph` command, in process (split from tests/e2e/cli/test_graph_cli.py, which runs the CLI)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lsp_server.commands import CommandContext, CommandError
from lsp_server.surfaces.commands import dependency_graph
from lsp_server.workspace import Workspace
from tests.support.graph_support import small  # noqa: F401 - fixture


def test_dependency_graph_command(small: Path):
    ctx = CommandContext(Workspace(small))
    data = dependency_graph(ctx, {"path": "src"})
    assert data["modules"] == ["a.js", "b.js"]
    assert dependency_graph(ctx, {"uri": (small / "lib").as_uri()})["modules"] == ["x.cjs"]
    assert dependency_graph(ctx, {"format": "dot"}).startswith("digraph")
    with pytest.raises(CommandError, match="no such file"):
        dependency_graph(ctx, {"path": "missing"})
    with pytest.raises(CommandError, match="format"):
        dependency_graph(ctx, {"format": "svg"})
