"""Checks never build a workspace index inside the server: a just-opened file gets its diagnostics
while a slow index is still building, and is re-checked when it is ready (tests/e2e/servers/)."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

from tests.e2e.conftest import ENV, capabilities

SERVER = [sys.executable, os.path.join(os.path.dirname(__file__), "servers", "slow_index_server.py")]


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER, server_env={**ENV, "SLOW_INDEX_SECONDS": "2"}))
async def client(lsp_client: LanguageClient, tmp_path_factory):
    root = tmp_path_factory.mktemp("ws")
    lsp_client.root = root

    @lsp_client.feature(lsp.CLIENT_REGISTER_CAPABILITY)
    def register(params: lsp.RegistrationParams):  # real clients accept dynamic registrations
        return None

    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=capabilities("visual-studio-code"), root_uri=root.as_uri(),
        workspace_folders=[lsp.WorkspaceFolder(uri=root.as_uri(), name="ws")]))
    yield
    await lsp_client.shutdown_session()


async def next_states(c: LanguageClient, uri: str) -> list[str]:
    while True:
        params = await asyncio.wait_for(c.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 30)
        if params.uri == uri:
            return [d.message for d in params.diagnostics if d.code == "index-state"]


async def test_open_file_is_checked_before_the_index_and_again_after(client: LanguageClient):
    path = client.root / "a.js"
    path.write_text("export const a = 1;\n", encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text=path.read_text())))
    assert await next_states(client, uri) == ["index not ready"]  # did not wait for the 2 s build
    # Re-checked once it was built; the check that called workspace.service() was skipped, not failed.
    assert sorted(await next_states(client, uri)) == ["index ready", "index used directly"]
    assert not [m for m in client.log_messages if "failed" in m.message]
    # A save drops the index (its update() says "rebuild"): while it is rebuilt, the check that waits for
    # it keeps its previous finding instead of blinking out, and the document is re-checked afterwards.
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri)))
    states = sorted(await next_states(client, uri))
    assert states == ["index not ready", "index used directly"]
    while states != ["index ready", "index used directly"]:
        states = sorted(await next_states(client, uri))
        assert "index used directly" in states, states  # never blinks out meanwhile


async def test_a_file_outside_the_roots_gets_its_workspace_indexed(client: LanguageClient, tmp_path):
    other = tmp_path / "elsewhere"
    other.mkdir()
    (other / "footprint.toml").write_text("")
    path = other / "b.js"
    path.write_text("export const b = 2;\n", encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="javascript", version=1, text=path.read_text())))
    states = await next_states(client, uri)
    while states != ["index ready", "index used directly"]:
        states = sorted(await next_states(client, uri))
