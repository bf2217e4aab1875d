"""The conventions commands (context, list, stats) in process (split from tests/e2e/cli/test_conventions_cli.py,
which runs the same workspace through the CLI)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.conventions_support import sample_rules_workspace


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return sample_rules_workspace(tmp_path)


def test_commands_context_list_and_stats(ws: Path):
    from lsp_server.commands import CommandContext, CommandError
    from lsp_server.surfaces.commands import conventions_context, rule_stats, rules_list
    from lsp_server.workspace import Workspace

    w = Workspace(ws)
    ctx = CommandContext(w)
    out = conventions_context(ctx, {})
    assert [r["id"] for r in out["rules"]] == ["t/guide"] and "Batch your queries." in out["text"]
    assert conventions_context(ctx, {"path": "lib/other.py"})["text"] == ""  # its globs do not select it
    full = conventions_context(ctx, {"path": "src/a.js", "all": True})
    assert full["checked"] == ["t/hex", "t/var", "t/eval"] and "Checked automatically on save" in full["text"]
    with pytest.raises(CommandError):
        conventions_context(ctx, {"all": "yes"})
    listed = rules_list(ctx, {})
    assert listed["sources"][0]["rules"] == 4 and listed["problems"] == []
    assert {s["rule"] for s in rule_stats(ctx, {})} == {"t/hex", "t/var", "t/eval"}  # never fired: zeros
