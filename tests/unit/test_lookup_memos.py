"""What lookups keep between requests, and that a change to what they were computed from is seen at once: the
did-you-mean scores a candidate list remembers (`suggest.Candidates.ranked`), which the object model's indexes
hold."""

from __future__ import annotations

from lsp_server.knowledge import suggest as sg
from lsp_server.knowledge.check_symbols import check_symbols
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
