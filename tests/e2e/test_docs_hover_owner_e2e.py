"""The docs hover of a member through the real server over stdio: matched by the receiver's type first (the chunk
about `Table.addRow` on `table.addRow()`, never the one about another class's `addRow`), by the name alone only
when the receiver's type is unknown, and the hover says which it did; on a member the receiver's type lacks, no
doc chunk at all (the diagnostic and its hover speak of it)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types as lsp
from pytest_lsp import LanguageClient

from tests.conftest import SESSION_CONFIG_HOME, session_tempdir, trust_folder
from tests.e2e.conftest import ENCODING_OF, make_client_fixture, position_of

ROOT = Path(session_tempdir("footprint-docs-hover-owner-"))
FILES = {
    "footprint.toml": f'cache_dir = "{(ROOT / "cache").as_posix()}"\n[docs]\npaths = ["docs"]\n'
                      '[object_model]\nsources = [{ path = "engine/grid.d.ts", module = "gridkit" }]\n',
    "engine/grid.d.ts": """export declare class Row { readonly index: number; }
export declare class Table {
  static create(): Table;
  addRow(options?: object): Row;
}
export declare class Grid {
  static create(): Grid;
  addRow(cells: string[]): Row;
}
""",
    # Grid's chunk says `addRow` most: matched by the name alone, it is the one a search ranks first
    "docs/grid.md": "# Grid\n\n## Grid.addRow(cells)\n\naddRow appends a row of cells to the grid. Call addRow "
                    "again for the next row: addRow never merges rows.\n",
    "docs/table.md": "# Table\n\nA table of rows, made with `Table.create()`.\n\n## Table.addRow(options)\n\n"
                     "Appends one empty row to the table and returns it; fill it afterwards.\n",
}
for rel, text in FILES.items():
    (ROOT / rel).parent.mkdir(parents=True, exist_ok=True)
    (ROOT / rel).write_text(text, encoding="utf-8")
trust_folder(ROOT, SESSION_CONFIG_HOME)  # its own config names a cache_dir: trusted-only
APP = ROOT / "src" / "app.js"
APP_TEXT = """import { Table, Grid } from "gridkit";
const table = Table.create();
table.addRow({});
const grid = Grid.create();
grid.addRow(["a"]);
something.addRow();
table.addRows();
"""
APP.parent.mkdir(exist_ok=True)
APP.write_text(APP_TEXT, encoding="utf-8")

client = make_client_fixture(root_uri=ROOT.as_uri(), params=["visual-studio-code", "neovim"])


async def hover_on(client: LanguageClient, line: int) -> str | None:
    start = sum(len(text) + 1 for text in APP_TEXT.splitlines()[:line - 1])
    at = APP_TEXT.index("addRow", start) + 2
    found = await client.text_document_hover_async(lsp.HoverParams(
        lsp.TextDocumentIdentifier(APP.as_uri()), position_of(APP_TEXT, at, ENCODING_OF[client.profile])))
    return found.contents.value if found is not None else None


async def test_a_members_doc_is_its_receivers_types(client: LanguageClient):
    await client.workspace_execute_command_async(lsp.ExecuteCommandParams(
        command="lookup_docs", arguments=[{"query": "Grid"}]))  # the docs index is built (a hover never builds it)
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(lsp.TextDocumentItem(
        uri=APP.as_uri(), language_id="javascript", version=1, text=APP_TEXT)))

    async def object_model_ready():  # the `unknown-symbol` finding on line 7 comes once the model is built
        while not any(d.code == "unknown-symbol" for d in client.diagnostics.get(APP.as_uri(), [])):
            await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await asyncio.wait_for(object_model_ready(), 120)

    on_table = await hover_on(client, 3)
    assert on_table is not None and "Table.addRow(options)" in on_table and "Docs of `Table.addRow`" in on_table, on_table
    assert "Grid" not in on_table, on_table
    on_grid = await hover_on(client, 5)
    assert on_grid is not None and "Grid.addRow(cells)" in on_grid and "Docs of `Grid.addRow`" in on_grid, on_grid
    # a receiver nothing types: by the name alone, and said so
    unknown = await hover_on(client, 6)
    assert unknown is not None and "Matched by the name `addRow` only" in unknown, unknown
    # a member the receiver's type lacks: no doc chunk (`addRows` is no member of a Table)
    missing = await hover_on(client, 7)
    assert missing is None or "## " not in missing and ".md:" not in missing, missing
