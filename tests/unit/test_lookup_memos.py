"""What lookups keep between requests, and that a change to what they were computed from is seen at once: the
did-you-mean scores a candidate list remembers (`suggest.Candidates.ranked`), which the object model's indexes
hold, and the doc chunks a hover remembers (`DocsIndex.remembered`) until the docs change."""

from __future__ import annotations

from pathlib import Path

from lsp_server.document import ParsedDocument, path_to_uri
from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.check_symbols import check_symbols
from lsp_server.knowledge.docs_index import DocsIndex
from lsp_server.knowledge.lookup import docs_hover
from lsp_server.providers import RequestContext
from lsp_server.workspace import Workspace
from tests.conftest import trust_folder
from tests.support.symbols_helpers import make_workspace

ENGINE = "export declare class Table {\n  addRow(): void;\n  getCell(row: number): string;\n}\n"
CONFIG = '[object_model]\nsources = [{ path = "engine.d.ts", module = "engine" }]\n'


def test_a_remembered_ranking_is_the_ranking_and_belongs_to_its_candidates():
    cands = sg.Candidates(["addRow", "getCell", "setCell", "removeRow"])
    first = sg.rank("addRowz", cands, "call-args")
    assert first and first[0][0] == "addRow"
    assert cands.ranked  # kept
    assert sg.rank("addRowz", cands, "call-args") == first  # the same answer from what was kept
    # a tie-break given later still applies to the kept scores
    assert sg.rank("getcel", cands, prefer=lambda n: n == "setCell") == \
        sg.rank("getcel", sg.Candidates(cands.names), prefer=lambda n: n == "setCell")
    # another list of names is ranked on its own names
    assert [n for n, _ in sg.rank("addRowz", sg.Candidates(["insertRow", "getCell"]), "call-args")] != \
        [n for n, _ in first]


def test_did_you_mean_follows_a_change_of_the_object_model(tmp_path):
    ws = make_workspace(tmp_path, {"engine.d.ts": ENGINE}, CONFIG)
    [before] = check_symbols(ws, ["Table.addRowz"], docs=False)
    assert before.status == "unknown" and before.suggestions[:1] == ("Table.addRow",)
    (tmp_path / "engine.d.ts").write_text(ENGINE.replace("addRow()", "appendRow()"), encoding="utf-8")
    ws.files_changed([tmp_path / "engine.d.ts"])
    [after] = check_symbols(ws, ["Table.addRowz"], docs=False)
    assert after.status == "unknown" and "Table.addRow" not in after.suggestions
    assert check_symbols(ws, ["Table.appendRow"], docs=False)[0].status == "known"


DOCS = {"table.md": "# Table\n\n## Table.addRow(options)\n\nAppend a row.\n\n## Table.getCell(row, column)\n\n"
                    "Get a cell by position.\n"}


def docs_workspace(tmp_path: Path) -> Workspace:
    for name, text in DOCS.items():
        (tmp_path / "docs").mkdir(exist_ok=True)
        (tmp_path / "docs" / name).write_text(text, encoding="utf-8")
    (tmp_path / "footprint.toml").write_text('cache_dir = ".cache-idx"\n[docs]\npaths = ["docs"]\n', encoding="utf-8")
    trust_folder(tmp_path)  # cache_dir is a trusted-only key
    return Workspace(tmp_path)


def hover(ws: Workspace, source: str, needle: str):
    doc = ParsedDocument.create(path_to_uri(ws.root / "src" / "app.js"), source)
    return docs_hover(doc, source.encode().index(needle.encode()), RequestContext(ws))


def test_a_hover_remembers_its_doc_chunk_until_the_docs_change(tmp_path):
    ws = docs_workspace(tmp_path)
    index = ws.service(DocsIndex)
    source = "const r = t.addRow();\n"
    first = hover(ws, source, "addRow")
    assert first is not None and "Append a row." in first.markdown
    searches = index.searches
    again = hover(ws, source, "addRow")
    assert again == first and index.searches == searches  # the same name again: no search
    table = tmp_path / "docs" / "table.md"
    table.write_text(DOCS["table.md"].replace("Append a row.", "Append one row at the end."), encoding="utf-8")
    ws.files_changed([table])
    changed = hover(ws, source, "addRow")
    assert changed is not None and "Append one row at the end." in changed.markdown
    assert "Append a row." not in changed.markdown
