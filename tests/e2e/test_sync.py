"""The real server over stdio: encodings, a 200-edit incremental session with non-ASCII text, save,
diagnostics, shutdown. The client applies each edit to its own copy with an independent implementation
of the negotiated encoding, and the server's copy must equal it after every edit."""

from __future__ import annotations

import random

import pytest
from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.e2e.conftest import ENCODING_OF, make_client_fixture, position_of, units

client = make_client_fixture()

URI = "file:///tmp/footprint-e2e/sync.js"
START_TEXT = 'const greeting = "héllo 😀 wörld";\n// 中文注释 e\u0301\nlet box = 1;\n'
ALPHABET = ["a", "é", "😀", "中", "e\u0301", "\n", " ", ";", "𝒳", "\r\n", "\r", "x"]


async def server_text(client: LanguageClient, uri: str) -> dict:
    return await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="document_state", arguments=[{"uri": uri}]))


async def test_negotiated_encoding(client: LanguageClient):
    assert client.init_result.capabilities.position_encoding == ENCODING_OF[client.profile]
    assert client.init_result.capabilities.text_document_sync.change == lsp.TextDocumentSyncKind.Incremental


async def test_200_incremental_edits_keep_server_text_equal(client: LanguageClient):
    encoding = ENCODING_OF[client.profile]
    rng = random.Random(20261130)
    text = START_TEXT
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=URI, language_id="javascript", version=1, text=text)))
    for version in range(2, 202):
        # Pick code-point boundaries (never inside a surrogate pair or a UTF-8 sequence).
        a = rng.randrange(len(text) + 1)
        b = min(len(text), a + rng.choice([0, 0, 1, 2, 5]))
        # A position between the CR and LF of one line break does not exist in LSP.
        while 0 < a < len(text) and text[a - 1] == "\r" and text[a] == "\n":
            a -= 1
        while 0 < b < len(text) and text[b - 1] == "\r" and text[b] == "\n":
            b += 1
        new = "".join(rng.choice(ALPHABET) for _ in range(rng.choice([0, 1, 1, 2, 3])))
        start, end = position_of(text, a, encoding), position_of(text, b, encoding)
        text = text[:a] + new + text[b:]
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=[lsp.TextDocumentContentChangePartial(range=lsp.Range(start, end), text=new)]))
        if version % 20 == 0 or version < 12:
            state = await server_text(client, URI)
            assert state["version"] == version
            assert state["text"] == text, f"diverged after edit {version - 1}"
    state = await server_text(client, URI)
    assert state["text"] == text and state["version"] == 201


async def test_save_publishes_diagnostics_at_encoded_positions(client: LanguageClient):
    encoding = ENCODING_OF[client.profile]
    text = 'const s = "😀中é";\nconst t = "😀" +;\n'
    uri = "file:///tmp/footprint-e2e/diag.js"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text=text)))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri)))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    diags = list(client.diagnostics[uri])
    syntax = [d for d in diags if d.code == "syntax-error"]
    assert syntax, diags
    # tree-sitter flags the dangling `+` on line 2: its column is counted in the negotiated encoding.
    expected = units('const t = "😀" ', encoding)
    assert (syntax[0].range.start.line, syntax[0].range.start.character) == (1, expected)


async def test_fixing_the_error_clears_the_diagnostic(client: LanguageClient):
    uri = "file:///tmp/footprint-e2e/fix.js"
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text="let a = ;\n")))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri]] == ["syntax-error"]
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(0, 8), lsp.Position(0, 8)), text="1")]))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


async def test_bad_command_arguments_are_an_error_not_a_crash(client: LanguageClient):
    with pytest.raises(Exception, match="uri"):
        await client.workspace_execute_command_async(
            lsp.ExecuteCommandParams(command="document_state", arguments=[{"uri": 42}]))
    # Still alive and answering.
    assert await server_text(client, "file:///nowhere.js") is None
