"""Leading-edge debounce, end to end: a lone keystroke is checked at once, a burst is coalesced.

The debounce is set to 2 s through initializationOptions ([limits] debounce_ms), so "checked at once" and
"waited for quiet" are told apart by a wide margin, not by a tight timing."""

from __future__ import annotations

import asyncio
import time

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.e2e.conftest import make_client_fixture

client = make_client_fixture(params=["visual-studio-code"], init_options={"limits": {"debounce_ms": 2000}})


SEEN: list[int] = []  # versions published, in order


async def diagnostics(c: LanguageClient, uri: str, version: int) -> float:
    while True:
        params = await asyncio.wait_for(c.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 20)
        if params.uri == uri:
            SEEN.append(params.version)
            if params.version == version:
                return time.monotonic()


def change(c: LanguageClient, uri: str, version: int, text: str) -> None:
    c.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[lsp.TextDocumentContentChangePartial(
            range=lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0)), text=text)]))


async def test_lone_keystroke_is_checked_at_once_and_a_burst_once(client: LanguageClient, tmp_path):
    uri = (tmp_path / "t.js").as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text="let a = 1;\n")))
    await diagnostics(client, uri, 1)
    await asyncio.sleep(2.1)  # a quiet spell longer than the debounce
    sent = time.monotonic()
    change(client, uri, 2, "(")  # a syntax error appears...
    arrived = await diagnostics(client, uri, 2)
    assert arrived - sent < 1.5, "a keystroke after a quiet spell must not wait for the 2 s debounce"
    assert any(d.code == "syntax-error" for d in client.diagnostics[uri])
    # A burst right after: the changes coalesce into one check of the last version.
    for version in range(3, 9):
        change(client, uri, version, "x")
    sent = time.monotonic()
    arrived = await diagnostics(client, uri, 8)
    assert arrived - sent > 1.0, "a burst must wait for quiet, then run once"
    assert not set(SEEN) & {3, 4, 5, 6, 7}, SEEN
    await asyncio.sleep(0.3)
    text = (await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="document_state", arguments=[{"uri": uri}])))["text"]
    assert text == "xxxxxx(let a = 1;\n"
