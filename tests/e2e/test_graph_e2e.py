"""The import graph through the real server: diagnostics on import statements as a file opens and as the
buffer changes, and textDocument/references on an exported binding listing importing sites across files."""

from __future__ import annotations

import asyncio

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import EXAMPLES
from tests.e2e.conftest import make_client_fixture

APP = EXAMPLES / "layout-app"
client = make_client_fixture(root_uri=APP.as_uri(), params=["visual-studio-code", "neovim"])


def uri(rel: str) -> str:
    return (APP / rel).as_uri()


async def open_file(client: LanguageClient, rel: str, text: str | None = None) -> None:
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri(rel), language_id="javascript", version=1, text=text if text is not None else (APP / rel).read_text())))


async def wait_for_codes(client: LanguageClient, rel: str, predicate, timeout: float = 30.0):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        diags = list(client.diagnostics.get(uri(rel), ()))
        if predicate(diags):
            return diags
        await asyncio.sleep(0.05)
    raise AssertionError(f"diagnostics of {rel} never matched: {client.diagnostics.get(uri(rel))}")


async def test_diagnostics_on_open_and_as_the_buffer_changes(client: LanguageClient):
    await open_file(client, "src/services/InvoiceService.js")
    diags = await wait_for_codes(client, "src/services/InvoiceService.js",
                                 lambda ds: any(d.code == "unresolved-import" for d in ds))
    [unresolved] = [d for d in diags if d.code == "unresolved-import"]
    assert unresolved.range.start == lsp.Position(line=4, character=24)
    # Fix the import in the buffer (unsaved): the finding goes away; break a name: unknown-export appears.
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri("src/services/InvoiceService.js"), version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(4, 0), lsp.Position(4, 44)),
            text='import { formatMony } from "../util/format.js";')]))
    diags = await wait_for_codes(client, "src/services/InvoiceService.js",
                                 lambda ds: any(d.code == "unknown-export" for d in ds))
    assert not any(d.code == "unresolved-import" for d in diags)
    [unknown] = [d for d in diags if d.code == "unknown-export"]
    assert unknown.range == lsp.Range(lsp.Position(4, 9), lsp.Position(4, 19))
    assert "did you mean 'formatMoney'" in unknown.message


async def test_references_on_an_exported_function_list_importers(client: LanguageClient):
    await open_file(client, "src/util/format.js")
    # `export function formatMoney(` on line 2 (0-based), cursor inside the name.
    result = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(uri("src/util/format.js")), position=lsp.Position(2, 20),
        context=lsp.ReferenceContext(include_declaration=False)))
    got = sorted((loc.uri.rsplit("/src/", 1)[1], loc.range.start.line, loc.range.start.character)
                 for loc in result or [])
    assert got == [("layout/tables.js", 1, 9), ("services/ReportService.js", 4, 9)]


async def test_references_follow_a_barrel(client: LanguageClient):
    await open_file(client, "src/layout/header.js")
    result = await client.text_document_references_async(lsp.ReferenceParams(
        text_document=lsp.TextDocumentIdentifier(uri("src/layout/header.js")), position=lsp.Position(6, 17),
        context=lsp.ReferenceContext(include_declaration=False)))
    got = sorted((loc.uri.rsplit("/src/", 1)[1], loc.range.start.line) for loc in result or [])
    assert got == [("layout/index.js", 1), ("services/ReportService.js", 3)]


async def test_dependency_graph_command(client: LanguageClient):
    data = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="dependency_graph", arguments=[{"path": "src/layout"}]))
    assert data["cycles"] == [["footer.js", "header.js"]]
    assert {"from": "index.js", "to": "header.js", "kind": "reexport", "names": ["addChrome", "addHeader"]} in data["edges"]
    dot = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="dependency_graph", arguments=[{"format": "dot"}]))
    assert dot.startswith("digraph imports {") and '"src/layout/footer.js" -> "src/layout/header.js"' in dot
