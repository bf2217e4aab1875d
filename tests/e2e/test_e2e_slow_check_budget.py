"""[limits] slow_check_ms end to end: the real server, a budget set through initializationOptions.

With a 0 ms budget every check is over budget, so the server must log it and show exactly one warning
per check (not one per run); with the default 1 s budget the same session shows none.
"""

from __future__ import annotations

import asyncio

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.e2e.conftest import make_client_fixture

client = make_client_fixture(params=["visual-studio-code"], init_options={"limits": {"slow_check_ms": 0}})
default_client = make_client_fixture(params=["neovim"])

BROKEN = "const a = ;\n"  # a syntax error, so the syntax check has work to do


def slow_warnings(c: LanguageClient) -> list[str]:
    return [m.message for m in c.messages if m.type == lsp.MessageType.Warning and "slow_check_ms" in m.message]


async def open_and_wait(c: LanguageClient, uri: str, text: str) -> None:
    c.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text=text)))
    while True:
        params = await asyncio.wait_for(c.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20)
        if params.uri == uri:
            return


async def test_zero_budget_warns_once_per_check(client: LanguageClient, tmp_path):
    await open_and_wait(client, (tmp_path / "a.js").as_uri(), BROKEN)
    await asyncio.sleep(0.2)  # the warning follows the publish
    warnings = slow_warnings(client)
    assert any("check 'syntax'" in w and "budget 0 ms" in w for w in warnings), warnings
    # More runs on other documents and edits: still one warning per check.
    await open_and_wait(client, (tmp_path / "b.js").as_uri(), BROKEN * 3)
    uri = (tmp_path / "a.js").as_uri()
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(0, 10), lsp.Position(0, 10)), text="1")]))
    await asyncio.wait_for(client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20)
    await asyncio.sleep(0.2)
    names = [w.split("'")[1] for w in slow_warnings(client)]
    assert len(names) == len(set(names)), slow_warnings(client)


async def test_default_budget_does_not_warn(default_client: LanguageClient, tmp_path):
    await open_and_wait(default_client, (tmp_path / "a.js").as_uri(), BROKEN)
    await asyncio.sleep(0.2)
    assert slow_warnings(default_client) == []
