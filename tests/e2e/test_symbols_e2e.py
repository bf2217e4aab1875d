"""The real server over stdio on the example app: unknown-symbol diagnostics with their quick fix, the
engine-member hover, and the check_symbols command."""

from __future__ import annotations

import asyncio

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import EXAMPLES
from tests.e2e.conftest import make_client_fixture

APP = EXAMPLES / "layout-app"
client = make_client_fixture(root_uri=APP.as_uri(), params=["visual-studio-code"])

PATH = APP / "src" / "services" / "InvoiceService.js"
URI = PATH.as_uri()


async def wait_for_symbol_diagnostics(client: LanguageClient, uri: str, timeout: float = 30.0):
    deadline = asyncio.get_event_loop().time() + timeout
    while asyncio.get_event_loop().time() < deadline:
        diags = [d for d in client.diagnostics.get(uri, ()) if d.code == "unknown-symbol"]
        if diags:
            return diags
        await asyncio.sleep(0.1)
    return []


async def test_diagnostic_fix_hover_and_command(client: LanguageClient):
    text = PATH.read_text(encoding="utf-8")
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(
        lsp.TextDocumentItem(uri=URI, language_id="javascript", version=1, text=text)))
    diags = await wait_for_symbol_diagnostics(client, URI)
    assert len(diags) == 1
    d = diags[0]
    assert d.range.start.line == 24 and d.severity == lsp.DiagnosticSeverity.Error
    assert d.message == "`Document` has no member `setFontSize`; did you mean `fontSize`?"

    actions = await client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(URI), d.range, lsp.CodeActionContext([d])))
    titles = [a.title for a in actions]
    assert "Rename to `fontSize`" in titles

    hover = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(URI), lsp.Position(line=26, character=21)))  # doc.addPage()
    assert hover is not None and "Document.addPage(options?: PageOptions): Page" in hover.contents.value

    res = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="check_symbols", arguments=[{"names": ["Table.addRows", "Block.addTable"], "turn_id": 7}]))
    assert [r["status"] for r in res["results"]] == ["unknown", "known"]
    assert res["results"][0]["suggestions"][0] == "Table.addRow"
