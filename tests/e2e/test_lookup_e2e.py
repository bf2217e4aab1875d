"""lookup_docs through the real server: concurrent identical requests run one search (coalescing, no mock:
the index's own search counter is reported in `debug`), loop-control notes, and the docs hover."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import EXAMPLES, SESSION_CONFIG_HOME, session_tempdir, trust_folder
from tests.e2e.conftest import ENCODING_OF, make_client_fixture

ROOT = Path(session_tempdir("footprint-lookup-e2e-"))
(ROOT / "footprint.toml").write_text(
    f'cache_dir = "{(ROOT / "cache").as_posix()}"\npacks = ["{(EXAMPLES / "layout-engine").as_posix()}"]\n',
    encoding="utf-8")
trust_folder(ROOT, SESSION_CONFIG_HOME)  # its own config names a cache_dir (and a generator): trusted-only
(ROOT / "src").mkdir()
APP = ROOT / "src" / "app.js"
APP_TEXT = 'const note = "héllo 😀";\nconst row = table.addRow();\n'
APP.write_text(APP_TEXT, encoding="utf-8")

client = make_client_fixture(root_uri=ROOT.as_uri(), params=["visual-studio-code", "neovim"])


async def lookup(client: LanguageClient, **args) -> dict:
    return await client.workspace_execute_command_async(
        lsp.ExecuteCommandParams(command="lookup_docs", arguments=[args]))


async def test_concurrent_identical_lookups_run_one_search(client: LanguageClient):
    # Fired at once, right after start-up, while the index is still being built in the background.
    # Four: the number of identical calls a turn answers before blocking them.
    results = await asyncio.gather(*[lookup(client, query="Table.addRow", turn_id="e2e") for _ in range(4)])
    statuses = sorted(r["debug"]["status"] for r in results)
    print("statuses:", statuses)
    assert statuses.count("live") == 1 and set(statuses) <= {"live", "coalesced", "cached"}
    assert max(r["debug"]["searches"] for r in results) == 1  # the index ran exactly one search
    assert all(r["debug"]["live_runs"] == 1 for r in results)
    assert all(r["results"] == results[0]["results"] for r in results)
    top = results[0]["results"][0]
    assert top["heading"].endswith("Table.addRow(options) → Row") and top["uri"].startswith("file://")
    # Identical calls keep being free until the fifth... then they are blocked, with the gist.
    more = [await lookup(client, query="Table.addRow", turn_id="e2e") for _ in range(2)]
    assert [m["debug"]["status"] for m in more] == ["blocked", "blocked"]
    assert "Earlier answer" in more[0]["note"] and more[0]["debug"]["searches"] == 1


async def test_no_match_and_bad_arguments(client: LanguageClient):
    out = await lookup(client, query="Table.addRows")
    assert out["results"] == [] and "did you mean: addRow" in out["note"]
    try:
        await lookup(client, query=42)
    except Exception as exc:  # noqa: BLE001 - the JSON-RPC error reaches the client
        assert "must be a string" in str(exc)
    else:
        raise AssertionError("a bad argument must be an error")
    queries = await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="search_queries", arguments=[{"question": "how do I add many rows to a table?"}]))
    assert len(queries["queries"]) == 3


async def test_hover_shows_the_doc_chunk(client: LanguageClient):
    await lookup(client, query="Document")  # the index is built (hover never builds it)
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=APP.as_uri(), language_id="javascript", version=1, text=APP_TEXT)))
    line = APP_TEXT.splitlines()[1]
    index = line.index("addRow") + 2
    character = len(line[:index].encode("utf-8" if ENCODING_OF[client.profile] == "utf-8" else "utf-16-le"))
    character //= 1 if ENCODING_OF[client.profile] == "utf-8" else 2
    hover = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(APP.as_uri()), lsp.Position(1, character)))
    assert hover is not None and "Table.addRow(options)" in hover.contents.value
    assert hover.range.start == lsp.Position(1, line.index("addRow"))
    nothing = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(APP.as_uri()), lsp.Position(0, 7)))  # `note`: a local name
    assert nothing is None
