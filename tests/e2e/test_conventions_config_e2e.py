"""Saving an open footprint.toml re-checks the open documents; the config file's own error diagnostics
must survive that (unparsed files without a check of their own are not re-published)."""

from __future__ import annotations

import asyncio
import atexit
import shutil
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import SESSION_CONFIG_HOME, session_tempdir, trust_folder
from tests.e2e.conftest import make_client_fixture

ROOT = Path(session_tempdir("footprint-e2e-config-"))
atexit.register(shutil.rmtree, ROOT, True)
CONFIG = 'cache_dir = ".fp-cache"\n[rules]\npaths = ["rules"]\nmax_per_fiel = 3\n'
(ROOT / "rules").mkdir()
(ROOT / "footprint.toml").write_text(CONFIG)
trust_folder(ROOT, SESSION_CONFIG_HOME)  # cache_dir is trusted-only; this test is about the config-error
client = make_client_fixture(root_uri=ROOT.as_uri(), params=["visual-studio-code"])


async def test_config_errors_survive_saving_the_open_config(client: LanguageClient):
    uri = (ROOT / "footprint.toml").as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=uri, language_id="toml", version=1, text=CONFIG)))
    for _ in range(100):
        if client.diagnostics.get(uri):
            break
        await asyncio.sleep(0.1)
    client.text_document_did_save(lsp.DidSaveTextDocumentParams(lsp.TextDocumentIdentifier(uri)))
    # Let the re-checks scheduled by the save run (slow machines: watch for a while); the config's own
    # diagnostics must never be replaced by an empty list.
    for _ in range(50):
        diags = list(client.diagnostics.get(uri, ()))
        assert [d.code for d in diags] == ["config-error"] and "max_per_fiel" in diags[0].message
        await asyncio.sleep(0.1)
    state = await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="document_state", arguments=[{"uri": uri}]))
    assert state["version"] == 1
