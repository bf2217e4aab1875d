"""Checks never build a workspace index inside the server: a just-opened file gets its diagnostics
while a slow index is still building, and is re-checked when it is ready (tests/e2e/servers/).

The index builds only while the test holds its gate open, so every step waits on an event the server sends, never
on time: the tests pass the same on an idle and on a loaded machine."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.conftest import ENV, capabilities

SERVER = [sys.executable, os.path.join(os.path.dirname(__file__), "servers", "slow_index_server.py")]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER, server_env=ENV))
async def client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("ws")
    lsp_client.root = root

    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams):  # real clients accept dynamic registrations
        return None

    # Every publishDiagnostics, queued: wait_for_notification sees only those that arrive while it waits,
    # and a check's publish can come between two waits.
    lsp_client.published = asyncio.Queue()
    keep = lsp_client.protocol.fm.features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def queue_publish(params: lsp.PublishDiagnosticsParams):  # registered handlers are bound: params only
        keep(params)
        lsp_client.published.put_nowait(params)

    lsp_client.protocol.fm.features[lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = queue_publish
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=capabilities("visual-studio-code"), root_uri=root.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(uri=root.as_uri(), name="ws")]))
    yield
    await lsp_client.shutdown_session()


def index_gate(c: LanguageClient, open_: bool) -> None:
    """Let builds of the slow index finish (open), or hold them (closed; the server starts closed).
    Notifications are handled in order, so a gate closed before a save holds the rebuild that save causes."""
    c.protocol.notify("footprintTest/openIndexGate" if open_ else "footprintTest/closeIndexGate", None)


async def next_states(c: LanguageClient, uri: str) -> list[str]:
    while True:
        params = await asyncio.wait_for(c.published.get(), 60)
        if params.uri == uri:
            return sorted(d.message for d in params.diagnostics if d.code == "index-state")


READY = ["index ready", "index used directly"]


async def states_until_ready(c: LanguageClient, uri: str, allowed_meanwhile: list[list[str]]) -> list[list[str]]:
    """Every state published for `uri` until the index is used, each checked against `allowed_meanwhile`."""
    seen = []
    while (states := await next_states(c, uri)) != READY:
        assert states in allowed_meanwhile, states
        seen.append(states)
    return seen


def open_file(c: LanguageClient, path) -> str:
    uri = path.as_uri()
    c.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text=path.read_text())))
    return uri


async def test_open_file_is_checked_before_the_index_and_again_after(client: LanguageClient):
    path = client.root / "a.js"
    path.write_text("export const a = 1;\n", encoding="utf-8")
    uri = open_file(client, path)
    # Checked while the index cannot be built yet: the check did not wait for it, and the check that calls
    # workspace.service() directly was skipped, not failed.
    assert await next_states(client, uri) == ["index not ready"]
    index_gate(client, open_=True)
    await states_until_ready(client, uri, allowed_meanwhile=[["index not ready"]])
    assert not [m for m in client.log_messages if "failed" in m.message]
    # A save drops the index (its update() says "rebuild"): while it is rebuilt, the check that waits for
    # it keeps its previous finding instead of blinking out, and the document is re-checked afterwards.
    index_gate(client, open_=False)
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri)))
    # Re-checks of the ready state may still be on their way (the warm-up's and the open's); the save's
    # own check follows them.
    while (states := await next_states(client, uri)) == READY:
        pass
    assert states == ["index not ready", "index used directly"]
    index_gate(client, open_=True)
    await states_until_ready(client, uri, allowed_meanwhile=[["index not ready", "index used directly"]])
    assert not [m for m in client.log_messages if "failed" in m.message]


async def test_a_file_outside_the_roots_gets_its_workspace_indexed(client: LanguageClient, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "footprint.toml").write_text("")
    path = other / "b.js"
    path.write_text("export const b = 2;\n", encoding="utf-8")
    uri = open_file(client, path)
    # Its own workspace (not the root's) is warmed up because a check waits for it: not ready at first...
    assert await next_states(client, uri) == ["index not ready"]
    # ...and ready once builds may finish.
    index_gate(client, open_=True)
    await states_until_ready(client, uri, allowed_meanwhile=[["index not ready"]])
    assert not [m for m in client.log_messages if "failed" in m.message]
