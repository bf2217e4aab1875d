"""`[typescript] unknown_symbols` through the real server over stdio (pytest-lsp): an editor runs a TypeScript
service beside Footprint, so by default ("beyond-tsc") an invented member on a receiver typed by typings
TypeScript finds is left to it on a .ts file, in the published diagnostics and in the `check_file` command
alike; "all" in footprint.toml or in the client's settings reports it (the workspace:
tests/support/typescript_default_support.py)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.e2e.conftest import make_client_fixture
from tests.support.typescript_default_support import ANY, ANY_LINE, FILE, make_ts_workspace, reported

client = make_client_fixture(params=["visual-studio-code"])
all_client = make_client_fixture(params=["neovim"], init_options={"typescript": {"unknown_symbols": "all"}})

MEMBER = re.compile(r"has no member `(\w+)`")


async def invented_names(c: LanguageClient, root: Path) -> set[str]:
    """Open the file; once the unknown-symbol check has run (the `as any` receiver's finding, reported in every
    mode, is published: an event, not a wait), the invented names its diagnostics report."""
    path = root / FILE
    uri = path.as_uri()
    c.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="typescript", version=1, text=path.read_text(encoding="utf-8"))))

    async def checked() -> list[lsp.Diagnostic]:
        while not any(f"`{ANY}`" in d.message for d in c.diagnostics.get(uri, [])):
            await c.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return c.diagnostics[uri]

    diags = await asyncio.wait_for(checked(), 60)
    assert any(d.range.start.line + 1 == ANY_LINE and d.code == "unknown-symbol" for d in diags)
    return {m.group(1) for d in diags if d.code == "unknown-symbol" for m in [MEMBER.search(d.message)] if m}


@pytest.mark.parametrize("mode", [None, "all"], ids=["default", "all"])
async def test_the_editor_leaves_typed_receivers_to_typescript_unless_the_config_says_all(client, tmp_path, mode):
    root = make_ts_workspace(tmp_path / "ws", mode)
    assert await invented_names(client, root) == reported(mode, default="beyond-tsc")
    # the `check_file` command answers as the diagnostics do: the same editor, the same TypeScript service
    found = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="check_file", arguments=[{"uri": (root / FILE).as_uri()}]))
    names = {m.group(1) for f in found if f["code"] == "unknown-symbol" for m in [MEMBER.search(f["message"])] if m}
    assert names == reported(mode, default="beyond-tsc"), found


async def test_the_client_s_settings_can_ask_for_all(all_client, tmp_path):
    root = make_ts_workspace(tmp_path / "ws")
    assert await invented_names(all_client, root) == reported("all", default="beyond-tsc")
